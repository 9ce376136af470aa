/**
 * Page text is words, links and facts, never code: a script, an embedded site, a stylesheet, a style or event
 * attribute, a `javascript:` link or a `{…}` expression. The page's security policy would refuse most of them on
 * the live site while `astro dev` shows them working, and a script that slipped through would run for every
 * visitor. What page text may hold is a list (allow-list.ts): Markdown, facts, and a few tags of its own set;
 * anything else is refused with one sentence per problem, for the build (src/content/code-checks.ts) and the
 * editor alike.
 */
import { isAllowedAddress, writtenElements } from './allow-list.ts';
import { nodesOf, type TreeNode, type TextProblem } from './tree.ts';
import { headingSkipsIn } from './headings.ts';

/** Elements that run code, embed another document or restyle the page: each has its own sentence. */
const codeElements = new Set(['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'style', 'link', 'meta', 'base']);

/** The only expressions a writer uses: a fact, `{{name}}` (MDX reads it as `{name}`), and a comment `{/* … *\/}`. */
const fact = /^\s*\{\s*[A-Za-z][A-Za-z0-9]*\s*\}\s*$/;
const comment = /^\s*(?:\/\*(?:(?!\*\/)[\s\S])*\*\/\s*)+$/;

/** A URL a browser would run or open as a document of its own (tabs and line breaks inside the scheme are ignored, as browsers do). */
export const runsCode = (url: string) => /^(javascript|vbscript|data):/i.test(url.replace(/[\u0000-\u0020]/g, ''));

export const noCode = 'pages cannot run code or embed other sites; remove it (for a video or map, ask a developer to add a section type)';
export const noStyle = "page text cannot carry its own styles (the live site's security policy refuses them, though npm run dev shows them); remove it";
/** A pasted video: the "Video" section type shows it without loading the other site before the visitor asks. */
export const noFrame = 'pages cannot embed other sites; for a YouTube or Vimeo video add a "Video" section (docs/CONTENT.md §11)';
export const linkForms = 'a link leads to a page (/services/security), a site (https://…), an e-mail address (mailto:…) or a phone number (tel:…)';

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** What an element named `tag` cannot do in page text, or undefined for an element that may stay. */
export function codeElementMessage(tag: string): string | undefined {
  const name = tag.toLowerCase();
  if (!codeElements.has(name)) return undefined;
  const why = name === 'style' ? noStyle : ['iframe', 'frame', 'object', 'embed'].includes(name) ? noFrame : noCode;
  return `the page text contains ${article(tag)} <${tag}> element: ${why}`;
}

/** Tags writers paste from Word or web pages, and their Markdown. */
const markdownFor: Record<string, string> = {
  b: '**bold**',
  i: '*italic*',
  u: '*italic* or **bold** (underlined text reads as a link)',
  s: '~~struck through~~',
  strike: '~~struck through~~',
  h1: '"## " before a heading (the page title is the only main heading)',
  img: '![what it shows](../uploads/<name>)',
  table: 'a Markdown table (| a | b | lines)',
};

/** The sentence for an element that is not on the list; `tag` as written (null: a fragment, <>…</>). */
export function unlistedElementMessage(tag: string | null): string {
  if (!tag) return 'the page text contains an empty tag <>…</>, which page text cannot use: remove the <> and </> around the text';
  const name = tag.toLowerCase();
  const known = codeElementMessage(tag);
  if (known) return known;
  if (/^[A-Z]/.test(tag) || /[.:]/.test(tag)) {
    return `the page text contains a component <${tag}>, which page text cannot use: write the text in Markdown; for cards, a video or a call to action add a section instead (docs/CONTENT.md §11)`;
  }
  if (['svg', 'math'].includes(name) || svgOnly.has(name)) {
    return `the page text contains ${article(tag)} <${tag}> drawing: pictures in page text are images: save it as a png, jpg or webp file, upload it in the editor's Media and write ![what it shows](../uploads/<name>)`;
  }
  if (['form', 'input', 'button', 'select', 'textarea', 'option', 'label', 'fieldset', 'output', 'datalist', 'keygen'].includes(name)) {
    return `the page text contains ${article(tag)} <${tag}> (part of a form): page text cannot ask visitors for anything; link to the contact page instead, [contact us](/contact)`;
  }
  const instead = markdownFor[name];
  return `the page text contains an HTML <${tag}> element, which page text cannot use: ${instead ? `write ${instead} instead` : 'write the text in Markdown instead (a blank line between paragraphs, "## " before a heading, "- " before a list item, **bold**)'}; remove the <${tag}> tag`;
}

/** Elements that exist only inside a drawing: none of them belongs in page text. */
const svgOnly = new Set([
  'animate',
  'animatemotion',
  'animatetransform',
  'set',
  'use',
  'foreignobject',
  'path',
  'g',
  'symbol',
  'defs',
  'mi',
  'mo',
  'mn',
  'maction',
  'semantics',
  'annotation-xml',
]);

/** The sentence for an attribute not on the list; on an element not on the list itself, only for one that runs code or styles (removing the tag removes the rest). */
const attributeMessage = (tag: string, name: string, value: unknown): string | undefined => {
  if (/^on/i.test(name) || /^(set|is|client|server|define):/.test(name)) {
    // Event handlers, and Astro's directives (set:html writes raw HTML).
    return `the page text gives <${tag}> ${article(name)} ${name}="…" attribute: pages cannot run code; remove the attribute`;
  }
  if (name.toLowerCase() === 'style') return `the page text gives <${tag}> a style="…" attribute: ${noStyle.replace('remove it', 'remove the attribute')}`;
  if (name.toLowerCase() === 'srcdoc') return `the page text gives <${tag}> a srcdoc="…" attribute: ${noCode}`;
  if (['formaction', 'action'].includes(name.toLowerCase()))
    return `the page text gives <${tag}> ${article(name)} ${name}="…" attribute: page text cannot send anything anywhere; remove the attribute`;
  if (typeof value === 'string' && runsCode(value))
    return `the page text gives <${tag}> ${name}="${value}", which runs code: ${linkForms}; change or remove it`;
  if (!Object.hasOwn(writtenElements, tag) && tag !== 'img') return undefined;
  const allowed = Object.hasOwn(writtenElements, tag) ? writtenElements[tag]! : [];
  const keep = allowed.length > 0 ? `(<${tag}> takes only ${allowed.map((a) => `${a}="…"`).join(' and ')})` : `(<${tag}> takes none)`;
  return `the page text gives <${tag}> ${article(name)} ${name}="…" attribute, which page text cannot carry: remove the attribute ${keep}`;
};

function elementProblem(node: TreeNode): string[] {
  const tag = node.name ?? null;
  const problems: string[] = [];
  // An <img> has its own sentence (src/content/markdown-images.ts and images.ts).
  const listed = tag !== null && Object.hasOwn(writtenElements, tag);
  if (!listed && tag !== 'img') problems.push(unlistedElementMessage(tag));
  const attributes = tag === 'img' ? ['src', 'alt', 'title'] : listed ? writtenElements[tag]! : [];
  for (const attribute of node.attributes ?? []) {
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      problems.push(`the page text gives <${tag ?? ''}> attributes in curly braces ({${String(attribute.value)}}): pages cannot run code; remove them`);
      continue;
    }
    const name = attribute.name ?? '';
    if (typeof attribute.value === 'object' && attribute.value !== null) {
      problems.push(`the page text gives <${tag ?? ''}> a ${name}={…} value in curly braces: pages cannot run code; write the value in quotes or remove it`);
    } else if (!attributes.includes(name)) {
      const message = attributeMessage(tag ?? '', name, attribute.value);
      if (message) problems.push(message);
    } else if (!isAllowedAddress(attribute.value ?? '') && (name === 'href' || runsCode(String(attribute.value ?? '')))) {
      problems.push(
        `the page text gives <${tag}> ${name}="${String(attribute.value)}", which ${runsCode(String(attribute.value)) ? 'runs code' : 'is not a link'}: ${linkForms}; change or remove it`,
      );
    }
  }
  return problems;
}

/** The sentence for a link or image address page text cannot hold, or undefined. */
function addressProblem(url: string): string | undefined {
  if (isAllowedAddress(url)) return undefined;
  return runsCode(url)
    ? `the link "${url}" runs code: ${linkForms}; change or remove it`
    : `the link "${url}" is not a link this site can follow: ${linkForms}; change or remove it`;
}

/** Markdown's own node types page text may hold (MDX's are handled one by one below). */
const markdownNodes = new Set([
  'root',
  'yaml',
  'toml',
  'paragraph',
  'text',
  'emphasis',
  'strong',
  'delete',
  'inlineCode',
  'code',
  'blockquote',
  'list',
  'listItem',
  'thematicBreak',
  'break',
  'link',
  'linkReference',
  'definition',
  'image',
  'imageReference',
  'table',
  'tableRow',
  'tableCell',
  'footnoteReference',
  'footnoteDefinition',
]);

function nodeProblems(node: TreeNode): string[] {
  switch (node.type) {
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      return elementProblem(node);
    case 'mdxFlowExpression':
    case 'mdxTextExpression': {
      const code = String(node.value ?? '');
      if (fact.test(code) || comment.test(code)) return [];
      return [
        `the page text contains code in curly braces ({${code.trim()}}): pages cannot run code; for a fact write {{name}} (docs/CONTENT.md lists them), for a curly brace itself write \\{`,
      ];
    }
    case 'mdxjsEsm':
      return [`the page text contains an import or export line ("${String(node.value).split('\n')[0]}"): pages cannot run code; remove the line`];
    case 'link':
    case 'definition':
    case 'image': {
      const problem = addressProblem(node.url ?? '');
      return problem ? [problem] : [];
    }
    case 'heading':
      return node.depth === 1 ? ['the page text has a main heading ("# "): the page title is its only main heading; start the heading with "## " instead'] : [];
    case 'listItem':
      return typeof node.checked === 'boolean'
        ? [
            'the page text has a list item with a tick box ("- [ ]" or "- [x]"), which visitors cannot tick: write the item without [ ] or [x], or use a checklist section (docs/CONTENT.md §11)',
          ]
        : [];
    case 'table':
      return (node.align ?? []).some(Boolean)
        ? [
            'the page text aligns a table\'s column (":---" or "---:" under its header), which needs a style the site\'s security policy refuses: write the line under the header with hyphens only (| --- | --- |)',
          ]
        : [];
    default:
      return markdownNodes.has(node.type)
        ? []
        : [
            `the page text contains something page text cannot show (${node.type}): write it in Markdown instead (paragraphs, "## " headings, "- " lists, [links](/contact), **bold**)`,
          ];
  }
}

/**
 * Each piece of code, and anything else not on the list, in the tree, with its position; and each heading that
 * skips a level (headings.ts), which the build and the editor check in the same pass.
 */
export function codeProblemsIn(tree: TreeNode, headingAbove: 1 | 2 = 2): TextProblem[] {
  const problems = [...nodesOf(tree)].flatMap(({ node, at }) => nodeProblems(node).map((message) => ({ ...at, message })));
  return [...problems, ...headingSkipsIn(tree, headingAbove)].sort((a, b) => a.line - b.line || a.column - b.column);
}
