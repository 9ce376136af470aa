/**
 * What a writer pastes into Page text, as the editor inserts it (src/cms/editor/paste-as-markdown.ts): the clipboard
 * of desktop Word and of Google Docs (tests/fixtures/clipboard/), HTML and plain text, becomes Markdown with the
 * document's paragraphs, lists and headings; parsed by jsdom's DOMParser, as the browser's would.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, test } from 'vitest';
import { htmlMarkdown, pastedMarkdown, placed, plainTextMarkdown } from '../../src/cms/editor/paste-as-markdown.ts';
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
    expect(codeProblems('content/services/approach.mdx', file).map(({ text }) => text)).toEqual([
      'content/services/approach.mdx:8:1 the heading "Discovery" skips a level: it is a level-4 heading ("#### ") after a level-2 one, and headings go down one level at a time for screen readers and search engines; start it with "### " instead',
    ]);
    // A legal page's text comes straight under its title: its first heading is "## ".
    expect(codeProblems('content/legal/terms.mdx', '---\ntitle: Terms\n---\n### Scope\n').map(({ text }) => text)).toEqual([
      'content/legal/terms.mdx:4:1 the heading "Scope" skips a level: it is a level-3 heading ("### ") after a level-1 one, and headings go down one level at a time for screen readers and search engines; start it with "## " instead',
    ]);
    expect(codeProblems('content/services/terms.mdx', '---\ntitle: Terms\n---\n### Scope\n')).toEqual([]);
  });

  test('"<" and "{" arrive as text MDX can read, and a fact stays a fact', () => {
    expect(htmlMarkdown('<p>Response in &lt;15 minutes for {client name}, with {{yearsExperience}} years behind it</p>', parse)).toBe(
      'Response in \\<15 minutes for \\{client name}, with {{yearsExperience}} years behind it',
    );
    expect(plainTextMarkdown('Under <15 minutes\nFor {you}')).toBe('Under \\<15 minutes\n\nFor \\{you}');
  });

  test('text already written as Markdown (cut from Page text itself) is pasted as it is', () => {
    for (const text of ['- a\n  - b', '| A | B |\n| --- | --- |\n| 1 | 2 |', 'One.\n\nTwo.', '## Heading\nText'])
      expect(pastedMarkdown({ text }, parse)).toBeUndefined();
  });

  test('HTML with no words in it leaves the plain text, never nothing', () => {
    expect(pastedMarkdown({ html: '<img src="x.png">', text: 'first\nsecond' }, parse)).toBe('first\n\nsecond');
  });

  test('Google Docs lists nested in their parent list, and Word numbering continued after a paragraph', () => {
    expect(htmlMarkdown('<ul><li><p>Top</p></li><ul><li><p>Nested</p></li></ul><li><p>Next</p></li></ul>', parse)).toBe('- Top\n    - Nested\n- Next');
    const word = (n: number, text: string) =>
      `<p class=MsoListParagraph style='mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-list:Ignore'>${n}.<span>&nbsp; </span></span><![endif]>${text}</p>`;
    expect(htmlMarkdown(`${word(1, 'Review')}<p class=MsoNormal>Between.</p>${word(2, 'Shadowing')}`, parse)).toBe('1. Review\n\nBetween.\n\n2. Shadowing');
    expect(htmlMarkdown(`<p class=MsoNormal><span style='mso-bidi-font-weight:bold'>Plain</span> words</p>`, parse)).toBe('Plain words');
  });

  test('a paste goes where the cursor is: blocks apart from the text beside them, one block inside a line as words', () => {
    expect(placed('- One\n- Two', 'We cover:', '')).toBe('\n\n- One\n- Two');
    expect(placed('- One\n- Two', 'We cover:\n', '\nMore.')).toBe('\n- One\n- Two\n');
    expect(placed('## Data Migration', 'See our ', ' page.')).toBe('Data Migration');
    expect(placed('## Data Migration', 'Intro.\n\n', '')).toBe('## Data Migration');
  });

  test('scripts, styles and pictures pasted with text leave only the text', () => {
    expect(htmlMarkdown('<p>Hello<script>alert(1)</script><img src="x" onerror="alert(2)"> world</p><style>p{}</style>', parse)).toBe('Hello world');
  });
});
