/**
 * The editor's checks (src/cms/editor/entry-problems.ts, problem-fields.ts): the build's zod schemas and messages on one
 * entry, the rules across files against the site index, and each problem's path led to the field the editor shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { decapConfig } from '../../src/cms/editor/decap-config.ts';
import { entryProblems, type SiteIndex } from '../../src/cms/editor/entry-problems.ts';
import { addressFromTitle } from '../../src/cms/editor/file-names.ts';
import { fromFile } from '../../src/cms/editor/frontmatter-format.ts';
import { fieldAt, labelsAt, type FieldSettings } from '../../src/cms/editor/problem-fields.ts';
import { orderAfter, placedAfter } from '../../src/cms/editor/menu-position.ts';
import { counterWords } from '../../src/cms/editor/counter-widget.ts';
import { editingWords } from '../../src/cms/editor/editing-title.ts';
import { subPage } from '../../src/schemas/page.ts';

const content = join(import.meta.dirname, '../../content');
const entryData = (file: string) => {
  const { body: _body, ...data } = fromFile(readFileSync(join(content, file), 'utf8'));
  return data as Record<string, any>;
};
const site: SiteIndex = {
  pages: ['/', '/contact', '/services', '/services/installation', '/services/security'],
  entries: {
    services: [
      { slug: 'installation', order: 3, label: 'Installation' },
      { slug: 'security', order: 4, label: 'Security' },
    ],
  },
};

describe('the problems of one entry, in the build’s words', () => {
  test('an entry as it is in content/ has none', () => {
    expect(entryProblems(subPage, { collection: 'services', slug: 'installation', data: entryData('services/installation.mdx') }, site)).toEqual([]);
  });

  test('lengths, ranges and list sizes, each at its field', () => {
    const data = entryData('consulting/data-analytics.mdx');
    data.seo.title = 'x'.repeat(3000);
    const maturity = data.sections.findIndex((section: { type: string }) => section.type === 'maturity');
    data.sections[maturity].items[0].score = 170;
    data.sections.push({ type: 'badges', title: 'More', items: [] });
    expect(entryProblems(subPage, { collection: 'consulting', slug: 'data-analytics', data }, site)).toEqual([
      { path: ['seo', 'title'], message: 'too long: at most 70 characters (has 3000)' },
      { path: ['sections', maturity, 'items', 0, 'score'], message: 'must be at most 100' },
      { path: ['sections', data.sections.length - 1, 'items'], message: 'needs at least 1 item' },
    ]);
  });

  test('a link to a page the site does not have, and the page being edited counts as one', () => {
    const data = entryData('services/installation.mdx');
    data.hero.actions[0].href = '/services/securty';
    expect(entryProblems(subPage, { collection: 'services', slug: 'installation', data }, site)).toEqual([
      {
        path: ['hero', 'actions', 0, 'href'],
        message:
          '"/services/securty" is not a page of this site: did you mean "/services/security"? (docs/CONTENT.md lists the addresses; a sub-page exists once its file is in content/<section>/)',
      },
    ]);
    data.hero.actions[0].href = '/services/new-page';
    data.order = 9;
    expect(entryProblems(subPage, { collection: 'services', slug: 'new-page', data }, site)).toEqual([]);
  });

  test('an order another page of the collection has, but not its own', () => {
    const data = entryData('services/installation.mdx');
    data.order = 4;
    expect(entryProblems(subPage, { collection: 'services', slug: 'installation', data }, site)).toEqual([
      {
        path: ['order'],
        message: '“Security” already has this position: choose again which page this one comes after',
      },
    ]);
    data.order = 3;
    expect(entryProblems(subPage, { collection: 'services', slug: 'installation', data }, site)).toEqual([]);
  });

  test('a new page whose address is taken', () => {
    const data = { ...entryData('services/installation.mdx'), navLabel: 'Installation', order: 9 };
    expect(entryProblems(subPage, { collection: 'services', data }, site)).toEqual([
      {
        path: ['navLabel'],
        message: 'the page “Installation” already has the address /services/installation: give the new page another name in menus (it makes the address)',
      },
    ]);
    expect(addressFromTitle('Cloud Opérations & Support')).toBe('cloud-operations-support');
  });
});

/** Field settings read with `get`, as Decap's Immutable maps are; each object wrapped once, so identity holds. */
const wrapped = new WeakMap<object, unknown>();
function settingsOf(value: unknown): any {
  if (value === null || typeof value !== 'object') return value;
  if (!wrapped.has(value)) {
    wrapped.set(value, Array.isArray(value) ? value.map(settingsOf) : { get: (key: string) => settingsOf((value as Record<string, unknown>)[key]) });
  }
  return wrapped.get(value);
}

