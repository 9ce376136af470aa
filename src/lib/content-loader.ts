import type { Loader } from 'astro/loaders';
import { glob } from 'astro/loaders';
import { facts } from '../config/facts.ts';

const factsVersion = JSON.stringify(facts);

/**
 * The MDX files of `content/<folder>`. Astro keeps parsed frontmatter between builds and parses a file again only
 * when its text changes; frontmatter quoting a fact (src/schemas/facts.ts) must also be parsed again when the fact
 * changes, so the digest that decides it covers the facts too.
 */
export function mdxFolder(folder: string): Loader {
  const loader = glob({ pattern: '*.mdx', base: `./content/${folder}` });
  return {
    ...loader,
    load: (context) =>
      loader.load({ ...context, generateDigest: (data) => context.generateDigest(typeof data === 'string' ? factsVersion + data : { ...data, factsVersion }) }),
  };
}
