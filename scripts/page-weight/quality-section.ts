/** The page-weight section of the quality report (scripts/quality-report.ts), from the pages `npm run size` measures. */
import type { PageWeight } from './page-weight.ts';
import { htmlCssBudget, jsOnIntentBudget } from './budgets.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const headroomOf = (page: PageWeight) => htmlCssBudget(page.path) - page.html - page.css;

export function pageWeightSection(pages: readonly PageWeight[]): string {
  const content = pages.filter((page) => page.path !== '/404');
  const firstResponse = content.map((page) => page.html + page.css);
  const headroom = [...content].sort((a, b) => headroomOf(a) - headroomOf(b));
  const intent = Math.max(...pages.map((page) => page.jsOnIntent));
  const rows = pages.map((page) => `| ${page.path} | ${kb(page.html + page.css)} | ${headroomOf(page)} B | ${kb(page.jsOnIntent)} |`);
  return [
    '## Page weight (`npm run size`, gzip)',
    '',
    `- First response (HTML with its stylesheet and policy): ${kb(Math.min(...firstResponse))}–${kb(Math.max(...firstResponse))} on ${content.length} pages.`,
    `- Least headroom: ${headroom
      .slice(0, 3)
      .map((page) => `${page.path} (${headroomOf(page)} B)`)
      .join(', ')}.`,
    `- The site's stylesheet, linked after each first screen: ${kb(Math.max(...pages.map((page) => page.laterCss)))}, one file every page shares.`,
    `- JavaScript before interaction: ${kb(Math.max(...pages.map((page) => page.jsOnLoad)))} on every page.`,
    `- JavaScript on the first touch of the contact form: ${kb(intent)} (budget ${kb(jsOnIntentBudget)}).`,
    '',
    '| page | first response | headroom | js on first touch |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
