import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { quotingFacts } from './schemas/facts.ts';
import { legalPage, page, subPage } from './schemas/page.ts';

const mdx = (folder: string) => glob({ pattern: '*.mdx', base: `./content/${folder}` });

export const collections = {
  /** Top-level pages: home, about, services, consulting, outsourcing, contact. */
  pages: defineCollection({ loader: mdx('pages'), schema: quotingFacts(page) }),
  services: defineCollection({ loader: mdx('services'), schema: quotingFacts(subPage) }),
  consulting: defineCollection({ loader: mdx('consulting'), schema: quotingFacts(subPage) }),
  outsourcing: defineCollection({ loader: mdx('outsourcing'), schema: quotingFacts(subPage) }),
  legal: defineCollection({ loader: mdx('legal'), schema: quotingFacts(legalPage) }),
};
