import { z } from 'astro/zod';
import { hero, section } from './sections.ts';
import { seo } from './fields.ts';

/** A page built from a hero and a list of sections; the MDX body is its prose. */
export const page = z.object({
  seo,
  hero,
  sections: z
    .array(section)
    .default([])
    // Search engines read one FAQPage per page, and the FAQ section writes it (sections/Faq.astro).
    .refine((sections) => sections.filter((item) => item.type === 'faq').length <= 1, {
      message: 'a page has at most one section of type "faq": merge the questions into one',
    }),
});

/** A sub-page of services, consulting or outsourcing: a page that also appears in menus. */
export const subPage = page.extend({
  /** Position in the header dropdown and overview lists. */
  order: z.number().int(),
  /** Short name in menus and breadcrumbs. */
  navLabel: z.string().min(1).max(40),
  /** Listed in the footer's Core Services under this label, at this position. */
  coreService: z.object({ label: z.string().min(1), order: z.number().int() }).optional(),
});

export const legalPage = z.object({
  seo,
  title: z.string(),
  lastUpdated: z.coerce.date(),
  summary: z.string(),
});
