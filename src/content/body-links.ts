/**
 * The links written in an MDX page's text: Markdown links and link definitions, and `href`s of elements, each with
 * its line and column in the file. Read from the tree the build parses (src/content/mdx-tree.ts) by the function
 * the editor uses too (src/schemas/page-text/links.ts).
 */
import { linksIn, type BodyLink } from '../schemas/page-text/links.ts';
import { mdxTree } from './mdx-tree.ts';

export type { BodyLink } from '../schemas/page-text/links.ts';

const parsed = new Map<string, { source: string; links: BodyLink[] }>();

/** The links of `file`, whose text is `source`; the same text is not parsed again (the layout asks once per page built). */
export function bodyLinks(file: string, source: string): BodyLink[] {
  let links = parsed.get(file)?.source === source ? parsed.get(file)!.links : undefined;
  if (!links) {
    const tree = mdxTree(source);
    links = tree ? linksIn(tree) : [];
    parsed.set(file, { source, links });
  }
  return links;
}
