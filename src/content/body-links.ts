/**
 * The links written in an MDX page's text: Markdown links and link definitions, and `href`s of elements, each with
 * its line and column in the file. Read from the tree the build parses (src/content/mdx-tree.ts).
 */
import { withFacts } from '../config/facts.ts';
import { mdxTree, nodesOf } from './mdx-tree.ts';

export interface BodyLink {
  href: string;
  line: number;
  column: number;
}

const parsed = new Map<string, { source: string; links: BodyLink[] }>();

/** The links of `file`, whose text is `source`; the same text is not parsed again (the layout asks once per page built). */
export function bodyLinks(file: string, source: string): BodyLink[] {
  let links = parsed.get(file)?.source === source ? parsed.get(file)!.links : undefined;
  if (!links) {
    const tree = mdxTree(source);
    links = tree
      ? [...nodesOf(tree)].flatMap(({ node, at }) => {
          const hrefs = node.type === 'link' || node.type === 'definition' ? [node.url ?? ''] : (node.attributes ?? []).filter((a) => a.name === 'href' && typeof a.value === 'string').map((a) => a.value as string);
          // Facts in a URL are filled in by the build (src/content/markdown-facts.ts); an unknown one is reported there.
          return hrefs.map((href) => ({ href: withFacts(href, () => {}), ...at }));
        })
      : [];
    parsed.set(file, { source, links });
  }
  return links;
}
