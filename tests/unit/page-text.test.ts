/**
 * The page-text checks (src/schemas/page-text/) give the same sentences whichever parser reads the text: Sätteri, as
 * the build parses (src/content/mdx-tree.ts), and micromark with MDX, as the editor parses (browser-parser.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { pageTextProblems } from '../../src/schemas/page-text/index.ts';
import { parseInBrowser } from '../../src/schemas/page-text/browser-parser.ts';
import { parseMdx } from '../../src/content/mdx-tree.ts';
import { cleanedPageText, invisibleInFields, invisibleMessage } from '../../src/schemas/page-text/invisible.ts';
import { withListItems } from '../../src/schemas/page-text/syntax.ts';
import { frontmatterProblem } from '../../src/schemas/yaml-problems.ts';

const site = { pages: ['/', '/contact', '/services/installation'], uploads: ['rack.png'] };

/** Each case: the page text, and a part of the one sentence expected, at that line. */
const cases: Array<[string, string, number, string]> = [
  [
    'an HTML image',
    'Our rack:\n\n<img src="../uploads/rack.png" alt="Rack">\n',
    3,
    'an HTML <img> is not resized and converted for each screen: write the image in Markdown',
  ],
  [
    'a line break',
    'First line<br>second line\n',
    1,
    'the page text contains a <br>, which MDX cannot read on its own: for a new paragraph leave a blank line instead',
  ],
  ['a style element', 'Text.\n\n<style>p{color:red}</style>\n', 3, 'the page text contains a <style> element: page text cannot carry its own styles'],
  [
    'a brace that is not a fact',
    'It costs {USD 500: per month}.\n',
    1,
    'the page text has "{USD 500: per month}": MDX reads a curly brace as the start of code; for a curly brace itself write \\{',
  ],
  ['an unclosed div', '<div>\nSome text\n', 1, 'the page text contains an HTML <div> tag: write the text in Markdown instead'],
  [
    'a pasted video',
    'Watch:\n\n<iframe src="https://www.youtube.com/embed/x"></iframe>\n',
    3,
    'the page text contains an <iframe> element: pages cannot embed other sites; for a YouTube or Vimeo video add a "Video" section (docs/CONTENT.md §11)',
  ],
  [
    'a link to a page that does not exist',
    'Write to [us](/contcat).\n',
    1,
    'the link "/contcat" in the page text is not a page of this site: did you mean "/contact"?',
  ],
  ['an unknown fact', 'For {{yearsExperiance}} years.\n', 1, '{{yearsExperiance}} is not a fact of src/config/facts.ts'],
  [
    'a missing image',
    '![A rack](../uploads/rak.png)\n',
    1,
    "the image rak.png is not in content/uploads/: upload it in the editor's Media, or fix the name (did you mean rack.png?)",
  ],
  ['a closing tag left over', 'Some text </div>\n', 1, 'the page text contains an HTML <div> tag: write the text in Markdown instead'],
  [
    'an HTML comment',
    'Text.\n\n<!-- note for later -->\n',
    3,
    'the page text contains an HTML comment (<!-- … -->), which MDX cannot read: write a comment as {/* … */}, or remove it',
  ],
  ['a stray less-than', 'Replies in <15 minutes.\n', 1, 'in the page text, "<" starts a component in MDX: write "less than" or &lt; instead'],
  ['Word bullets', 'What we do:\n\n• Installation\n• Support\n', 3, 'this line of the page text starts with Word\'s bullet "•"'],
  [
    'a zero-width space in a link',
    'Write to [us](/contact\u200B).\n',
    1,
    'contains an invisible zero-width space (U+200B) after "to [us](/contact": remove it',
  ],
];

