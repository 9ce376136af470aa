/**
 * What a writer pastes into Page text arrives as Markdown laid out as they saw it. A text box receives only the
 * clipboard's plain text, in which Word and Google Docs end each paragraph with a single line break, which Markdown
 * reads as one paragraph, and put a tabbed line after a bullet into that bullet. So the clipboard's HTML is
 * converted instead (turndown), after undoing what each program adds: Google Docs wraps everything in a bold
 * element that is not bold and marks bold and italics with styles; desktop Word writes list items as paragraphs
 * with an `mso-list` style and their bullet or number as text between two conditional comments. Headings keep their
 * steps, moved so the highest is "## " (the page title is the only level-1 heading); a skipped level is then
 * refused on saving, with its line (src/schemas/page-text/headings.ts). Without HTML, each pasted line becomes its
 * own paragraph, and list lines stay a list.
 */
import TurndownService from 'turndown';

/** A bullet or number at the start of a pasted line: "- ", "• ", "1. ", "2) ". */
const listLine = /^\s*(?:[-*+•·◦▪]|\d{1,3}[.)])\s+/;
const orderedMarker = /^(?:\d+|[a-z]|[ivxlcdm]+)[.)]$/i;

/** Text already laid out as Markdown (copied from Page text itself, say): a blank line, a table, a heading, a nested list. */
const markdownLike = /\n[ \t]*\n|^[ \t]*(?:\||#{1,6} |>|```)|^[ \t]+(?:[-*+]|\d+[.)])\s/m;

/** A character MDX reads as the start of code, as text: "<" and "{" (but a fact, {{name}}, stays a fact). */
export const escapeCode = (text: string) => text.replace(/\{\{\w+\}\}|[{<]/g, (found) => (found.length > 1 ? found : `\\${found}`));

/** Plain text as Markdown: a paragraph for each line, list lines kept together as a list, no indented lines. */
export function plainTextMarkdown(text: string): string {
  const blocks: string[] = [];
  let list: string[] = [];
  const endList = () => {
    if (list.length > 0) blocks.push(list.join('\n'));
    list = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (line.trim() === '') {
      endList();
      continue;
    }
    const item = listLine.exec(line);
    if (item) {
      const number = /\d+/.exec(item[0]);
      list.push(`${number ? `${number[0]}.` : '-'} ${escapeCode(line.slice(item[0].length))}`);
    } else {
      endList();
      blocks.push(escapeCode(line.trimStart()));
    }
  }
  endList();
  return blocks.join('\n\n');
}

/** Word's list paragraphs as lists: each paragraph's level and bullet or number, nested by level. */
function wordLists(document: Document): void {
  const items = [...document.querySelectorAll<HTMLElement>('p[style*="mso-list"]')];
  let list: HTMLElement | undefined;
  const open: HTMLElement[] = [];
  for (const paragraph of items) {
    const level = Number(/level(\d+)/.exec(paragraph.getAttribute('style') ?? '')?.[1] ?? 1);
    const marker = removeWordMarker(paragraph);
    const tag = orderedMarker.test(marker) ? 'ol' : 'ul';
    // A list continues while its items follow one another.
    const previous = previousElement(paragraph);
    if (!list || previous !== list) {
      list = document.createElement(tag);
      // A numbered list Word continues after a paragraph goes on from its number.
      const first = Number(/^\d+/.exec(marker)?.[0] ?? 1);
      if (tag === 'ol' && first > 1) list.setAttribute('start', String(first));
      paragraph.before(list);
      open.length = 0;
      open.push(list);
    }
    while (open.length > level) open.pop();
    while (open.length < level) {
      const nested = document.createElement(tag);
      const lastItem = open.at(-1)!.lastElementChild ?? open.at(-1)!.appendChild(document.createElement('li'));
      lastItem.append(nested);
      open.push(nested);
    }
    const item = document.createElement('li');
    item.append(...paragraph.childNodes);
    open.at(-1)!.append(item);
    paragraph.remove();
  }
}

/** The element before `node`, skipping blank text and comments. */
function previousElement(node: Node): Element | null {
  let previous = node.previousSibling;
  while (previous && previous.nodeType !== 1 && (previous.textContent ?? '').trim() === '') previous = previous.previousSibling;
  return previous?.nodeType === 1 ? (previous as Element) : null;
}

/** Removes the bullet or number Word writes between `[if !supportLists]` and `[endif]`, and returns it. */
function removeWordMarker(paragraph: HTMLElement): string {
  const walker = paragraph.ownerDocument.createTreeWalker(paragraph, 128 /* NodeFilter.SHOW_COMMENT */);
  let start: Node | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (/if !supportLists/.test(node.nodeValue ?? '')) start = node;
    else if (start && /endif/.test(node.nodeValue ?? '')) {
      const range = paragraph.ownerDocument.createRange();
      range.setStartBefore(start);
      range.setEndAfter(node);
      const marker = range.toString().replace(/\s+/g, ' ').trim();
      range.deleteContents();
      return marker;
    }
  }
  return '';
}

/** Google Docs' markup as plain HTML: its outer "bold" unwrapped, its styled spans as bold and italics. */
function googleDocs(document: Document): void {
  for (const wrapper of document.querySelectorAll('b[id^="docs-internal-guid"]')) wrapper.replaceWith(...wrapper.childNodes);
  for (const span of document.querySelectorAll<HTMLElement>('span[style]')) {
    const style = span.getAttribute('style') ?? '';
    let inner: HTMLElement = span;
    // Not Word's mso-bidi-font-weight, which is about right-to-left text.
    if (/(?<![\w-])font-weight:\s*(?:bold|[6-9]00)/.test(style)) inner = wrapIn(inner, 'strong');
    if (/(?<![\w-])font-style:\s*italic/.test(style)) wrapIn(inner, 'em');
  }
  // Line breaks Google Docs puts between blocks, outside any paragraph.
  for (const pause of document.querySelectorAll('body > br')) pause.remove();
  // Google Docs nests a list directly in its parent list; Markdown nests it in the item before it.
  for (const nested of document.querySelectorAll(':is(ul, ol) > :is(ul, ol)')) {
    const item = nested.previousElementSibling;
    if (item?.tagName === 'LI') item.append(nested);
  }
  // Each list item's text is a paragraph of its own, which would make every item a loose list's.
  for (const item of document.querySelectorAll('li')) {
    const children = [...item.children];
    const paragraphs = children.filter((child) => child.tagName === 'P');
    const rest = children.filter((child) => child.tagName !== 'P');
    if (paragraphs.length === 1 && rest.every((child) => child.tagName === 'UL' || child.tagName === 'OL'))
      paragraphs[0]!.replaceWith(...paragraphs[0]!.childNodes);
  }
}

function wrapIn(element: HTMLElement, tag: string): HTMLElement {
  const wrapper = element.ownerDocument.createElement(tag);
  wrapper.append(...element.childNodes);
  element.append(wrapper);
  return wrapper;
}

/** Moves every heading up by the same number of levels, so the highest is level 2. */
function headingsFromLevelTwo(document: Document): void {
  const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')];
  const highest = Math.min(...headings.map((heading) => Number(heading.tagName[1])));
  const shift = 2 - highest;
  if (headings.length === 0 || shift === 0) return;
  for (const heading of headings) {
    const level = Math.min(6, Math.max(2, Number(heading.tagName[1]) + shift));
    const moved = document.createElement(`h${level}`);
    moved.append(...heading.childNodes);
    heading.replaceWith(moved);
  }
}

const turndown = new TurndownService({ headingStyle: 'atx', bulletListMarker: '-', emDelimiter: '*', strongDelimiter: '**', codeBlockStyle: 'fenced' });
// Markdown's own characters are escaped by turndown; MDX's "<" and "{" are escaped too.
const escapeMarkdown = turndown.escape.bind(turndown);
turndown.escape = (text: string) => escapeCode(escapeMarkdown(text));
// What page text cannot show is kept as its words: pictures are uploaded in the Media library, not pasted.
turndown.remove(['script', 'style', 'title', 'meta', 'link']);
turndown.addRule('picture', { filter: (node) => ['img', 'picture', 'svg'].includes(node.nodeName.toLowerCase()), replacement: () => '' });
turndown.addRule('cell-text', { filter: ['table', 'thead', 'tbody', 'tr'], replacement: (content) => `\n\n${content}\n\n` });
turndown.addRule('cell', { filter: ['td', 'th'], replacement: (content) => `${content.trim()}\n\n` });

/** The clipboard's HTML, as `parse` reads it (the browser's DOMParser), as Markdown. */
export function htmlMarkdown(html: string, parse: (html: string) => Document): string {
  const document = parse(html);
  wordLists(document);
  googleDocs(document);
  headingsFromLevelTwo(document);
  return turndown
    .turndown(document.body)
    .replace(/\u00a0/g, ' ')
    .replace(/^([ \t]*)-[ \t]+/gm, '$1- ')
    .replace(/^([ \t]*)(\d+)\.[ \t]+/gm, '$1$2. ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The Markdown a paste into Page text inserts, or undefined where the browser's own paste is already right. */
export function pastedMarkdown(data: { html?: string; text: string }, parse: (html: string) => Document): string | undefined {
  const fromHtml = data.html?.trim() ? htmlMarkdown(data.html, parse) : '';
  // HTML with no text in it (a picture alone) leaves the plain text, which is never lost.
  if (!fromHtml && markdownLike.test(data.text)) return undefined;
  const markdown = fromHtml || plainTextMarkdown(data.text);
  return markdown === data.text ? undefined : markdown;
}

const blockMarker = /^(?:#{1,6} |[-*+] |\d+\. |> )/;

/**
 * `markdown` as it goes between `before` and `after` (the text around the cursor): blocks get a blank line from the
 * text beside them, and one block pasted into the middle of a line goes in as words, without a heading or list mark.
 */
export function placed(markdown: string, before: string, after: string): string {
  const inLine = !/(^|\n)[ \t]*$/.test(before) || !/^[ \t]*(\n|$)/.test(after);
  if (!markdown.includes('\n') && inLine) return markdown.replace(blockMarker, '');
  const gapBefore = before.trim() === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const gapAfter = after.trim() === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  return `${gapBefore}${markdown}${gapAfter}`;
}
