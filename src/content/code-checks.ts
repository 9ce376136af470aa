/**
 * Page text is words, links and facts, never code (src/schemas/page-text/code.ts says why and words each problem):
 * checked on the MDX tree the build itself parses, each problem as "file:line:column what to do".
 */
import { codeProblemsIn } from '../schemas/page-text/code.ts';
import { headingAbovePageText } from '../schemas/page-text/headings.ts';
import { mdxTree } from './mdx-tree.ts';

/** Each piece of code in the MDX file's body, as "file:line:column what to do". */
export function codeProblems(name: string, source: string): Array<{ line: number; column: number; text: string }> {
  const tree = mdxTree(source);
  if (!tree) return [];
  return codeProblemsIn(tree, headingAbovePageText(name)).map(({ message, ...at }) => ({ ...at, text: `${name}:${at.line}:${at.column} ${message}` }));
}
