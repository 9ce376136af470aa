/**
 * Keeps only the CSS rules a page can use. A style rule stays when every class its selector names is
 * used by the page (or by a script that may render it later); rules without class selectors (base
 * styles, :root tokens), @property, @keyframes and @font-face always stay. Works on minified CSS.
 */

interface Block {
  /** Selector or at-rule prelude; '' for a declaration-only fragment. */
  prelude: string;
  /** Declarations (for a style rule) or nested blocks (for @media, @layer, @supports). */
  body: string | Block[];
}

const NESTING_AT_RULES = /^@(media|layer|supports|container|scope|starting-style)\b/;

/** Splits CSS into top-level blocks, honouring strings and comments. */
export function parseBlocks(css: string): Block[] {
  const blocks: Block[] = [];
  let index = 0;
  const length = css.length;
  while (index < length) {
    let prelude = '';
    let char = '';
    // Read up to '{' or ';' (a statement at-rule such as @layer a,b; or @import).
    while (index < length) {
      char = css[index]!;
      if (char === '/' && css[index + 1] === '*') {
        const end = css.indexOf('*/', index + 2);
        index = end === -1 ? length : end + 2;
        continue;
      }
      if (char === '"' || char === "'") {
        const end = skipString(css, index);
        prelude += css.slice(index, end);
        index = end;
        continue;
      }
      if (char === '{' || char === ';') break;
      prelude += char;
      index += 1;
    }
    prelude = prelude.trim();
    if (index >= length) break;
    if (char === ';') {
      if (prelude) blocks.push({ prelude: `${prelude};`, body: '' });
      index += 1;
      continue;
    }
    const end = matchingBrace(css, index);
    const inner = css.slice(index + 1, end);
    blocks.push({ prelude, body: NESTING_AT_RULES.test(prelude) && inner.includes('{') ? parseBlocks(inner) : inner });
    index = end + 1;
  }
  return blocks;
}

function skipString(css: string, start: number): number {
  const quote = css[start];
  let index = start + 1;
  while (index < css.length && css[index] !== quote) index += css[index] === '\\' ? 2 : 1;
  return index + 1;
}

function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let index = open; index < css.length; index += 1) {
    const char = css[index];
    if (char === '"' || char === "'") {
      index = skipString(css, index) - 1;
    } else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return css.length - 1;
}

function unescapeCss(name: string): string {
  return name.replace(/\\([0-9a-fA-F]{1,6}\s?|.)/g, (_, escaped: string) =>
    /^[0-9a-fA-F]{1,6}\s?$/.test(escaped) ? String.fromCodePoint(parseInt(escaped.trim(), 16)) : escaped,
  );
}

/** Class names a selector requires, unescaped (`.md\:flex` → `md:flex`). */
export function selectorClasses(selector: string): string[] {
  return [...selector.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-])+)/g)].map((match) => unescapeCss(match[1]!));
}

/** Splits a selector list on top-level commas (not those inside :is(), :where(), :not()). */
function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < list.length; index += 1) {
    const char = list[index];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/** Element names a selector requires (`.prose-body h2` → h2), ignoring pseudo-classes and attributes. */
export function selectorTags(selector: string): string[] {
  const bare = selector.replace(/\[[^\]]*\]/g, '').replace(/\\./g, '');
  return [...bare.matchAll(/(?:^|[\s>+~(,])([a-z][a-z0-9-]*)/g)].map((match) => match[1]!);
}

export interface PageUsage {
  isClassUsed(className: string): boolean;
  isTagUsed(tag: string): boolean;
}

function pruneBlocks(blocks: Block[], usage: PageUsage): string {
  let out = '';
  for (const block of blocks) {
    if (typeof block.body !== 'string') {
      const inner = pruneBlocks(block.body, usage);
      if (inner) out += `${block.prelude}{${inner}}`;
      continue;
    }
    if (block.prelude.startsWith('@')) {
      out += block.body === '' && block.prelude.endsWith(';') ? block.prelude : `${block.prelude}{${block.body}}`;
      continue;
    }
    const kept = splitSelectors(block.prelude).filter(
      (selector) => selectorClasses(selector).every(usage.isClassUsed) && selectorTags(selector).every(usage.isTagUsed),
    );
    if (kept.length > 0) out += `${kept.join(',')}{${block.body}}`;
  }
  return out;
}

/** Custom properties the CSS reads with var(), following variables that read other variables. */
function referencedVariables(css: string): Set<string> {
  return new Set([...css.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1]!));
}

/** Drops custom property declarations and @property rules for variables nothing reads. */
function dropUnusedVariables(css: string): string {
  let current = css;
  for (;;) {
    const read = referencedVariables(current);
    const next = current
      .replace(/@property (--[\w-]+)\{[^}]*\}/g, (rule, name: string) => (read.has(name) ? rule : ''))
      .replace(/([{;])(--[\w-]+):([^;{}]*)(?=[;}])/g, (declaration, before: string, name: string) => (read.has(name) ? declaration : before))
      .replace(/\{;+/g, '{')
      .replace(/;+\}/g, '}')
      .replace(/[^{};]+\{\}/g, '');
    if (next === current) return next;
    current = next;
  }
}

export function pruneCss(css: string, usage: PageUsage): string {
  return dropUnusedVariables(pruneBlocks(parseBlocks(css), usage));
}

/** Every element name in a page's markup. */
export function htmlTags(html: string): Set<string> {
  return new Set([...html.matchAll(/<([a-z][a-z0-9-]*)/g)].map((match) => match[1]!));
}

/** Every class token in a page's class attributes. */
export function htmlClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) for (const token of match[1]!.split(/\s+/)) if (token) classes.add(token.replaceAll('&amp;', '&'));
  return classes;
}
