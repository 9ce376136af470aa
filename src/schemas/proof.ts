/**
 * Proof a buyer can check, as content: case studies (content/case-studies/<slug>.mdx, the body is "what we did"),
 * clients (content/clients/<slug>.mdx) and testimonials (content/testimonials/<slug>.mdx). Each entry the repository
 * ships as an example says `sample: true`; pages mark it, and `npm run build:deploy` refuses to publish it
 * (scripts/deploy/samples.ts). That a case study's services and a testimonial's case study exist is checked once
 * every collection is loaded (src/content/proof.ts); here only the form, so the editor can run these too.
 */
import { z } from 'astro/zod';
import { image, seo } from './fields.ts';
import { sample } from './sample.ts';
import { engagementModels, technologies } from './technologies.ts';
import { SECTIONS } from '../config/routes.ts';

/** The address of a service, consulting or outsourcing page, such as /services/data-migration. */
export const servicePath = z.string().regex(new RegExp(`^/(${SECTIONS.join('|')})/[a-z0-9-]+$`), {
  error: (issue) =>
    `"${String(issue.input)}" is not the address of a service: write the page's address, such as /services/data-migration, /consulting/it-strategy or /outsourcing/it`,
});

/** A case study's file name, such as erp-migration-manufacturer for content/case-studies/erp-migration-manufacturer.mdx. */
export const caseStudySlug = z.string().regex(/^[a-z0-9-]+$/, {
  error: (issue) => `"${String(issue.input)}" is not a case study's file name: write it without folder or .mdx, such as erp-migration-manufacturer`,
});

/** Who the client is: named only with their permission, otherwise described by sector alone. */
const caseStudyClient = z
  .strictObject({
    /** Shown only when `named` is true. */
    name: z.string().min(1).optional(),
    /** The client has agreed, in writing, to be named on the site. */
    named: z.boolean().default(false),
    /** Who they are without the name, such as "A regional automotive components manufacturer". */
    sector: z.string().min(5),
  })
  .superRefine((value, context) => {
    if (value.named && !value.name) {
      context.addIssue({
        code: 'custom',
        path: ['name'],
        input: value.name,
        message: '"name" is missing: the client allows naming, so write their name (or untick "named")',
      });
    }
    if (!value.named && value.name) {
      context.addIssue({
        code: 'custom',
        path: ['name'],
        input: value.name,
        message: `the client has not allowed naming, so "${value.name}" must not be in the file (it is public): remove the name, the sector description stands for them; or set named: true once they have agreed`,
      });
    }
  });

/** A result as a figure a buyer can check: 40 % fewer priority-1 incidents, in the first six months. */
const result = z.strictObject({
  figure: z.number(),
  /** %, hours, days, £k…: written after the figure. */
  unit: z.string().min(1),
  /** What the figure measures: "fewer priority-1 incidents". */
  measure: z.string().min(3),
  /** When or over what time: "in the first six months after go-live". */
  period: z.string().min(3),
});

/** A quote from a named person at the client. */
export const quote = z.strictObject({
  text: z.string().min(10),
  name: z.string().min(2),
  role: z.string().min(2),
});

export const caseStudy = z.strictObject({
  sample,
  /** The title and description in search results and on the browser tab, as on every page. */
  seo,
  /** The page's heading and its name in lists: what changed for the client. */
  title: z.string().min(10).max(90),
  /** One or two sentences for cards and search results. */
  summary: z.string().min(50).max(170),
  /** A picture of the work, uploaded: beside the title on the case study's page and across its card on /case-studies. */
  image: image.optional(),
  client: caseStudyClient,
  /** The client's problem, before the work began. */
  problem: z.string().min(20),
  /** The pages of the services used (each must exist); the case study is listed on each of them. */
  services: z.array(servicePath).min(1),
  results: z.array(result).min(1),
  /** How long the work took: "14 weeks", "ongoing since 2023". */
  duration: z.string().min(2),
  /** How many people worked on it, at its peak. */
  teamSize: z.number().int().min(1).max(2000).optional(),
  /** What the work was built or run on, picked from src/schemas/technologies.ts. */
  technologies: z.array(z.enum(technologies)).optional(),
  /** How the work was bought and run. */
  engagement: z.enum(engagementModels).optional(),
  /** The client has agreed to take a call from a prospective client about this work. */
  referenceCall: z.boolean().default(false),
  /** When the work was completed (or the case study written): orders the lists, newest first. */
  date: z.coerce.date(),
  quote: quote.optional(),
});

export const client = z.strictObject({
  sample,
  name: z.string().min(2),
  /** The client's logo, uploaded; without one, the name is shown as text. */
  logo: image.optional(),
  /** The client has agreed to be shown on the site; without it the entry is kept but shown nowhere. */
  permission: z.boolean().default(false),
});

export const testimonial = z.strictObject({
  sample,
  quote: z.string().min(10),
  name: z.string().min(2),
  role: z.string().min(2),
  /** The client's name, or who they are without it ("A UK logistics provider") when they may not be named. */
  company: z.string().min(2),
  /** The case study this quote belongs to, by its file name: the quote links to it. */
  caseStudy: caseStudySlug.optional(),
});

export type CaseStudy = z.infer<typeof caseStudy>;
export type CaseStudyResult = z.infer<typeof result>;
