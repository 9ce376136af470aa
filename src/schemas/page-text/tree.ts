/**
 * An MDX page text's syntax tree, as both parsers give it: Sätteri at build time (src/content/mdx-tree.ts) and
 * micromark with its MDX extensions in the editor (browser-parser.ts). Both produce mdast with the MDX node types.
 */
export interface TreeNode {
  type: string;
  name?: string | null;
  value?: unknown;
  url?: string;
  alt?: string | null;
  /** A heading's level. */
  depth?: number;
  /** A list item's tick box (GFM task lists), else null or absent. */
  checked?: boolean | null;
  /** A table's column alignments. */
  align?: Array<string | null>;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  children?: TreeNode[];
  position?: { start: { line: number; column: number } };
}

export interface Position {
  line: number;
  column: number;
}

/** A problem of the page text: where it starts, and the sentence for the writer (without file or line). */
export interface TextProblem extends Position {
  message: string;
}

/** A parser: the page text's tree, or a thrown error when the text is not valid MDX. */
export type ParsePageText = (source: string) => TreeNode;

/** Every node of the tree, each with the nearest position found on it or its ancestors (attributes have none). */
export function* nodesOf(node: TreeNode, at: Position = { line: 1, column: 1 }): Generator<{ node: TreeNode; at: Position }> {
  const here = node.position?.start ?? at;
  yield { node, at: here };
  for (const child of node.children ?? []) yield* nodesOf(child, here);
}
