/**
 * The cards and lists of the site's pages as the content files make them, for the tests that check them: a card a
 * writer adds, reorders or removes changes these, not the tests.
 */
import { SECTIONS, type Section } from '../../src/config/routes.ts';
import { caseStudies, contentEntries } from '../../scripts/content/content-routes.ts';

type Card = { title: string; link?: string; duration?: string; features?: string[] };

/** The cards of a section of a page, as its file writes them or, with `from: <folder>`, as the folder's pages bring them. */
export function sectionCards(page: string, sectionTitle: string, root?: string): Card[] {
  const entry = contentEntries('pages', root).find((candidate) => candidate.slug === page);
  const sections = (entry?.data.sections ?? []) as Array<{ title?: string; from?: Section; items?: Card[] }>;
  const section = sections.find((candidate) => candidate.title === sectionTitle);
  return section?.from ? overviewCards(section.from, root) : (section?.items ?? []);
}

/** Each page of a folder with a `card`, by the card's position (its `order`, else the page's), then the page's `order`. */
function overviewCards(folder: Section, root?: string): Card[] {
  return contentEntries(folder, root)
    .flatMap(({ slug, data }) => {
      const card = data.card as (Partial<Card> & { order?: number }) | undefined;
      if (!card) return [];
      return [
        {
          order: Number(data.order),
          position: card.order ?? Number(data.order),
          card: { ...card, title: card.title ?? String(data.navLabel), link: card.link ?? `/${folder}/${slug}` },
        },
      ];
    })
    .sort((a, b) => a.position - b.position || a.order - b.order)
    .map(({ card: { order: _position, ...card } }) => card);
}

/** The footer's Core Services: the labels of the sub-pages that declare `coreService`, in its order. */
export function coreServiceLabels(root?: string): string[] {
  return SECTIONS.flatMap((section) => contentEntries(section, root))
    .flatMap(({ data }) => (data.coreService ? [data.coreService as { label: string; order: number }] : []))
    .sort((a, b) => a.order - b.order)
    .map((service) => service.label);
}

/** The home page's proof band as the files make it: its title, the case studies it shows, the clients allowed to be shown, the quotes left for it. */
export function proofBand(root?: string): { title: string; caseStudies: string[]; clients: string[]; quotes: string[]; samples: number } | undefined {
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
    samples: [
      ...shown,
      ...clients.map(({ data }) => ({ sample: data.sample === true })),
      ...quotes.map(({ data }) => ({ sample: data.sample === true })),
    ].filter((entry) => entry.sample).length,
  };
}
