/**
 * The editor's file format (src/cms/editor/frontmatter-format.ts) changes only what the writer changed: every page
 * saved unchanged is byte-identical, a one-field change is a one-line diff whatever the file's quoting and layout,
 * list items come and go as whole lines, and empty values Decap holds for fields the file lacks are not written.
 * A file the build cannot read is marked with the build's message and never written over.
 */
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { editYaml, fromFile, problemKey, sourceKey, toFile, type FileProblem } from '../../src/cms/editor/frontmatter-format.ts';
import { fileProblemMessage } from '../../src/cms/editor/file-problem.ts';

const root = join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const contentFiles = globSync('content/**/*.mdx', { cwd: root }).toSorted();
// Decap's order of the top-level fields, as toFile receives it.
const fieldsOrder = ['__problem', 'seo', 'title', 'lastUpdated', 'summary', 'order', 'navLabel', 'coreService', 'hero', 'sections', 'body'];

type Data = Record<string, any>;

/** The lines of `before` that `after` no longer has, and the lines it has instead (a minimal line diff). */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return { removed: a.slice(start, a.length - end), added: b.slice(start, b.length - end) };
}

/** The file as saved after `change` edits the entry's data the way the editor's form would. */
function saved(file: string, change: (data: Data) => void): { text: string; written: string } {
  const text = read(file);
  const data = structuredClone(fromFile(text)) as Data;
  change(data);
  return { text, written: toFile(data, fieldsOrder) };
}

describe('saving a page through the editor’s format', () => {
  test('there are pages to check', () => expect(contentFiles.length).toBeGreaterThan(20));

  test.each(contentFiles)('%s unchanged is written back byte for byte', (file) => {
    const text = read(file);
    expect(toFile(fromFile(text), fieldsOrder)).toBe(text);
  });

  test('the file’s text the format keeps in the entry is never written into the file', () => {
    const { written } = saved('content/services/installation.mdx', (data) => (data.hero.title = 'Infrastructure Delivered Right the First Time'));
    expect(written).not.toContain(sourceKey);
    expect(written).not.toContain(problemKey);
  });

  test('a scalar in a list item changes its own line only', () => {
    const { text, written } = saved('content/services/installation.mdx', (data) => {
      const cards = data.sections.find((section: Data) => section.title === 'Installation & Configuration Services');
      cards.items.find((card: Data) => card.title === 'Network Configuration').title = 'Network Design and Configuration';
    });
    expect(changedLines(text, written)).toEqual({
      removed: ['      - title: Network Configuration'],
      added: ['      - title: Network Design and Configuration'],
    });
  });

  test('a quoted value keeps its quotes, and its neighbours theirs', () => {
    const { text, written } = saved('content/consulting/data-analytics.mdx', (data) => {
      const stats = data.sections.find((section: Data) => section.type === 'stats');
      stats.items[1].value = '{{cloudMigrations}}';
    });
    expect(changedLines(text, written)).toEqual({ removed: ["      - value: '{{onTimeDelivery}}'"], added: ["      - value: '{{cloudMigrations}}'"] });
    expect(written).toContain("value: '{{projectsDelivered}}'");
  });

  test('a short list written on one line stays on one line', () => {
    const { text, written } = saved('content/pages/home.mdx', (data) => {
      data.sections[1].items[0].features.push('Benefits tracking');
    });
    expect(changedLines(text, written)).toEqual({
      removed: ['        features: [Maturity assessment, Target operating model, Change management]'],
      added: ['        features: [Maturity assessment, Target operating model, Change management, Benefits tracking]'],
    });
  });

  test('a group written on one line keeps its braces and its padding', () => {
    const { text, written } = saved('content/pages/home.mdx', (data) => {
      data.hero.badges[3].label = 'Global Delivery';
    });
    expect(changedLines(text, written)).toEqual({
      removed: ['    - { icon: globe, label: Global Expertise }'],
      added: ['    - { icon: globe, label: Global Delivery }'],
    });
  });

  test('a list item added in the middle adds its lines and nothing else', () => {
    const { text, written } = saved('content/services/installation.mdx', (data) => {
      data.hero.actions.splice(1, 0, { label: 'Call Us', href: '/contact', variant: '', external: false });
    });
    expect(changedLines(text, written)).toEqual({ removed: [], added: ['    - label: Call Us', '      href: /contact'] });
  });

  test('a list item removed takes its lines with it', () => {
    const text = read('content/services/installation.mdx');
    const data = fromFile(text) as Data;
    const [first] = data.hero.actions;
    const { written } = saved('content/services/installation.mdx', (copy) => copy.hero.actions.splice(0, 1));
    const { removed, added } = changedLines(text, written);
    expect(added).toEqual([]);
    expect(removed).toEqual(['    - label: Get a Free Quote', '      href: /contact', `      context: ${first.context}`]);
  });

  test('an optional field emptied loses its line; an empty field the file never had is not written', () => {
    const { text, written } = saved('content/services/installation.mdx', (data) => {
      data.hero.highlight = '';
      // What Decap's widgets hold for fields the file leaves out.
      data.hero.tone = '';
      data.hero.actions[0].external = false;
      data.hero.actions[0].icon = null;
      data.sections[0].features = [];
    });
    expect(changedLines(text, written)).toEqual({ removed: ['  highlight: Right the First Time'], added: [] });
  });

  test('a new top-level field goes where the editor’s order puts it', () => {
    const { text, written } = saved('content/services/installation.mdx', (data) => {
      data.coreService = true;
    });
    const { removed, added } = changedLines(text, written);
    expect({ removed, added }).toEqual({ removed: [], added: ['coreService: true'] });
    const lines = written.split('\n');
    expect(lines.indexOf('coreService: true')).toBe(lines.findIndex((line) => line.startsWith('hero:')) - 1);
  });

  test('a checklist line written as text stays text, and becomes a group only when it gains a description', () => {
    const file = 'content/services/installation.mdx';
    const text = read(file);
    const checklist = (data: Data) => data.sections.find((section: Data) => section.type === 'checklist');
    const first = checklist(fromFile(text) as Data).items[0].title as string;
    const renamed = saved(file, (data) => (checklist(data).items[0] = { title: `${first} (all versions)` }));
    expect(changedLines(text, renamed.written)).toEqual({ removed: [`      - ${first}`], added: [`      - ${first} (all versions)`] });
    const described = saved(file, (data) => (checklist(data).items[0] = { title: first, description: 'Hardened to CIS benchmarks.' }));
    expect(changedLines(text, described.written)).toEqual({
      removed: [`      - ${first}`],
      added: [`      - title: ${first}`, '        description: Hardened to CIS benchmarks.'],
    });
  });

  test('the page text is kept byte for byte unless it changed', () => {
    const { text, written } = saved('content/services/installation.mdx', (data) => (data.body = `${data.body}\nOne more paragraph.\n`));
    const { removed, added } = changedLines(text, written);
    expect(removed).toEqual([]);
    expect(added).toEqual(['One more paragraph.', '']);
  });

  test('a new page is written in the editor’s field order without empty fields', () => {
    const written = toFile(
      { body: 'Text.', navLabel: 'New', order: 9, seo: { title: 'T', description: 'D' }, hero: { title: 'H', tagline: '', actions: [] }, coreService: false },
      fieldsOrder,
    );
    expect(written).toBe('---\nseo:\n  title: T\n  description: D\norder: 9\nnavLabel: New\nhero:\n  title: H\n---\n\nText.\n');
  });
});

