/**
 * Everything the build checks in a page's text, in one call: how it is written (syntax.ts), code (code.ts), facts,
 * figures written out by hand (figures.ts), images and links. The build runs the same functions from its own places
 * (src/content/), adding the file's name and reading the disk; the editor runs this on the Page text field (src/cms/editor/entry-checks.ts).
 */
import { codeProblemsIn } from './code.ts';
import { unknownFactsIn } from './facts.ts';
import { bareFiguresIn } from './figures.ts';
import { imageProblemsIn } from './images.ts';
import { linkProblem, linksIn } from './links.ts';
import { invisibleProblems, lessThanProblems, syntaxProblem, wordBulletProblems } from './syntax.ts';
import type { ParsePageText, TextProblem, TreeNode } from './tree.ts';

export interface PageTextSite {
  /** Every page's address; without it links are not checked. */
  pages?: readonly string[];
  /** The names of the files in content/uploads/; without them images are checked for their form and alt text only. */
  uploads?: readonly string[];
  /** The level of the heading over the text (headings.ts): 1 on a legal page, else 2. */
  headingAbove?: 1 | 2;
}

/** Problems of how the text is written, found without parsing it (the build checks these before the parser runs). */
export const writingProblems = (source: string, firstLine = 1): TextProblem[] => [
  ...lessThanProblems(source, firstLine),
  ...wordBulletProblems(source, firstLine),
  ...invisibleProblems(source, firstLine),
];

/** The page text's tree, or the sentence for the place the parser could not read. */
export function parsed(source: string, parse: ParsePageText, firstLine = 1): { tree: TreeNode } | { problem: TextProblem } {
  try {
    return { tree: parse(source) };
  } catch (error) {
    return { problem: syntaxProblem(source, error, firstLine) };
  }
}

/** Every problem of `source` (a page's text alone, line 1 its first line), in order of position. */
export function pageTextProblems(source: string, parse: ParsePageText, site: PageTextSite = {}): TextProblem[] {
  const writing = writingProblems(source);
  if (writing.length > 0) return writing;
  const result = parsed(source, parse);
  if ('problem' in result) return [result.problem];
  const { tree } = result;
  const pages = site.pages && new Set(site.pages);
  const problems = [
    ...codeProblemsIn(tree, site.headingAbove),
    ...unknownFactsIn(tree),
    ...bareFiguresIn(tree),
    ...imageProblemsIn(tree, site.uploads),
    ...(pages
      ? linksIn(tree).flatMap(({ href, bare, line, column }) => {
          const message = linkProblem(href, pages, bare);
          return message ? [{ line, column, message }] : [];
        })
      : []),
  ];
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

export type { TextProblem, TreeNode, ParsePageText } from './tree.ts';
