import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { legalPage, page, subPage } from './schemas/page.ts';

const mdx = (folder: string) => glob({ pattern: '*.mdx', base: `./content/${folder}` });

export const collections = {
  /** Top-level pages: home, about, services, consulting, outsourcing, contact. */
  pages: defineCollection({ loader: mdx('pages'), schema: page }),
  services: defineCollection({ loader: mdx('services'), schema: subPage }),
  consulting: defineCollection({ loader: mdx('consulting'), schema: subPage }),
  outsourcing: defineCollection({ loader: mdx('outsourcing'), schema: subPage }),
  legal: defineCollection({ loader: mdx('legal'), schema: legalPage }),
};
