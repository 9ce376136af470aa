/**
 * Page weight report: for every page in dist/, the gzip bytes of its HTML and of the CSS and JavaScript it loads, as
 * scripts/page-weight/page-weight.ts counts them (what the contact form imports after its first touch, such as
 * supabase-js, is not counted). Exits non-zero when a budget in scripts/page-weight/budgets.ts is exceeded, naming
 * the page and the bytes.
 */
import { parseArgs } from 'node:util';
import { measureSite, type PageWeight } from './page-weight/page-weight.ts';
import { budgetBreaches } from './page-weight/budgets.ts';
import { table } from './shared/table.ts';

const { values } = parseArgs({
  options: { json: { type: 'boolean', default: false }, root: { type: 'string', default: 'dist' }, help: { type: 'boolean', default: false } },
});
if (values.help) {
  console.log('Usage: node scripts/size.ts [--json] [--root dist]\nRun "npm run build" first.');
  process.exit(0);
}

const pages = await measureSite(values.root).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

/** The table's columns after the page: each title with the gzip bytes it shows. */
const columns: Array<[string, (page: PageWeight) => number]> = [
  ['html', (page) => page.html],
  ['(inline css)', (page) => page.inlineCss],
  ['linked css', (page) => page.css],
  ['html+css', (page) => page.html + page.css],
  ['css after first screen', (page) => page.laterCss],
  ['print css', (page) => page.printCss],
  ['js on load', (page) => page.jsOnLoad],
  ['js on first touch', (page) => page.jsOnIntent],
];

if (values.json) {
  console.log(JSON.stringify(pages, null, 2));
} else {
  const rows = pages.map((page) => [page.path, ...columns.map(([, bytes]) => `${(bytes(page) / 1024).toFixed(1)} KB`)]);
  const lines = table([['page', ...columns.map(([title]) => title)], ...rows], (column) => column > 0, false);
  console.log(`gzip bytes per page (${values.root}/)\n${lines.join('\n')}`);
}

const breaches = budgetBreaches(pages);
if (breaches.length > 0) {
  console.error(`\nBudget exceeded:\n${breaches.map((breach) => `  ${breach}`).join('\n')}`);
  process.exit(1);
}
