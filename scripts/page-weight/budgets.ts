import { legalPages } from '../content/content-routes.ts';
import type { PageWeight } from './page-weight.ts';

const KB = 1024;

/**
 * HTML + CSS, gzip, per page (CSS is inlined, so this is the first response): 14 KB, what the first
 * round trip of a new connection carries (ten TCP segments). The legal pages' long text may take 24 KB: every page
 * of content/legal (or of the content folder `contentRoot`), one a writer adds included.
 */
export const htmlCssBudget = (path: string, contentRoot?: string): number => budgetAmong(legalPaths(contentRoot), path);

const legalPaths = (contentRoot?: string) => new Set(legalPages(contentRoot).map((page) => page.path));
const budgetAmong = (legal: ReadonlySet<string>, path: string) => (legal.has(path) ? 24 * KB : 14 * KB);

/**
 * JavaScript files fetched before any interaction: none. The About counters are a small inline script, counted in
 * the page's HTML. The writers' editor (Decap CMS) is not in dist/: it has its own output and origin (dist-editor/),
 * and the public /admin is a page that forwards there without a script.
 */
const jsOnLoadBudget = 0;

/** JavaScript fetched on the first touch of an island: the contact form's code (React and the form) may take 80 KB. */
export const jsOnIntentBudget = 80 * KB;

export function budgetBreaches(pages: readonly PageWeight[]): string[] {
  // content/legal read once for the whole site, not once a page.
  const legal = legalPaths();
  return pages.flatMap((page) => {
    const breaches: string[] = [];
    const htmlCss = page.html + page.css;
    const budget = budgetAmong(legal, page.path);
    if (htmlCss > budget)
      breaches.push(
        `${page.path}: its first response is ${htmlCss} bytes gzip, ${htmlCss - budget} bytes over the ${budget}-byte budget: shorten its longest texts or move part of it to a page of its own (docs/CONTENT.md, "When a page gets too heavy")`,
      );
    if (page.jsOnLoad > jsOnLoadBudget)
      breaches.push(`${page.path}: ${page.jsOnLoad} bytes gzip of JavaScript before interaction, over the ${jsOnLoadBudget}-byte budget`);
    if (page.jsOnIntent > jsOnIntentBudget)
      breaches.push(`${page.path}: ${page.jsOnIntent} bytes gzip of JavaScript on the first touch of the form, over the ${jsOnIntentBudget}-byte budget`);
    for (const problem of page.imageProblems) breaches.push(`${page.path}: image ${problem}`);
    return breaches;
  });
}
