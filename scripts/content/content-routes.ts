/**
 * The site's pages and menus as the content files make them, for the tests and the audit: a service a writer adds,
 * renames or removes changes these, not the tests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { withFacts } from '../../src/config/facts.ts';
import { frontmatterOf } from '../../src/lib/frontmatter.ts';
import { SECTIONS, topLevelPages, type Section } from '../../src/config/routes.ts';

const contentRoot = fileURLToPath(new URL('../../content/', import.meta.url));

interface ContentEntry {
  slug: string;
  data: Record<string, unknown>;
}

/** The entries of a content folder, frontmatter parsed and facts quoted, as the collections hold them. */
function contentEntries(folder: string, root = contentRoot): ContentEntry[] {
  return readdirSync(join(root, folder))
    .filter((file) => file.endsWith('.mdx'))
    .map((file) => {
      const source = readFileSync(join(root, folder, file), 'utf8');
      const data = JSON.parse(withFacts(JSON.stringify(parse(frontmatterOf(source)?.yaml ?? '') ?? {}), () => undefined)) as Record<string, unknown>;
      return { slug: basename(file, '.mdx'), data };
    });
}

/** The pages of a section in menu order. */
export function sectionPages(section: Section, root = contentRoot): Array<{ path: string; navLabel: string }> {
  return contentEntries(section, root)
    .map((entry) => ({ path: `/${section}/${entry.slug}`, navLabel: String(entry.data.navLabel), order: Number(entry.data.order) }))
    .sort((a, b) => a.order - b.order)
    .map(({ path, navLabel }) => ({ path, navLabel }));
}

/** Every route the site builds from its content: the top-level pages, each section's pages and the legal pages. */
export function siteRoutes(root = contentRoot): string[] {
  return [
    ...topLevelPages.map((page) => page.path),
    ...SECTIONS.flatMap((section) => sectionPages(section, root).map((page) => page.path)),
    ...contentEntries('legal', root).map((entry) => `/${entry.slug}`),
  ];
}

/** The cards of a section of a page, as its file writes them. */
export function sectionCards(page: string, sectionTitle: string, root = contentRoot): Array<{ title: string; link?: string }> {
  const entry = contentEntries('pages', root).find((candidate) => candidate.slug === page);
  const sections = (entry?.data.sections ?? []) as Array<{ title?: string; items?: Array<{ title: string; link?: string }> }>;
  return sections.find((section) => section.title === sectionTitle)?.items ?? [];
}