describe('a problem’s path leads to the field the editor shows', () => {
  const config = decapConfig({ siteUrl: 'https://www.example.com', githubRepo: 'o/s' });
  const fieldsOf = (collection: string, file?: string) => {
    const settings = config.collections.find((item) => item.name === collection)!;
    const fields = 'files' in settings ? settings.files.find((item) => item.name === file)!.fields : settings.fields;
    return fields.map(settingsOf);
  };
  const nameAndLabel = (field: FieldSettings | undefined) => field && [field.get('name'), field.get('label')];

  test('through a section, chosen by its type, and a list item', () => {
    const data = entryData('consulting/data-analytics.mdx');
    const maturity = data.sections.findIndex((section: { type: string }) => section.type === 'maturity');
    expect(nameAndLabel(fieldAt(fieldsOf('consulting'), data, ['sections', maturity, 'items', 0, 'score']))).toEqual(['score', 'Score (0 to 100)']);
    expect(nameAndLabel(fieldAt(fieldsOf('consulting'), data, ['sections', maturity, 'items']))).toEqual(['items', 'Items']);
  });

  test('to nested fields, a one-box list item, and nowhere for a field the form lacks', () => {
    const data = entryData('services/installation.mdx');
    const cards = data.sections.findIndex((section: { type: string }) => section.type === 'cards');
    expect(nameAndLabel(fieldAt(fieldsOf('services'), data, ['hero', 'highlight']))).toEqual(['highlight', 'Highlighted words']);
    expect(nameAndLabel(fieldAt(fieldsOf('services'), data, ['sections', cards, 'items', 0, 'features', 1]))).toEqual(['features', 'Bullet points']);
    expect(fieldAt(fieldsOf('services'), data, ['reasons', 'title'])).toBeUndefined();
  });

  test('a refusal names the labels the writer sees, never the key path', () => {
    const data = entryData('services/installation.mdx');
    const cards = data.sections.findIndex((section: { type: string }) => section.type === 'cards');
    expect(labelsAt(fieldsOf('services'), data, ['hero', 'highlight'])).toBe('Top of the page → Highlighted words');
    expect(labelsAt(fieldsOf('services'), data, ['sections', cards, 'items', 0, 'title'])).toBe(`Sections → Cards, no. ${cards + 1} → Items → no. 1 → Title`);
    expect(labelsAt(fieldsOf('services'), data, ['order'])).toBe('Position in menus');
    // The notice's words for alt text without an image file, as docs/CONTENT.md §16 quotes them.
    data.hero.image = { alt: 'A server rack being cabled' };
    const [problem] = entryProblems(subPage, { collection: 'services', slug: 'installation', data }, site);
    expect(`${labelsAt(fieldsOf('services'), data, problem!.path)}: ${problem!.message}`).toBe(
      'Top of the page → Image → Image file: "src" is missing: it is required here',
    );
  });
});

describe('a position chosen as the page it comes after is one order, in one file', () => {
  const others = [
    { slug: 'data-migration', order: 1 },
    { slug: 'implementation', order: 2 },
    { slug: 'installation', order: 3 },
  ];
  test('a whole number where one fits, else halfway; never an order another page has', () => {
    // Swapping implementation and erp-support (order 4): erp-support after data-migration.
    expect(orderAfter(others, 'data-migration')).toBe(1.5);
    expect(orderAfter(others, 'installation')).toBe(4);
    expect(orderAfter(others, null)).toBe(0);
    expect(
      orderAfter(
        [
          { slug: 'a', order: 10 },
          { slug: 'b', order: 20 },
        ],
        'a',
      ),
    ).toBe(11);
    expect(
      orderAfter(
        [
          { slug: 'a', order: 1 },
          { slug: 'b', order: 1.5 },
        ],
        'a',
      ),
    ).toBe(1.25);
    expect(orderAfter([], null)).toBe(1);
  });
  test('the page an order comes after', () => {
    expect(placedAfter(others, 2.5)).toBe('implementation');
    expect(placedAfter(others, 0)).toBeNull();
    expect(placedAfter(others, undefined)).toBeUndefined();
    // Placed after what it was placed after.
    for (const after of [null, 'data-migration', 'implementation', 'installation']) expect(placedAfter(others, orderAfter(others, after))).toBe(after);
  });
});

describe('the editor names what it shows', () => {
  test('a counter of characters, announced only when over', () => {
    expect(counterWords(52, 70)).toEqual({ shown: '52 of 70 characters', announced: '' });
    expect(counterWords(73, 70)).toEqual({ shown: '73 of 70 characters', announced: '73 of 70 characters: 3 too many' });
  });
  test('the page being edited, by its name and address', () => {
    expect(editingWords('#/collections/services/entries/installation', site)).toBe('Editing: Installation (/services/installation)');
    expect(editingWords('#/collections/pages/entries/home', site)).toBe('Editing: Home (/)');
    expect(editingWords('#/collections/legal/entries/privacy-policy', site)).toBe('Editing: privacy-policy (/privacy-policy)');
    // A person or a certification has no page of its own: it is shown on /about.
    expect(editingWords('#/collections/people/entries/asha-example', site)).toBe('Editing: asha-example (/about)');
    // An answer of the trust page is shown on /trust, among the others.
    expect(editingWords('#/collections/trust/entries/staff-vetting', site)).toBe('Editing: staff-vetting (/trust)');
    expect(editingWords('#/collections/services/new', site)).toBe('New page in Services');
    expect(editingWords('#/collections/case-studies/new', site)).toBe('New page in Case studies');
    expect(editingWords('#/collections/services', site)).toBeNull();
  });
});
