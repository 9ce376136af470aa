/**
 * Frontmatter within bounds (src/schemas/yaml-bounds.ts): anchors, aliases, merge keys and tags are refused at their
 * line before any parser builds the values, and so is a frontmatter over 64 KB; text that only looks like them
 * ('R&D', Q&A, '*', '#maturity', a comment, a block of text) is read as text. The editor (frontmatter-format.ts)
 * refuses the same files with the same sentence. Every shipped content file is within bounds.
 */
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { describe, expect, test } from 'vitest';
import { fromFile, problemKey, toFile, type FileProblem } from '../../src/cms/editor/frontmatter-format.ts';
import { frontmatterBounds, frontmatterByteLimit } from '../../src/schemas/yaml-bounds.ts';
import { astroYamlOptions } from '../../src/schemas/yaml-problems.ts';
import { aliasBomb } from '../support/alias-bomb.ts';

const root = join(import.meta.dirname, '../..');
const page = (yaml: string) => `---\n${yaml}\n---\n\nThe page text.\n`;

// Each case: the frontmatter, and the line (of the whole file, the opening --- being line 1) and kind refused first.
const refused: Array<[string, string, number, RegExp]> = [
  ['an anchor on a text', 'title: &t Hello', 2, /"&t" marks a value to be repeated elsewhere in the file \(a YAML anchor\)/],
  ['an alias', 'title: Hello\nseo:\n  title: *t', 4, /"\*t" repeats a value written elsewhere in the file \(a YAML alias\)/],
  ['an anchor on a group', 'hero: &hero\n  title: Hello\nother: *hero', 2, /a YAML anchor/],
  ['an anchor on a list item', 'items:\n  - &first One\n  - *first', 3, /"&first"/],
  ['an anchor on a key', '&k title: Hello', 2, /a YAML anchor/],
  ['an alias as a key', 'title: Hello\n*k : x', 3, /a YAML alias/],
  ['anchors and aliases in a flow list', 'list: [&x one, *x, *x]', 2, /"&x"/],
  ['anchors and aliases in a flow map', 'hero: {title: &x One, subtitle: *x}', 2, /"&x"/],
  ['a text starting with & (read as an anchor)', 'title: &Co Partners', 2, /If "&Co…" is text, put the whole text in quotes/],
  ['a merge key', 'base: &b {title: x}\nhero:\n  <<: *b\n  subtitle: y', 2, /a YAML anchor/],
  ['a merge key without an alias', 'hero:\n  <<: {title: x}\n  subtitle: y', 3, /"<<" merges another group of fields into this one \(a YAML merge key\)/],
  ['a merge key in a flow map', 'hero: {<<: {title: x}, subtitle: y}', 2, /a YAML merge key/],
  ['a merge key written as an explicit key', 'hero:\n  ? <<\n  : {title: x}', 3, /a YAML merge key/],
  ['a merge key in a list item', 'items:\n  - <<: {title: x}', 3, /a YAML merge key/],
  ['a Python tag', "run: !!python/object/apply:os.system ['ls']", 2, /"!!python\/object\/apply:os.system" gives the value a type of its own \(a YAML tag\)/],
  ['a standard tag', 'order: !!str 5', 2, /"!!str" .*a YAML tag/],
  ['a custom tag', 'title: !custom Hello', 2, /"!custom"/],
  ['a verbatim tag', 'title: !<tag:yaml.org,2002:str> Hello', 2, /a YAML tag/],
  ['a tag on a group', 'hero: !!map\n  title: Hello', 2, /"!!map"/],
  ['a tag on a list item', 'items:\n  - !!binary aGVsbG8=', 3, /"!!binary"/],
  ['a tag in a flow list', 'items: [one, !!js/function "function(){}"]', 2, /"!!js\/function"/],
  ['a non-specific tag', 'title: ! Hello', 2, /"!"/],
  ['a tag and an anchor on one value', 'title: !!str &t Hello', 2, /a YAML tag/],
  ['a merge key after good fields', 'title: Hello\nseo:\n  description: A page\n  <<: {title: x}', 5, /a YAML merge key/],
];

