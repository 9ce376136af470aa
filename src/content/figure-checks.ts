/**
 * Company figures written out by hand in an MDX file's body (src/schemas/page-text/figures.ts), checked on the tree
 * the build itself parses, each as "file:line:column what to write instead".
 */
import { bareFiguresIn } from '../schemas/page-text/figures.ts';
import { mdxTree } from './mdx-tree.ts';

export function figureProblems(name: string, source: string): Array<{ line: number; column: number; text: string }> {
  const tree = mdxTree(source);
  if (!tree) return [];
  return bareFiguresIn(tree).map(({ message, ...at }) => ({ ...at, text: `${name}:${at.line}:${at.column} ${message}` }));
}
