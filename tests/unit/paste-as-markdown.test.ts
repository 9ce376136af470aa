/**
 * What a writer pastes into Page text, as the editor inserts it (src/cms/editor/paste-as-markdown.ts): the clipboard
 * of desktop Word and of Google Docs (tests/fixtures/clipboard/), HTML and plain text, becomes Markdown with the
 * document's paragraphs, lists and headings; parsed by jsdom's DOMParser, as the browser's would.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, test } from 'vitest';
import { htmlMarkdown, pastedMarkdown, plainTextMarkdown } from '../../src/cms/editor/paste-as-markdown.ts';
import { headingSkipsIn } from '../../src/schemas/page-text/headings.ts';
import { parseInBrowser } from '../../src/schemas/page-text/browser-parser.ts';
import { codeProblems } from '../../src/content/code-checks.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/clipboard', name), 'utf8');
const { DOMParser } = new JSDOM('').window;
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html') as unknown as Document;

/** The document both programs copied, as page text lays it out: Heading 1 and 2 become "## " and "### ". */
const asWritten = `## Moving your service desk to us

Most clients move their service desk in six to eight weeks, without a day of missed calls.

We start with a two-week review of your tickets.

### What the first month covers

- Ticket history and the ten commonest requests
- Knowledge articles for each of them
- A shadowing week beside your team

Your team stays in charge until the switch-over.

1. Review
2. Shadowing
3. Switch-over

**Every call** is answered in English or Hindi.`;

/** The same document from the plain text alone, which carries no headings or bold: each line its own paragraph, lists kept. */
const fromPlainText = asWritten.replace(/^#+ /gm, '').replaceAll('**', '');

describe('pasting into Page text', () => {
  test.each(['word-desktop', 'google-docs'])('%s: the HTML becomes the document as written', (name) => {
    expect(htmlMarkdown(fixture(`${name}.html`), parse)).toBe(asWritten);
  });

  test.each(['word-desktop', 'google-docs'])('%s: the plain text alone keeps each line a paragraph and the lists lists', (name) => {
    expect(plainTextMarkdown(fixture(`${name}.txt`))).toBe(fromPlainText);
  });

  test('a line typed after a list, even tabbed, is not swallowed by the list', () => {
    expect(plainTextMarkdown('- one\n- two\n\tAfter the list')).toBe('- one\n- two\n\nAfter the list');
  });

  test('a paste the browser already inserts right is left to it', () => {
    expect(pastedMarkdown({ text: 'one line of text' }, parse)).toBeUndefined();
    expect(pastedMarkdown({ html: '', text: 'first\nsecond' }, parse)).toBe('first\n\nsecond');
  });

  test('a heading level skipped in the source stays skipped, and is refused on saving with its line', () => {
    const skipped = htmlMarkdown('<h1>Our approach</h1><p>Text.</p><h3>Discovery</h3><p>More.</p>', parse);
    expect(skipped).toBe('## Our approach\n\nText.\n\n#### Discovery\n\nMore.');
    expect(headingSkipsIn(parseInBrowser(skipped))).toEqual([
      expect.objectContaining({
        line: 5,
        column: 1,
        message:
          'the heading "Discovery" skips a level: it is a level-4 heading ("#### ") after a level-2 one, and headings go down one level at a time for screen readers and search engines; start it with "### " instead',
      }),
    ]);
    expect(headingSkipsIn(parseInBrowser(asWritten))).toEqual([]);
    // The build refuses the same file, with the file and line (src/content/code-checks.ts, on its own parser).
    const file = `---\ntitle: Approach\n---\n${skipped}\n`;
    expect(codeProblems('content/legal/approach.mdx', file).map(({ text }) => text)).toEqual([
      'content/legal/approach.mdx:8:1 the heading "Discovery" skips a level: it is a level-4 heading ("#### ") after a level-2 one, and headings go down one level at a time for screen readers and search engines; start it with "### " instead',
    ]);
  });

  test('scripts, styles and pictures pasted with text leave only the text', () => {
    expect(htmlMarkdown('<p>Hello<script>alert(1)</script><img src="x" onerror="alert(2)"> world</p><style>p{}</style>', parse)).toBe('Hello world');
  });
});