describe('page text checks', () => {
  for (const [what, text, line, sentence] of cases) {
    test(`${what}: the same sentence from the build's parser and the editor's`, () => {
      const editor = pageTextProblems(text, parseInBrowser, site);
      const build = pageTextProblems(text, parseMdx, site);
      expect(editor).toEqual(build);
      expect(editor.map((problem) => problem.message).join('\n')).toContain(sentence);
      expect(editor[0]!.line).toBe(line);
      expect(editor.map((problem) => problem.message).join('\n')).not.toMatch(/Expected a closing tag|mdx-jsx|acorn|oxc|micromark/);
    });
  }

  test("every page's text as it is in content/ passes in the editor as in the build", () => {
    const root = join(import.meta.dirname, '../..');
    const uploads = existsSync(join(root, 'content/uploads')) ? readdirSync(join(root, 'content/uploads')) : [];
    const files = readdirSync(join(root, 'content'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.mdx'));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const source = readFileSync(join(root, 'content', file), 'utf8');
      const body = source.replace(/^---\n[\s\S]*?\n---\n/, '');
      expect({ file, problems: pageTextProblems(body, parseInBrowser, { uploads }) }).toEqual({ file, problems: [] });
    }
  });

  test('a page text the build accepts has no problems in either parser', () => {
    const text =
      '## Heading\n\nWe reply within {{responseTime}}: [write to us](/contact).\n\n- one\n- two\n\n![A rack](../uploads/rack.png)\n\nA line <br/> ok.\n';
    expect(pageTextProblems(text, parseInBrowser, site)).toEqual([]);
    expect(pageTextProblems(text, parseMdx, site)).toEqual([]);
  });
});

describe('invisible characters', () => {
  test('a soft hyphen in a title is named with where it is', () => {
    expect(invisibleMessage('Right the First Ti\u00ADme', 'the title')).toBe(
      'the title contains an invisible soft hyphen (U+00AD) after "Right the First Ti": remove it',
    );
  });

  test('a non-breaking space counts only where text must match', () => {
    expect(invisibleInFields({ hero: { title: 'Fast\u00A0help', highlight: 'Fast\u00A0help' } })).toEqual([
      { path: ['hero', 'highlight'], message: 'the highlight contains an invisible non-breaking space (U+00A0) after "Fast": write an ordinary space' },
    ]);
  });

  test('saving removes them from page text, and turns Word bullets into a list', () => {
    expect(withListItems(cleanedPageText('Co\u00ADoperation [us](/con\u00A0tact)\n• one\n◦ two\n'))).toBe('Cooperation [us](/con tact)\n- one\n- two\n');
  });
});

describe('brackets in the frontmatter', () => {
  const problem = (yaml: string) => frontmatterProblem(`---\n${yaml}---\nText.\n`)?.text.split('\n')[0];

  test('a list opened with "[" and never closed is named as such, not as text to quote', () => {
    expect(problem('title: x\nfeatures: [Server set-up, Network set-up\nnext: 1\n')).toBe(
      'A "[" opened on this line or the one above is never closed: end a list written on one line with "]" (e.g. features: [one, two]), or, for text that starts with "[", put the whole text in quotes.',
    );
    expect(problem('title: x\nfeatures:\n  - [Beta Cloud backup\n  - Other\n')).toMatch(/^A "\[" opened on this line or the one above is never closed/);
  });

  test("each of yaml's errors writers meet gets its sentence", () => {
    expect(problem('hero:\n\ttitle: x\n')).toBe('Indent with spaces (two per level), never with tabs.');
    expect(problem('title: a\ntitle: b\n')).toBe('The same field appears twice in one group: keep one of them.');
    expect(problem("title: 'Cloud\nnext: 1\n")).toBe('A quote is opened and never closed: end the text with the same quote mark it starts with.');
    expect(problem('hero:\n  title: x\n y: 1\n')).toMatch(/^This line is indented differently from the lines around it/);
    expect(problem('title: Cloud: the next step\n')).toMatch(/^This line has ": " \(a colon and a space\) inside its text/);
    expect(problem('title: @home\n')).toMatch(/^The frontmatter is not valid YAML\. Look at the line named/);
  });

  test('a list item that starts with "[…]" is text to quote', () => {
    expect(problem('title: x\nfeatures:\n  - [Beta] Cloud backup\n')).toBe(
      'Text that starts with { or [ is read as a group or a list: put the whole text in quotes.',
    );
  });
});
