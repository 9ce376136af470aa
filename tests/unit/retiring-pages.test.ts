/** The editor's check on retiring a page (src/cms/editor/entry-problems.ts): refused while other pages link to it, naming them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { entryProblems, type SiteIndex } from '../../src/cms/editor/entry-problems.ts';
import { fromFile } from '../../src/cms/editor/frontmatter-format.ts';
import { subPage } from '../../src/schemas/page.ts';

const data = (file: string, extra: Record<string, unknown>) => {
  const { body: _body, ...fields } = fromFile(readFileSync(join(import.meta.dirname, '../../content', file), 'utf8'));
  return { ...fields, ...extra };
};

const site: SiteIndex = {
  pages: ['/', '/contact', '/services', '/services/installation', '/services/security', '/outsourcing', '/outsourcing/trainings'],
  entries: {
    services: [
      { slug: 'installation', order: 3 },
      { slug: 'security', order: 7 },
    ],
    outsourcing: [{ slug: 'trainings', order: 6 }],
  },
  linkedFrom: {
    '/services/security': [
      { name: 'Home', address: '/' },
      { name: 'Services', address: '/services' },
      { name: 'Security Services', address: '/services/security' },
    ],
    '/services/installation': [{ name: 'Home', address: '/' }],
  },
};

const retiring = (collection: string, slug: string, retiredTo: string) =>
  entryProblems(subPage, { collection, slug, data: data(`${collection}/${slug}.mdx`, { retiredTo }) }, site).filter(
    (problem) => problem.path[0] === 'retiredTo',
  );

describe('retiring a page in the editor', () => {
  test('is refused while other pages link to it, naming each by name and address (not the page itself)', () => {
    expect(retiring('services', 'security', '/services')).toEqual([
      { path: ['retiredTo'], message: 'Home (/) and Services (/services) link to this page: change those links first, then retire it' },
    ]);
    expect(retiring('services', 'installation', '/services')).toEqual([
      { path: ['retiredTo'], message: 'Home (/) links to this page: change those links first, then retire it' },
    ]);
  });

  test('of a page nothing links to passes; to itself or to no page of the site is refused', () => {
    expect(retiring('outsourcing', 'trainings', '/outsourcing')).toEqual([]);
    expect(retiring('outsourcing', 'trainings', '/outsourcing/trainings')[0]?.message).toMatch(/^a retired page cannot send its visitors to itself/);
    expect(retiring('outsourcing', 'trainings', '/outsourcing/trainigs')[0]?.message).toMatch(/^"\/outsourcing\/trainigs" is not a page of this site/);
    expect(retiring('outsourcing', 'trainings', 'outsourcing')[0]?.message).toBe(
      'write the address of a page of this site, starting with "/" (e.g. /services)',
    );
  });
});
