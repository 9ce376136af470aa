/**
 * The site's pages and menus as the content files make them, for the tests and the audit: a service a writer adds,
 * renames or removes changes these, not the tests.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { withFacts } from '../../src/config/facts.ts';
import { frontmatterOf } from '../../src/schemas/frontmatter.ts';
import { SECTIONS, topLevelPages, type Section } from '../../src/config/routes.ts';

const contentRoot = fileURLToPath(new URL('../../content/', import.meta.url));

interface ContentEntry {
  slug: string;
  data: Record<string, unknown>;
}

/** The live entries of a content folder, frontmatter parsed and facts quoted, as the collections hold them. */
function contentEntries(folder: string, root = contentRoot): ContentEntry[] {
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

/** The live entries of a content folder (file name and frontmatter), in the site's order: `order`, lower first. */
export function orderedEntries(folder: string, root = contentRoot): ContentEntry[] {
  return contentEntries(folder, root).sort((a, b) => Number(a.data.order) - Number(b.data.order));
}

/**
 * The legal pages in the footer's order: address, title, the "Last updated" date as written (YYYY-MM-DD), and the
 * main headings of the policy's text (its `## ` lines), which the page shows as its numbered sections.
 */
export function legalPages(root = contentRoot): Array<{ path: string; slug: string; title: string; lastUpdated: string; headings: string[] }> {
  return contentEntries('legal', root)
    .map(({ slug, data }) => {
      const body = readFileSync(join(root, 'legal', `${slug}.mdx`), 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---/, '');
      const headings = [...body.matchAll(/^## (.+)$/gm)].map((match) => match[1]!.trim());
      const lastUpdated = data.lastUpdated instanceof Date ? data.lastUpdated.toISOString().slice(0, 10) : String(data.lastUpdated);
      return { path: `/${slug}`, slug, title: String(data.title), lastUpdated, headings, order: Number(data.order) };
    })
    .sort((a, b) => a.order - b.order)
    .map(({ order: _order, ...page }) => page);
}

/** The pages of a section in menu order. */
export function sectionPages(section: Section, root = contentRoot): Array<{ path: string; navLabel: string }> {
  return contentEntries(section, root)
    .map((entry) => ({ path: `/${section}/${entry.slug}`, navLabel: String(entry.data.navLabel), order: Number(entry.data.order) }))
    .sort((a, b) => a.order - b.order)
    .map(({ path, navLabel }) => ({ path, navLabel }));
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
export function caseStudies(root = contentRoot): Array<{
  path: string;
  slug: string;
  title: string;
  services: string[];
  sample: boolean;
  measure: string;
  client: string;
  duration: string;
  teamSize?: number;
}> {
  return contentEntries('case-studies', root)
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
      date: new Date(String(data.date)).getTime(),
    }))
    .sort((a, b) => b.date - a.date || a.slug.localeCompare(b.slug))
    .map(({ date: _date, ...entry }) => entry);
}

type Card = { title: string; link?: string; duration?: string; features?: string[] };

/** The cards of a section of a page, as its file writes them or, with `from: <folder>`, as the folder's pages bring them. */
export function sectionCards(page: string, sectionTitle: string, root = contentRoot): Card[] {
  const entry = contentEntries('pages', root).find((candidate) => candidate.slug === page);
  const sections = (entry?.data.sections ?? []) as Array<{ title?: string; from?: Section; items?: Card[] }>;
  const section = sections.find((candidate) => candidate.title === sectionTitle);
  return section?.from ? overviewCards(section.from, root) : (section?.items ?? []);
}

/** Each page of a folder with a `card`, by the card's position (its `order`, else the page's), then the page's `order`. */
function overviewCards(folder: Section, root: string): Card[] {
  return contentEntries(folder, root)
    .flatMap(({ slug, data }) => {
      const card = data.card as (Partial<Card> & { order?: number }) | undefined;
      if (!card) return [];
      return [{ order: Number(data.order), position: card.order ?? Number(data.order), card: { ...card, title: card.title ?? String(data.navLabel), link: card.link ?? `/${folder}/${slug}` } }];
    })
    .sort((a, b) => a.position - b.position || a.order - b.order)
    .map(({ card: { order: _position, ...card } }) => card);
}

/** The footer's Core Services: the labels of the sub-pages that declare `coreService`, in its order. */
export function coreServiceLabels(root = contentRoot): string[] {
  return SECTIONS.flatMap((section) => contentEntries(section, root))
    .flatMap(({ data }) => (data.coreService ? [data.coreService as { label: string; order: number }] : []))
    .sort((a, b) => a.order - b.order)
    .map((service) => service.label);
}

/** The home page's proof band as the files make it: its title, the case studies it shows, the clients allowed to be shown, the quotes left for it. */
export function proofBand(root = contentRoot): { title: string; caseStudies: string[]; clients: string[]; quotes: string[]; samples: number } | undefined {
  const home = contentEntries('pages', root).find((entry) => entry.slug === 'home');
  const section = ((home?.data.sections ?? []) as Array<{ type: string; title: string; caseStudies?: number }>).find((item) => item.type === 'proof');
  if (!section) return undefined;
  const shown = caseStudies(root).slice(0, section.caseStudies ?? 2);
  const clients = contentEntries('clients', root).filter(({ data }) => data.permission === true);
  const quotes = contentEntries('testimonials', root).filter(({ data }) => !shown.some((entry) => entry.slug === data.caseStudy));
  return {
    title: section.title,
    caseStudies: shown.map((entry) => entry.title),
    clients: clients.map(({ data }) => String(data.name)).sort((a, b) => a.localeCompare(b)),
    quotes: quotes.sort((a, b) => a.slug.localeCompare(b.slug)).map(({ data }) => String(data.name)),
    samples: [...shown, ...clients.map(({ data }) => ({ sample: data.sample === true })), ...quotes.map(({ data }) => ({ sample: data.sample === true }))].filter((entry) => entry.sample).length,
  };
}
