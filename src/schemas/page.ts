import { z } from 'astro/zod';
import { card, hero, listItem, section } from './sections.ts';
import { action, seo } from './fields.ts';
import { lifecycleStage, milestones } from './hub-pictures.ts';

/** A page built from a hero and a list of sections; the MDX body is its prose. */
const pageFields = z.strictObject({
  seo,
  hero,
  sections: z
    .array(section)
    .default([])
    // One place per page for its questions, so a visitor finds them all together.
    .refine((sections) => sections.filter((item) => item.type === 'faq').length <= 1, {
      message: 'a page has at most one section of type "faq": merge the questions into one',
    }),
  /** The short list beside the contact form ("Why Choose Us"), with buttons under it; the contact page shows it, other pages have none. */
  reasons: z.strictObject({ title: z.string().min(1), items: z.array(listItem).min(1), actions: z.array(action).default([]) }).optional(),
  /** The company's milestones, drawn in the About page's hero between its founding and today. */
  milestones: milestones.optional(),
});

type PageFields = z.infer<typeof pageFields>;

/** Every link a page's frontmatter holds, with the path of its field: hero and section actions, and card links. */
export function pageLinks(data: PageFields & { card?: { link?: string }; retiredTo?: string }): Array<{ href: string; path: PropertyKey[] }> {
  const links: Array<{ href: string | undefined; path: PropertyKey[] }> = [
    { href: data.card?.link, path: ['card', 'link'] },
    // A retired page's visitors go to a page that is built: not a missing page, nor another retired one.
    { href: data.retiredTo, path: ['retiredTo'] },
  ];
  data.hero.actions.forEach((action, i) => links.push({ href: action.href, path: ['hero', 'actions', i, 'href'] }));
  data.reasons?.actions.forEach((action, i) => links.push({ href: action.href, path: ['reasons', 'actions', i, 'href'] }));
  data.sections.forEach((section, s) => {
    if ('actions' in section) section.actions.forEach((action, i) => links.push({ href: action.href, path: ['sections', s, 'actions', i, 'href'] }));
    if (section.type === 'cards') {
      links.push({ href: section.defaultLink, path: ['sections', s, 'defaultLink'] });
      section.items?.forEach((card, i) => links.push({ href: card.link, path: ['sections', s, 'items', i, 'link'] }));
    }
  });
  return links.filter((link): link is { href: string; path: PropertyKey[] } => link.href !== undefined);
}

/** Every `#id` link of the page leads to a section of the page. */
function anchorsLeadSomewhere(data: PageFields, context: z.RefinementCtx): void {
  const ids = data.sections.flatMap((section) => (section.id ? [section.id] : []));
  for (const { href, path } of pageLinks(data)) {
    if (!href.startsWith('#') || ids.includes(href.slice(1))) continue;
    context.addIssue({
      code: 'custom',
      path,
      input: href,
      message: `"${href}" leads nowhere: no section of this page has the id "${href.slice(1)}" (the ids here are ${ids.map((id) => `"${id}"`).join(', ') || 'none'})`,
    });
  }
}

export const page = pageFields.superRefine(anchorsLeadSomewhere);

/** A sub-page's own card on its overview page: it links to the page, titled with its `navLabel`, unless it says otherwise. */
const overviewCard = card.omit({ external: true }).extend({
  title: z.string().min(1).optional(),
  /** Position among the overview's cards where it differs from the page's `order` (same position: by `order`). */
  order: z.number().int().optional(),
});

/** A sub-page of services, consulting or outsourcing: a page that also appears in menus. */
export const subPage = pageFields
  .extend({
    /**
     * Position in the header dropdown and overview lists. Any number, so the editor can move a page between two
     * others by writing the number halfway, in that page's file only (src/cms/editor/menu-position.ts).
     */
    order: z.number(),
    /** Short name in menus and breadcrumbs. */
    navLabel: z.string().min(1).max(40),
    /** Listed in the footer's Core Services under this label, at this position. */
    coreService: z.strictObject({ label: z.string().min(1), order: z.number().int() }).optional(),
    /** A service's stage in the life of the systems it serves: the /services hero places it there. */
    lifecycle: lifecycleStage.optional(),
    /** The page's card on its overview page (a `cards` section with `from:` this folder); no card, not listed there. */
    card: overviewCard.optional(),
    /**
     * Retired: the page is no longer built nor listed, and its address answers with a permanent redirect (301) to
     * this page of the site (src/content/moved-addresses.ts). The file stays, so the retirement is one line to undo.
     */
    retiredTo: z.string().startsWith('/', 'write the address of a page of this site, starting with "/" (e.g. /services)').optional(),
  })
  .superRefine(anchorsLeadSomewhere);

export const legalPage = z.strictObject({
  seo,
  title: z.string(),
  lastUpdated: z.coerce.date(),
  summary: z.string(),
  /** Position among the legal links at the foot of every page, where the page is listed by its title (any number, as a sub-page's). */
  order: z.number(),
});
