/**
 * The editor's checks (src/cms/editor/entry-problems.ts, problem-fields.ts): the build's zod schemas and messages on one
 * entry, the rules across files against the site index, and each problem's path led to the field the editor shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { decapConfig } from '../../src/cms/editor/decap-config.ts';
import { entryProblems, slugOf, type SiteIndex } from '../../src/cms/editor/entry-problems.ts';
import { fromFile } from '../../src/cms/editor/frontmatter-format.ts';
import { fieldAt, type FieldSettings } from '../../src/cms/editor/problem-fields.ts';
import { page, subPage } from '../../src/schemas/page.ts';

const content = join(import.meta.dirname, '../../content');
const entryData = (file: string) => {
  const { body: _body, ...data } = fromFile(readFileSync(join(content, file), 'utf8'));
  return data as Record<string, any>;
};
const site: SiteIndex = {
  pages: ['/', '/contact', '/services', '/services/installation', '/services/security'],
  entries: {
    services: [
      { slug: 'installation', order: 3 },
      { slug: 'security', order: 4 },
    ],
  },
};

describe('the problems of one entry, in the build’s words', () => {
  test('an entry as it is in content/ has none', () => {
    expect(entryProblems(subPage, { collection: 'services', slug: 'installation', data: entryData('services/installation.mdx') }, site)).toEqual([]);
  });

  test('lengths, ranges and list sizes, each at its field', () => {
    const data = entryData('pages/home.mdx');
    data.seo.title = 'x'.repeat(3000);
    const testimonials = data.sections.findIndex((section: { type: string }) => section.type === 'testimonials');
    data.sections[testimonials].items[0].rating = 7;
    data.sections.push({ type: 'testimonials', title: 'More', items: [] });
    expect(entryProblems(page, { collection: 'pages', slug: 'home', data }, site)).toEqual([
      { path: ['seo', 'title'], message: 'too long: at most 70 characters (has 3000)' },
      { path: ['sections', testimonials, 'items', 0, 'rating'], message: 'must be at most 5' },
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
        message:
          'order 4 is used by content/services/security.mdx and content/services/installation.mdx: give each page of services its own order (it sets the position in menus and overview pages)',
      },
    ]);
    data.order = 3;
    expect(entryProblems(subPage, { collection: 'services', slug: 'installation', data }, site)).toEqual([]);
  });

  test('a new page whose address is taken', () => {
    const data = { ...entryData('services/installation.mdx'), navLabel: 'Installation', order: 9 };
    expect(entryProblems(subPage, { collection: 'services', data }, site)).toEqual([
      { path: ['navLabel'], message: '/services/installation is already a page: give the new page another name in menus (it makes the address)' },
    ]);
    expect(slugOf('Cloud Opérations & Support')).toBe('cloud-operations-support');
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
    const data = entryData('pages/home.mdx');
    const testimonials = data.sections.findIndex((section: { type: string }) => section.type === 'testimonials');
    expect(nameAndLabel(fieldAt(fieldsOf('pages', 'home'), data, ['sections', testimonials, 'items', 0, 'rating']))).toEqual(['rating', 'Stars (1 to 5)']);
    expect(nameAndLabel(fieldAt(fieldsOf('pages', 'home'), data, ['sections', testimonials, 'items']))).toEqual(['items', 'Items']);
  });

  test('to nested fields, a one-box list item, and nowhere for a field the form lacks', () => {
    const data = entryData('services/installation.mdx');
    const cards = data.sections.findIndex((section: { type: string }) => section.type === 'cards');
    expect(nameAndLabel(fieldAt(fieldsOf('services'), data, ['hero', 'highlight']))).toEqual(['highlight', 'Highlighted words']);
    expect(nameAndLabel(fieldAt(fieldsOf('services'), data, ['sections', cards, 'items', 0, 'features', 1]))).toEqual(['features', 'Bullet points']);
    expect(fieldAt(fieldsOf('services'), data, ['reasons', 'title'])).toBeUndefined();
  });
});
