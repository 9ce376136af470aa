/**
 * Page weight report: for every page in dist/, the gzip bytes of its HTML, of the CSS it links (for the screen, and
 * apart from it the print stylesheet, which is no part of the first response), of the JavaScript
 * it loads before any interaction (module scripts in the page; island code that hydrates by itself), and of the
 * JavaScript the first touch of an island loads (`client:intent`: the contact form's code and React; what the form
 * imports after that, such as supabase-js, is not counted).
 * Exits non-zero when a budget in scripts/page-weight/budgets.ts is exceeded, naming the page and the bytes.
 */
import { parseArgs } from 'node:util';
import { measureSite, type PageWeight } from './page-weight/page-weight.ts';
import { budgetBreaches } from './page-weight/budgets.ts';

const { values } = parseArgs({
  options: { json: { type: 'boolean', default: false }, root: { type: 'string', default: 'dist' }, help: { type: 'boolean', default: false } },
});
if (values.help) {
  console.log('Usage: node scripts/size.ts [--json] [--root dist]\nRun "npm run build" first.');
  process.exit(0);
}

let pages: PageWeight[];
try {
  pages = await measureSite(values.root);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
if (values.json) {
  console.log(JSON.stringify(pages, null, 2));
} else {
  const rows = pages.map((page) => [
    page.path,
    kb(page.html),
    kb(page.inlineCss),
    kb(page.css),
    kb(page.html + page.css),
    kb(page.laterCss),
    kb(page.printCss),
    kb(page.jsOnLoad),
    kb(page.jsOnIntent),
  ]);
  const header = ['page', 'html', '(inline css)', 'linked css', 'html+css', 'css after first screen', 'print css', 'js on load', 'js on first touch'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(`gzip bytes per page (${values.root}/)\n${line(header)}\n${rows.map(line).join('\n')}`);
}

const breaches = budgetBreaches(pages);
if (breaches.length > 0) {
  console.error(`\nBudget exceeded:\n${breaches.map((breach) => `  ${breach}`).join('\n')}`);
  process.exit(1);
}
