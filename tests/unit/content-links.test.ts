/**
 * Links in content are checked against the pages the collections make, not against files on disk: the content API
 * is replaced by a stand-in (as in menus.test.ts), so a page is known exactly when its collection has the entry.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';

type Entry = { id: string; filePath?: string; body?: string; data: Record<string, unknown> };
const collections: Record<string, Entry[]> = {};

vi.mock('astro:content', () => ({ getCollection: async (name: string) => [...(collections[name] ?? [])], defineCollection: (config: unknown) => config }));

const { brokenContentLinks, sitePages } = await import('../../src/content/link-checks.ts');

/** Every collection of the content config, as the layout passes them. */
const names = Object.keys((await import('../../src/content.config.ts')).collections);

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
    expect(await brokenContentLinks(names)).toBeUndefined();
  });

  test('a link to a page no collection has names the file, line and field, and the page it resembles', async () => {
    await setHome('/services/securty');
    const error = await brokenContentLinks(names);
    expect(error?.message).toContain(
      `home.mdx:14:9 sections.0.items.0.link: "/services/securty" is not a page of this site: did you mean "/services/security"?`,
    );
  });

  test('a page is known when its collection has the entry, whatever files are on disk', async () => {
    await setHome('/services/cloud-backup');
    expect((await brokenContentLinks(names))?.message).toContain('"/services/cloud-backup" is not a page of this site');
    collections.services!.push(sub('cloud-backup'));
    expect(await brokenContentLinks(names)).toBeUndefined();
    // Removing a legal page breaks the links to it.
    await setHome('/services/security', '/privacy-policy');
    collections.legal = [];
    expect((await brokenContentLinks(names))?.message).toContain('home.mdx:7:7 hero.actions.0.href: "/privacy-policy" is not a page of this site');
  });
});

describe('links in every collection', () => {
  test('the collections checked are those of the content config, legal pages and proof included', () => {
    for (const name of ['pages', 'services', 'consulting', 'outsourcing', 'legal', 'caseStudies', 'people', 'certifications', 'trust'])
      expect(names).toContain(name);
  });

  test("a legal page's text with an http link, a missing page and a bare www. address names the file and line of each, and what to write", async () => {
    const file = join(folder, 'privacy-policy.mdx');
    const source = [
      '---',
      'title: Privacy Policy',
      '---',
      '',
      'Our processor is [Insecure Ltd](http://insecure.example/).',
      '',
      'See [the policy](/no-such-page) for more.',
      '',
      'Their site is www.example.org today.',
      '',
    ].join('\n');
    await writeFile(file, source);
    collections.legal = [{ id: 'privacy-policy', filePath: file, data: { title: 'Privacy Policy' }, body: source.split('---\n')[2] } as Entry];
    const message = (await brokenContentLinks(names))?.message ?? '';
    expect(message).toContain(
      'privacy-policy.mdx:5:18 the link "http://insecure.example/" in the page text is not a link this site can follow: it is not secure (http://); write https://insecure.example/ instead',
    );
    expect(message).toContain('privacy-policy.mdx:7:5 the link "/no-such-page" in the page text is not a page of this site');
    expect(message).toContain(
      'privacy-policy.mdx:9:15 the address "www.example.org" in the page text becomes a link to http://www.example.org, which is not secure: write it as a link, [example.org](https://www.example.org)',
    );
  });

  test('a collection added later is checked too, in its fields named as links', async () => {
    const file = join(folder, 'partner.mdx');
    await writeFile(file, '---\nname: Partner\nactions:\n  - label: Visit\n    href: /servics\n---\n');
    collections.partners = [{ id: 'partner', filePath: file, data: { name: 'Partner', actions: [{ label: 'Visit', href: '/servics' }] } }];
    expect((await brokenContentLinks([...names, 'partners']))?.message).toContain(
      'partner.mdx:5:5 actions.0.href: "/servics" is not a page of this site: did you mean "/services"?',
    );
    delete collections.partners;
  });
});
