/**
 * An MDX page's syntax tree, read by Sätteri, the parser that builds the page (astro.config.mjs), so a check sees
 * the text exactly as the build does. Positions are lines and columns of the whole file, frontmatter included.
 */
import { mdxToMdast } from 'satteri';
import type { TreeNode } from '../schemas/page-text/tree.ts';

/** The file's tree; throws the parser's error when it is not valid MDX (syntaxProblem turns it into a sentence). */
export const parseMdx = (source: string): TreeNode => mdxToMdast(source, { features: { frontmatter: true } }) as unknown as TreeNode;

/** The file's tree, or undefined when it is not valid MDX (the content loader has then refused the file with a sentence). */
export function mdxTree(source: string): TreeNode | undefined {
  try {
    return parseMdx(source);
  } catch {
    return undefined;
  }
}
