import { defineCollection } from 'astro:content';
import type { z } from 'astro/zod';
import { mdxFolder } from './content/content-loader.ts';
import { quotingFacts } from './schemas/facts.ts';
import { legalPage, page, subPage } from './schemas/page.ts';
import { caseStudy, client, testimonial } from './schemas/proof.ts';
import { person } from './schemas/person.ts';
import { certification } from './schemas/certification.ts';
import { trustItem } from './schemas/trust.ts';

/** The MDX files of content/<folder>, each checked against `schema` (facts quoted first) with writer-friendly messages. */
function mdxCollection<T extends z.ZodType>(folder: string, schema: T) {
  const checked = quotingFacts(schema);
  return defineCollection({ loader: mdxFolder(folder, checked), schema: checked });
}

export const collections = {
  /** Top-level pages: home, about, services, consulting, outsourcing, case studies, trust, contact. */
  pages: mdxCollection('pages', page),
  services: mdxCollection('services', subPage),
  consulting: mdxCollection('consulting', subPage),
  outsourcing: mdxCollection('outsourcing', subPage),
  legal: mdxCollection('legal', legalPage),
  /** Proof a buyer can check (src/schemas/proof.ts): content/case-studies → /case-studies/<slug>, shown on the services they name. */
  caseStudies: mdxCollection('case-studies', caseStudy),
  /** The clients' names and logos on the home page, where the client has allowed it. */
  clients: mdxCollection('clients', client),
  /** Quotes from named people at clients, on the home page and with the case study they belong to. */
  testimonials: mdxCollection('testimonials', testimonial),
  /** The leadership on /about, one file per person. */
  people: mdxCollection('people', person),
  /** Certificates and partnerships on /about, each with what a buyer needs to check it. */
  certifications: mdxCollection('certifications', certification),
  /** Answers to a buyer's security and data-protection questions on /trust, one file each, examples until confirmed. */
  trust: mdxCollection('trust', trustItem),
};
