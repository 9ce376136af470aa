/**
 * Frontmatter within bounds, checked before any YAML parser builds its values: no anchors (`&name`), aliases
 * (`*name`), merge keys (`<<`) or tags (`!name`, `!!python/…`), and at most `frontmatterByteLimit` bytes. Ten levels
 * of aliases in 470 bytes expand to ten billion values: js-yaml (Astro's frontmatter parser up to 7.3) ran the build
 * out of memory after 100 s without naming the file, and the `yaml` package (from 7.4) stops only at its own alias
 * limit, with no fix a writer can act on. Writers never need any of these, so a file that has one is refused with its line.
 *
 * Read with the `yaml` package's parser (a concrete syntax tree: tokens with their offsets, no values built), so an
 * `&` or `*` inside text ('R&D', Q&A, '*') is text, as YAML reads it. Shared by the build (src/content/content-loader.ts)
 * and the editor (yaml-problems.ts → src/cms/editor/frontmatter-format.ts); it runs in the browser too, so it imports
 * nothing from Node.
 */
import { LineCounter, Parser } from 'yaml';

/** 64 KB: the largest shipped frontmatter is about 9 KB; longer text belongs in the page text below it. */
export const frontmatterByteLimit = 64 * 1024;

export interface BoundsProblem {
  /** 1-based, in the whole file. */
  line: number;
  column: number;
  /** The sentence for the writer, without the file name. */
  text: string;
}

const never = 'page files never need it';

type Kind = 'anchor' | 'alias' | 'merge' | 'tag';

/** The sentence for the first construct of each kind, and a shorter one for the next ones. */
const explain: Record<Kind, { first: (token: string) => string; again: (token: string) => string }> = {
  anchor: {
    first: (token) =>
      `"${token}" marks a value to be repeated elsewhere in the file (a YAML anchor), and ${never}: delete it and write each value out in full where it is used. If "${token}…" is text, put the whole text in quotes, e.g. title: '${token} more'.`,
    again: (token) => `"${token}" is another YAML anchor: delete it too.`,
  },
  alias: {
    first: (token) =>
      `"${token}" repeats a value written elsewhere in the file (a YAML alias), and ${never}: write the value out in full here instead. If "${token}…" is text, put the whole text in quotes, e.g. note: '${token} more'.`,
    again: (token) => `"${token}" is another YAML alias: write the value out in full here too.`,
  },
  merge: {
    first: () =>
      `"<<" merges another group of fields into this one (a YAML merge key), and ${never}: delete the "<<" line and write the fields out in full. If "<<" is text, put it in quotes.`,
    again: () => `another "<<" (a YAML merge key): write its fields out in full too.`,
  },
  tag: {
    first: (token) =>
      `"${token}" gives the value a type of its own (a YAML tag), and ${never}: delete "${token}" and write the value itself (text in quotes). If "${token}…" is text, put the whole text in quotes.`,
    again: (token) => `"${token}" is another YAML tag: delete it too.`,
  },
};

/** The YAML between the opening and closing `---` and the line of the opening one, or undefined for a file without frontmatter. */
export function frontmatterYaml(source: string): { yaml: string; fenceLine: number } | undefined {
  // Astro's own pattern (@astrojs/internal-helpers/frontmatter): the YAML starts right after the opening ---.
  const match = /(?:^\uFEFF?|^\s*\n)---([\s\S]*?\n)---/.exec(source);
  if (!match) return undefined;
  // The line of the opening --- (blank lines may come before it), where the YAML starts.
  const fence = source.slice(0, match.index + match[0].indexOf('---')).split('\n').length;
  return { yaml: match[1]!, fenceLine: fence };
}

/**
 * What keeps this file's frontmatter out of bounds: its size, or each construct writers never need (the first on each
 * line, in the file's order, the first of each kind explained in full); empty when it is within bounds. `source` is the whole file.
 */
export function frontmatterBounds(source: string): BoundsProblem[] {
  const frontmatter = frontmatterYaml(source);
  if (!frontmatter) return [];
  const { yaml, fenceLine } = frontmatter;
  const bytes = new TextEncoder().encode(yaml).length;
  if (bytes > frontmatterByteLimit) {
    const size = (n: number) => `${n.toLocaleString('en-GB')} bytes`;
    return [
      {
        line: fenceLine,
        column: 1,
        text: `the frontmatter (between the --- lines) is ${size(bytes)}, more than the ${size(frontmatterByteLimit)} (64 KB) a page may have: move long text into the page text below the frontmatter, or split the page into two.`,
      },
    ];
  }
  const lines = new LineCounter();
  const found: Array<{ offset: number; kind: Kind; token: string }> = [];
  // The syntax tree's nodes, visited without recursion: a frontmatter nested thousands of levels deep is walked too.
  const pending: unknown[] = [...new Parser(lines.addNewLine).parse(yaml)];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    const token = node as { type?: string; offset?: number; source?: string; key?: { type?: string; source?: string; offset?: number } };
    if (token.key?.type === 'scalar' && token.key.source === '<<') found.push({ offset: token.key.offset ?? 0, kind: 'merge', token: '<<' });
    if (token.type === 'anchor' || token.type === 'alias' || token.type === 'tag') {
      found.push({ offset: token.offset ?? 0, kind: token.type, token: token.source ?? '' });
    }
    for (const child of Object.values(node)) pending.push(child);
  }
  const problems: BoundsProblem[] = [];
  const explained = new Set<Kind>();
  for (const { offset, kind, token } of found.sort((a, b) => a.offset - b.offset)) {
    const { line, col } = lines.linePos(offset);
    // The YAML's first line is the rest of the opening --- line.
    const at = { line: fenceLine + line - 1, column: col };
    if (problems.at(-1)?.line === at.line) continue;
    problems.push({ ...at, text: explained.has(kind) ? explain[kind].again(token) : explain[kind].first(token) });
    explained.add(kind);
  }
  return problems;
}