const accepted: Array<[string, string]> = [
  ['& inside single quotes', "title: 'R&D'"],
  ['& inside double quotes', 'title: "R&D and Q&A"'],
  ['& inside plain text', 'tagline: Installation & Configuration'],
  ['& between letters', 'title: Q&A'],
  ['a lone * in quotes', "label: '*'"],
  ['* inside quotes at the start', 'note: "*important* text"'],
  ['* inside plain text', 'note: 5 * 3 = 15'],
  ['an anchor link in quotes', "href: '#maturity'"],
  ['<< as a quoted key', "'<<': text"],
  ['<< as a value', "note: '<<'"],
  ['<< inside plain text', 'note: a << b'],
  ['! inside plain text', 'title: Hello! World'],
  ['! at the start in quotes', "title: '!important'"],
  ['&, * and ! in a comment', 'title: Hello # &anchor *alias !tag <<'],
  ['&, * and ! in a block of text', 'body: |\n  &x *y !z\n  <<: a'],
  ['&, * and ! in a folded text', 'body: >-\n  &x *y !z'],
  ['quoted look-alikes in a flow list', "list: [Q&A, 'R&D', '*', \"!x\", '&y']"],
  ['quoted look-alikes in a block list', "items:\n  - 'R&D'\n  - '*'\n  - Q&A"],
  ['an e-mail address and a percentage', 'email: a@b.co\nrate: 100%'],
  ['a fact in quotes', "label: '{{yearsExperience}} Years & Counting'"],
];

describe('frontmatter bounds', () => {
  test.each(refused)('refuses %s', (_name, yaml, line, says) => {
    const problems = frontmatterBounds(page(yaml));
    expect(problems[0], 'refused').toBeDefined();
    expect(problems[0]!.line).toBe(line);
    expect(problems[0]!.text).toMatch(says);
    expect(problems[0]!.text).toContain('page files never need it');
  });

  test.each(accepted)('reads %s as text', (_name, yaml) => {
    // Valid YAML that Astro's parser reads, with no anchor, alias or tag in the values it gives.
    expect(parseDocument(yaml, astroYamlOptions).errors).toEqual([]);
    expect(frontmatterBounds(page(yaml))).toEqual([]);
  });

  test('refuses the 470-byte alias bomb at each of its ten lines, at once', () => {
    const bomb = aliasBomb();
    expect(bomb.length).toBeLessThan(500);
    const started = performance.now();
    const problems = frontmatterBounds(`${bomb}\nThe page text.\n`);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(problems.map((problem) => problem.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(problems[0]).toMatchObject({ line: 2, column: 6 });
    expect(problems[1]!.text).toBe('"&b" is another YAML anchor: delete it too.');
  });

  test('names the line in the file when blank lines come before the frontmatter', () => {
    expect(frontmatterBounds(`\n\n---\ntitle: x\nseo: *t\n---\n`)).toMatchObject([{ line: 5, column: 6 }]);
  });

  test('refuses a frontmatter over 64 KB (in bytes: é is two) with its size and the limit, and takes one of exactly 64 KB', () => {
    const fill = (bytes: number) => `title: ${'é'.repeat(Math.floor((bytes - 9) / 2))}${(bytes - 9) % 2 === 1 ? 'x' : ''}`;
    // The YAML between the fences: its first newline, `title: ` and the text, and the newline before the closing ---.
    expect(frontmatterBounds(page(fill(frontmatterByteLimit)))).toEqual([]);
    const [problem] = frontmatterBounds(page(fill(frontmatterByteLimit + 1)));
    expect(problem).toMatchObject({ line: 1, column: 1 });
    expect(problem!.text).toContain('the frontmatter (between the --- lines) is 65,537 bytes, more than the 65,536 bytes (64 KB) a page may have');
  });

  test('a file without frontmatter is within bounds', () => {
    expect(frontmatterBounds('Just text & more *stars*.\n')).toEqual([]);
  });

  test('every shipped content file is within bounds', () => {
    const files = globSync('content/**/*.mdx', { cwd: root });
    expect(files.length).toBeGreaterThan(20);
    const outOfBounds = files.filter((file) => frontmatterBounds(readFileSync(join(root, file), 'utf8')).length > 0);
    expect(outOfBounds).toEqual([]);
  });
});

describe('the editor', () => {
  test('refuses the alias bomb as it refuses a file whose YAML does not read: no form, no save', () => {
    const data = fromFile(`${aliasBomb()}\nThe page text.\n`);
    const problem = data[problemKey] as FileProblem;
    expect(problem.line).toBe(2);
    expect(problem.summary).toBe('⚠ This page cannot be opened in the editor: line 2 of its file needs a fix');
    expect(problem.text).toMatch(/^"&a" marks a value to be repeated elsewhere in the file \(a YAML anchor\), and page files never need it/);
    expect(problem.text).toContain('Lines 3, 4, 5, 6, 7, 8, 9, 10, 11 also have an anchor, alias, merge key or tag to remove.');
    expect(Object.keys(data).filter((key) => !key.startsWith('__'))).toEqual([]);
    expect(() => toFile(data)).toThrow(/This file cannot be saved from the editor: line 2 needs a fix first/);
  });

  test.each(refused)('refuses %s', (_name, yaml, line) => {
    expect((fromFile(page(yaml))[problemKey] as FileProblem | undefined)?.line).toBe(line);
  });

  test.each(accepted)('opens %s', (_name, yaml) => {
    expect(fromFile(page(yaml))[problemKey]).toBeUndefined();
  });
});
