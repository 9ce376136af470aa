/**
 * Values a test's fixture takes from content/ as it is, so that a page a writer adds as docs/CONTENT.md says (any
 * name, any `order`) never collides with a fixture: an `order` no page of the section uses, an address no page has,
 * and the line a field is on in a file.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './project-copy.ts';

const contentRoot = join(repoRoot, 'content');

/** The `order` of every page of a section (content/<section>/*.mdx), read from its frontmatter. */
export function sectionOrders(section: string, root = contentRoot): number[] {
  return readdirSync(join(root, section))
    .filter((name) => name.endsWith('.mdx'))
    .flatMap((name) => {
      const order = /^order: *([\d.]+) *$/m.exec(readFileSync(join(root, section, name), 'utf8'))?.[1];
      return order === undefined ? [] : [Number(order)];
    });
}

/** `count` whole numbers above every `order` the section's pages use: orders a new fixture page can take. */
export function freeOrders(section: string, count = 1, root = contentRoot): number[] {
  const highest = Math.floor(Math.max(0, ...sectionOrders(section, root)));
  return Array.from({ length: count }, (_, index) => highest + 1 + index);
}

/** `wanted`, or `wanted-2`, `wanted-3`…: the first name no page of the section has, as a file or an address. */
export function unusedSlug(section: string, wanted: string, root = contentRoot): string {
  for (let index = 1; ; index++) {
    const slug = index === 1 ? wanted : `${wanted}-${index}`;
    if (!existsSync(join(root, section, `${slug}.mdx`))) return slug;
  }
}

/** The 1-based number of the first line of `text` that starts with `start` (indentation included). */
export function lineOf(text: string, start: string): number {
  const index = text.split('\n').findIndex((line) => line.startsWith(start));
  if (index < 0) throw new Error(`No line starts with ${JSON.stringify(start)}`);
  return index + 1;
}
