/**
 * An MDX page's syntax tree, read by Sätteri, the parser that builds the page (astro.config.mjs), so a check sees
 * the text exactly as the build does. Positions are lines and columns of the whole file, frontmatter included.
 */
import { mdxToMdast } from 'satteri';

export interface TreeNode {
  type: string;
  name?: string | null;
  value?: unknown;
  url?: string;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  children?: TreeNode[];
  position?: { start: { line: number; column: number } };
}

/** The file's tree, or undefined when it is not valid MDX (the build then reports the parser's own error). */
export function mdxTree(source: string): TreeNode | undefined {
  try {
    return mdxToMdast(source, { features: { frontmatter: true } }) as unknown as TreeNode;
  } catch {
    return undefined;
  }
}

/** Every node of the tree, each with the nearest position found on it or its ancestors (attributes have none). */
export function* nodesOf(node: TreeNode, at = { line: 1, column: 1 }): Generator<{ node: TreeNode; at: { line: number; column: number } }> {
  const here = node.position?.start ?? at;
  yield { node, at: here };
  for (const child of node.children ?? []) yield* nodesOf(child, here);
}
