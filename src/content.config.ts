import { defineCollection } from 'astro:content';
import { mdxFolder } from './lib/content-loader.ts';
import { quotingFacts } from './schemas/facts.ts';
import { legalPage, page, subPage } from './schemas/page.ts';

export const collections = {
  /** Top-level pages: home, about, services, consulting, outsourcing, contact. */
  pages: defineCollection({ loader: mdxFolder('pages'), schema: quotingFacts(page) }),
  services: defineCollection({ loader: mdxFolder('services'), schema: quotingFacts(subPage) }),
  consulting: defineCollection({ loader: mdxFolder('consulting'), schema: quotingFacts(subPage) }),
  outsourcing: defineCollection({ loader: mdxFolder('outsourcing'), schema: quotingFacts(subPage) }),
  legal: defineCollection({ loader: mdxFolder('legal'), schema: quotingFacts(legalPage) }),
};
