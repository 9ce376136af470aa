/**
 * Headings in page text go down one level at a time: the page's sections are level 2 (its title is the only level
 * 1), so page text starts at "## " or "### " (on a legal page, under the title itself, at "## "), and each heading
 * is at most one level below the one before it. A
 * skipped level (a "## " heading, then "#### ", as Word's Heading 1 and Heading 3 paste) leaves a gap in the outline
 * screen readers list and search engines read.
 */
import { nodesOf, type TextProblem, type TreeNode } from './tree.ts';

/**
 * The heading page text follows: a section's title (level 2) on most pages, the page's own title (level 1) on a legal
 * page, whose text comes straight after it (LegalPage.astro).
 */
export const headingAbovePageText = (file: string): 1 | 2 => (/(^|\/)content\/legal\//.test(file) || file === 'legal' ? 1 : 2);

const marks = (depth: number) => `"${'#'.repeat(depth)} "`;

/** The words of a heading, as the writer sees them. */
const textOf = (node: TreeNode): string => (typeof node.value === 'string' ? node.value : (node.children ?? []).map(textOf).join(''));

/** Each heading more than one level below the heading before it (`above`, the heading over the text, for the first). */
export function headingSkipsIn(tree: TreeNode, above: 1 | 2 = 2): TextProblem[] {
  let previous: number = above;
  const problems: TextProblem[] = [];
  for (const { node, at } of nodesOf(tree)) {
    if (node.type !== 'heading' || typeof node.depth !== 'number' || node.depth === 1) continue;
    if (node.depth > previous + 1) {
      const allowed = previous + 1;
      problems.push({
        ...at,
        message: `the heading "${textOf(node).trim()}" skips a level: it is a level-${node.depth} heading (${marks(node.depth)}) after a level-${previous} one, and headings go down one level at a time for screen readers and search engines; start it with ${marks(allowed)} instead`,
      });
    }
    previous = node.depth;
  }
  return problems;
}
