/**
 * The site as this build (or the dev server, on each request) knows it, for the editor's checks across files
 * (src/cms/editor/entry-problems.ts): every page's address, each collection's entries with their `order` and name,
 * and the uploaded files (images in the page text).
 */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { SECTIONS } from '../../config/routes.ts';
import type { SiteIndex } from '../../cms/editor/entry-problems.ts';
import { sitePages } from '../../content/link-checks.ts';
import { uploadedFiles } from '../../content/image-checks.ts';

export const GET: APIRoute = async () => {
  const collections = [...SECTIONS, 'pages', 'legal'] as const;
  const entries = Object.fromEntries(
    await Promise.all(
      collections.map(
        async (name) =>
          [
            name,
            (await getCollection(name)).map((entry) => ({
              slug: entry.id,
              ...('order' in entry.data ? { order: entry.data.order } : {}),
              // The name the editor calls the page by: its name in menus, a legal page's title.
              label: 'navLabel' in entry.data ? entry.data.navLabel : 'title' in entry.data ? entry.data.title : entry.data.hero.title,
            })),
          ] as const,
      ),
    ),
  );
  const index: SiteIndex = { pages: [...(await sitePages())].sort(), entries, uploads: uploadedFiles() };
  return new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
