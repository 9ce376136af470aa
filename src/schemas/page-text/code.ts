/**
 * Page text is words, links and facts, never code: a script, an embedded site, a stylesheet, a style or event
 * attribute, a `javascript:` link or a `{…}` expression. The page's security policy would refuse most of them on
 * the live site while `astro dev` shows them working, and a script that slipped through would run for every
 * visitor. One sentence per problem, for the build (src/content/code-checks.ts) and the editor alike.
 */
import { nodesOf, type TreeNode, type TextProblem } from './tree.ts';

/** Elements that run code, embed another document or restyle the page. */
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

function elementProblem(node: TreeNode): string[] {
  const tag = node.name ?? '';
  const problems: string[] = [];
  const element = codeElementMessage(tag);
  if (element) problems.push(element);
  for (const attribute of node.attributes ?? []) {
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      problems.push(`the page text gives <${tag}> attributes in curly braces ({${String(attribute.value)}}): pages cannot run code; remove them`);
      continue;
    }
    const name = attribute.name ?? '';
    if (typeof attribute.value === 'object' && attribute.value !== null) {
      problems.push(`the page text gives <${tag}> a ${name}={…} value in curly braces: pages cannot run code; write the value in quotes or remove it`);
    } else if (/^on/i.test(name) || /^(set|is|client|server|define):/.test(name)) {
      // Event handlers, and Astro's directives (set:html writes raw HTML).
      problems.push(`the page text gives <${tag}> ${article(name)} ${name}="…" attribute: pages cannot run code; remove the attribute`);
    } else if (name.toLowerCase() === 'style') {
      problems.push(`the page text gives <${tag}> a style="…" attribute: ${noStyle.replace('remove it', 'remove the attribute')}`);
    } else if (name.toLowerCase() === 'srcdoc') {
      problems.push(`the page text gives <${tag}> a srcdoc="…" attribute: ${noCode}`);
    } else if (typeof attribute.value === 'string' && runsCode(attribute.value)) {
      problems.push(`the page text gives <${tag}> ${name}="${attribute.value}", which runs code: ${linkForms}; change or remove it`);
    }
  }
  return problems;
}

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
    case 'image':
      return node.url && runsCode(node.url) ? [`the link "${node.url}" runs code: ${linkForms}; change or remove it`] : [];
    default:
      return [];
  }
}

/** Each piece of code in the tree, with its position. */
export function codeProblemsIn(tree: TreeNode): TextProblem[] {
  return [...nodesOf(tree)].flatMap(({ node, at }) => nodeProblems(node).map((message) => ({ ...at, message })));
}
