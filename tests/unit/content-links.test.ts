/**
 * Links in content are checked against the pages the collections make, not against files on disk: the content API
 * is replaced by a stand-in (as in menus.test.ts), so a page is known exactly when its collection has the entry.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';

type Entry = { id: string; filePath?: string; data: Record<string, unknown> };
const collections: Record<string, Entry[]> = {};

vi.mock('astro:content', () => ({ getCollection: async (name: string) => [...(collections[name] ?? [])] }));

const { brokenContentLinks, sitePages } = await import('../../src/content/link-checks.ts');

let folder = '';
let homeFile = '';

/** A page whose first card links to `link` and whose hero button links to `heroHref`, as parsed data and as its file. */
function home(link: string, heroHref = '/contact'): { data: Record<string, unknown>; source: string } {
  const data = {
    hero: { title: 'Home', subtitle: 'Welcome.', actions: [{ label: 'Talk to us', href: heroHref }] },
    sections: [{ type: 'cards', title: 'Expertise', actions: [], items: [{ title: 'Security', description: 'Hardening.', link }] }],
  };
  const source = [
    '---',
    'hero:',
    '  title: Home',
    '  subtitle: Welcome.',
    '  actions:',
    '    - label: Talk to us',
    `      href: ${heroHref}`,
    'sections:',
    '  - type: cards',
    '    title: Expertise',
    '    items:',
    '      - title: Security',
    '        description: Hardening.',
    `        link: ${link}`,
    '---',
    '',
  ].join('\n');
  return { data, source };
}

async function setHome(link: string, heroHref?: string): Promise<void> {
  const { data, source } = home(link, heroHref);
  await writeFile(homeFile, source);
  collections.pages = [{ id: 'home', filePath: homeFile, data }];
}

const sub = (id: string): Entry => ({ id, data: { hero: { actions: [] }, sections: [] } });

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'content-links-'));
  homeFile = join(folder, 'home.mdx');
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

beforeEach(async () => {
  collections.services = [sub('security'), sub('data-migration')];
  collections.consulting = [sub('it-strategy')];
  collections.outsourcing = [];
  collections.legal = [{ id: 'privacy-policy', data: {} }];
  await setHome('/services/security');
});

describe('links in content', () => {
  test("the site's pages are the top-level pages, the redirects and every collection's entries", async () => {
    const pages = await sitePages();
    for (const path of ['/', '/about', '/contact', '/services', '/services/security', '/consulting/it-strategy', '/privacy-policy', '/services/outsourcing']) {
      expect(pages.has(path), path).toBe(true);
    }
    expect(pages.has('/terms-condition')).toBe(false);
  });

  test('pass when every link leads to a page, with or without an anchor', async () => {
    await setHome('/services/data-migration#process', '/privacy-policy');
    expect(await brokenContentLinks()).toBeUndefined();
  });

  test('a link to a page no collection has names the file, line and field, and the page it resembles', async () => {
    await setHome('/services/securty');
    const error = await brokenContentLinks();
    expect(error?.message).toContain(
      `home.mdx:14:9 sections.0.items.0.link: "/services/securty" is not a page of this site: did you mean "/services/security"?`,
    );
  });

  test('a page is known when its collection has the entry, whatever files are on disk', async () => {
    await setHome('/services/cloud-backup');
    expect((await brokenContentLinks())?.message).toContain('"/services/cloud-backup" is not a page of this site');
    collections.services!.push(sub('cloud-backup'));
    expect(await brokenContentLinks()).toBeUndefined();
    // Removing a legal page breaks the links to it.
    await setHome('/services/security', '/privacy-policy');
    collections.legal = [];
    expect((await brokenContentLinks())?.message).toContain('home.mdx:7:7 hero.actions.0.href: "/privacy-policy" is not a page of this site');
  });
});
