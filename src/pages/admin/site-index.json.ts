/**
 * The site as this build (or the dev server, on each request) knows it, for the editor's checks across files
 * (src/cms/editor/entry-problems.ts): every page's address, each collection's entries with their `order` and name,
 * the uploaded files (images in the page text), and which pages link to each address (so retiring a page names the
 * pages that still link to it).
 */
import { readFileSync } from 'node:fs';
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { SECTIONS, legalPath, sectionPath, topLevelPages } from '../../config/routes.ts';
import type { SiteIndex } from '../../cms/editor/entry-problems.ts';
import { bodyLinks } from '../../content/body-links.ts';
import { sitePages } from '../../content/link-checks.ts';
import { uploadedFiles } from '../../content/image-checks.ts';
import { pageLinks } from '../../schemas/page.ts';

/** Each page with the addresses of this site it links to, in its fields and in its text. */
async function linksByPage(): Promise<{ name: string; address: string; links: string[] }[]> {
  const linksOf = (entry: { filePath?: string; body?: string }, fields: string[]) => {
    const text = entry.filePath && entry.body?.trim() ? bodyLinks(entry.filePath, readFileSync(entry.filePath, 'utf8')).map(({ href }) => href) : [];
    return [...fields, ...text].filter((href) => /^\/(?!\/)/.test(href)).map((href) => href.split(/[?#]/)[0]!);
  };
  const pages = (await getCollection('pages')).map((entry) => {
    const address = entry.id === 'home' ? '/' : `/${entry.id}`;
    const name = topLevelPages.find((page) => page.path === address)?.label ?? entry.data.hero.title;
    return {
      name,
      address,
      links: linksOf(
        entry,
        pageLinks(entry.data).map(({ href }) => href),
      ),
    };
  });
  const sections = await Promise.all(
    SECTIONS.map(async (section) =>
      (await getCollection(section)).map((entry) => ({
        name: entry.data.navLabel,
        address: sectionPath(section, entry.id),
        // A retired page is not built: only where it sends its visitors counts as a link.
        links: entry.data.retiredTo
          ? [entry.data.retiredTo]
          : linksOf(
              entry,
              pageLinks(entry.data).map(({ href }) => href),
            ),
      })),
    ),
  );
  const legal = (await getCollection('legal')).map((entry) => ({ name: entry.data.title, address: legalPath(entry.id), links: linksOf(entry, []) }));
  return [...pages, ...sections.flat(), ...legal];
}

export const GET: APIRoute = async () => {
  const collections = [...SECTIONS, 'pages', 'legal', 'people', 'certifications', 'trust'] as const;
  const entries = Object.fromEntries(
    await Promise.all(
      collections.map(
        async (name) =>
          [
            name,
            (await getCollection(name)).map((entry) => ({
              slug: entry.id,
              ...('order' in entry.data ? { order: entry.data.order } : {}),
              // The name the editor calls the page by: its name in menus, a person's name, a legal page's or a certificate's title.
              label:
                'navLabel' in entry.data
                  ? entry.data.navLabel
                  : 'name' in entry.data
                    ? entry.data.name
                    : 'title' in entry.data
                      ? entry.data.title
                      : entry.data.hero.title,
            })),
          ] as const,
      ),
    ),
  );
  const linkedFrom: NonNullable<SiteIndex['linkedFrom']> = {};
  for (const { name, address, links } of await linksByPage()) {
    for (const target of new Set(links)) if (!linkedFrom[target]?.some((page) => page.address === address)) (linkedFrom[target] ??= []).push({ name, address });
  }
  const index: SiteIndex = { pages: [...(await sitePages())].sort(), entries, uploads: uploadedFiles(), linkedFrom };
  return new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
