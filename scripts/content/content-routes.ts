/**
 * The site's pages as the content files make them, for the audit, the smoke test, the page budgets and the tests: a
 * service a writer adds, renames or removes changes these, not the tests (tests/support/content-sections.ts reads the
 * cards and lists the tests check).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { withFacts } from '../../src/config/facts.ts';
import { frontmatterOf } from '../../src/schemas/frontmatter.ts';
import { SECTIONS, topLevelPages, type Section } from '../../src/config/routes.ts';

const contentRoot = fileURLToPath(new URL('../../content/', import.meta.url));

export interface ContentEntry {
  slug: string;
  data: Record<string, unknown>;
}

/** The live entries of a content folder, frontmatter parsed and facts quoted, as the collections hold them. */
export function contentEntries(folder: string, root = contentRoot): ContentEntry[] {
  if (!existsSync(join(root, folder))) return [];
  return readdirSync(join(root, folder))
    .filter((file) => file.endsWith('.mdx'))
    .map((file) => {
      const source = readFileSync(join(root, folder, file), 'utf8');
      const data = JSON.parse(withFacts(JSON.stringify(parse(frontmatterOf(source)?.yaml ?? '') ?? {}), () => undefined)) as Record<string, unknown>;
      return { slug: basename(file, '.mdx'), data };
    })
    // A retired page (`retiredTo:`) is not built, listed or given a card (docs/CONTENT.md §4).
    .filter((entry) => !entry.data.retiredTo);
}

/** The live entries of a content folder in the site's order: `order`, lower first. */
export const orderedEntries = (folder: string, root = contentRoot): ContentEntry[] =>
  contentEntries(folder, root).sort((a, b) => Number(a.data.order) - Number(b.data.order));

/**
 * The legal pages in the footer's order: address, title, the "Last updated" date as written (YYYY-MM-DD), and the
 * main headings of the policy's text (its `## ` lines), which the page shows as its numbered sections.
 */
export function legalPages(root = contentRoot): Array<{ path: string; slug: string; title: string; lastUpdated: string; headings: string[] }> {
  return orderedEntries('legal', root).map(({ slug, data }) => {
    const body = readFileSync(join(root, 'legal', `${slug}.mdx`), 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---/, '');
    const headings = [...body.matchAll(/^## (.+)$/gm)].map((match) => match[1]!.trim());
    return { path: `/${slug}`, slug, title: String(data.title), lastUpdated: String(data.lastUpdated), headings };
  });
}

/** The pages of a section in menu order. */
export function sectionPages(section: Section, root = contentRoot): Array<{ path: string; navLabel: string }> {
  return orderedEntries(section, root).map((entry) => ({ path: `/${section}/${entry.slug}`, navLabel: String(entry.data.navLabel) }));
}

/** Every route the site builds from its content: the top-level pages, each section's pages, the legal pages and the case studies. */
export function siteRoutes(root = contentRoot): string[] {
  return [
    ...topLevelPages.map((page) => page.path),
    ...SECTIONS.flatMap((section) => sectionPages(section, root).map((page) => page.path)),
    ...legalPages(root).map((page) => page.path),
    ...caseStudies(root).map((entry) => entry.path),
  ];
}

/**
 * The case studies as their files say, newest first: address, title, the services they name, the first result's
 * measure, and the client as the page names it (its name if named, else its sector), the length and the team's size.
 */
export function caseStudies(root = contentRoot) {
  const date = (entry: ContentEntry) => new Date(String(entry.data.date)).getTime();
  return contentEntries('case-studies', root)
    .sort((a, b) => date(b) - date(a) || a.slug.localeCompare(b.slug))
    .map(({ slug, data }) => ({
      path: `/case-studies/${slug}`,
      slug,
      title: String(data.title),
      client: String((data.client as { named?: boolean; name?: string; sector: string }).named ? (data.client as { name: string }).name : (data.client as { sector: string }).sector),
      duration: String(data.duration),
      ...(typeof data.teamSize === 'number' ? { teamSize: data.teamSize } : {}),
      services: (data.services ?? []) as string[],
      sample: data.sample === true,
      measure: String((data.results as Array<{ measure: string }> | undefined)?.[0]?.measure ?? ''),
    }));
}
