import type { PageWeight } from './page-weight.ts';

const KB = 1024;

/** HTML + CSS, gzip: what fits in the first round trips of a new connection on a slow mobile network. */
export const htmlCssBudget = (path: string): number => (['/privacy-policy', '/terms-condition', '/return-refund'].includes(path) ? 24 * KB : 20 * KB);

/** JavaScript before any interaction: none, except the About counters and the contact form. */
export const jsOnLoadBudget = (path: string): number => ({ '/about': 70 * KB, '/contact': 80 * KB })[path] ?? 0;

export function budgetBreaches(pages: readonly PageWeight[]): string[] {
  return pages.flatMap((page) => {
    const breaches: string[] = [];
    const htmlCss = page.html + page.css;
    if (htmlCss > htmlCssBudget(page.path)) breaches.push(`${page.path}: HTML + CSS is ${htmlCss} bytes gzip, over the ${htmlCssBudget(page.path)}-byte budget`);
    if (page.jsOnLoad > jsOnLoadBudget(page.path)) breaches.push(`${page.path}: ${page.jsOnLoad} bytes gzip of JavaScript before interaction, over the ${jsOnLoadBudget(page.path)}-byte budget`);
    return breaches;
  });
}