describe('YAML edited in place', () => {
  const text = 'a:\nb: 1\nl:\n  - x\n  # why y\n  - y\nm:\n  k: v # kept\n';
  const before = { a: null, b: 1, l: ['x', 'y'], m: { k: 'v' } };

  test('comments stay; an empty value is filled on its line; new keys and items get lines of their own', () => {
    expect(editYaml(text, before, { a: 'new', b: 1, l: ['x', 'z', 'y'], m: { k: 'w', n: [1, 2] } })).toBe(
      'a: new\nb: 1\nl:\n  - x\n  - z\n  # why y\n  - y\nm:\n  k: w # kept\n  n:\n    - 1\n    - 2\n',
    );
  });

  test('a value that becomes a group moves below its key; a group emptied goes with its key; a comment stays with its item', () => {
    expect(editYaml(text, before, { a: { p: 1 }, b: 1, l: ['y'], m: { k: '' } })).toBe('a:\n  p: 1\nb: 1\nl:\n  # why y\n  - y\n');
  });
});

describe('a file the build cannot read', () => {
  const broken = read('content/services/installation.mdx').replace(
    '  title: Infrastructure Set Up Right the First Time',
    '  title: “Infrastructure: Set Up Right the First Time”',
  );

  test('is marked with the build’s message, never read as an empty form', () => {
    const data = fromFile(broken) as Data;
    const problem = data[problemKey] as FileProblem;
    expect(problem.line).toBe(9);
    expect(problem.text).toBe(
      "This line's text is wrapped in curly quotes “…” (as Word and e-mail type them), which YAML does not read as quotes: use straight quotes instead, e.g. title: 'Cloud: the next step'.\n\nThe YAML parser said: Nested mappings are not allowed in compact mappings at line 9, column 10",
    );
    expect(problem.summary).toBe('⚠ This page cannot be opened in the editor: line 9 of its file needs a fix');
    expect(Object.keys(data).toSorted()).toEqual([problemKey, sourceKey].toSorted());
  });

  test('cannot be written over', () => {
    const data = fromFile(broken) as Data;
    expect(() => toFile({ ...data, hero: { title: 'Filled in' } }, fieldsOrder)).toThrow(
      'This file cannot be saved from the editor: line 9 needs a fix first.',
    );
  });

  test('the editor says where and what to fix', () => {
    const problem = (fromFile(broken) as Data)[problemKey] as FileProblem;
    expect(fileProblemMessage('content/services/installation.mdx', problem)).toEqual([
      'content/services/installation.mdx, line 9:',
      problem.text,
      'The editor shows no form for this page, so nothing in the file can be lost. Correct line 9 in the file itself (on GitHub: open the file and choose “Edit this file”), then reload this page.',
    ]);
  });

  test('a non-breaking space where YAML needs a space is named', () => {
    const text = '---\nhero:\n  title:\u00a0Cloud\n  subtitle: Text\n---\n';
    expect(((fromFile(text) as Data)[problemKey] as FileProblem).text).toMatch(
      /^This line or the one above has a non-breaking space \(pasted from Word or a web page\)/,
    );
  });

  test('a frontmatter never closed is refused with the build’s sentence', () => {
    const problem = (fromFile('---\ntitle: T\n\nText.\n') as Data)[problemKey] as FileProblem;
    expect(problem).toMatchObject({
      line: 1,
      text: 'the frontmatter is never closed: add a line with only --- after its last field, before the text of the page',
    });
  });
});
