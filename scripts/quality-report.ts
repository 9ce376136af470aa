/**
 * The quality report: today's figures, written by the scripts that measure them, never copied by hand.
 * Page weight is measured from dist/ (as `npm run size` does); the Lighthouse, navigation and build benchmarks are
 * taken from the reports their own commands last wrote in reports/, with the date of each. Writes reports/quality.md
 * (not committed: figures change with every page a writer edits). docs/QUALITY.md says what each figure means.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { measureSite, type PageWeight } from './page-weight/page-weight.ts';
import { htmlCssBudget, jsOnIntentBudget } from './page-weight/budgets.ts';
import { describeMachine, machineLine } from './shared/machine.ts';

const { values } = parseArgs({
  options: { root: { type: 'string', default: 'dist' }, out: { type: 'string', default: 'reports' }, help: { type: 'boolean', default: false } },
});
if (values.help) {
  console.log(`Usage: npm run quality -- [--root dist] [--out reports]

Writes <out>/quality.md: page weight measured from <root>/ now (run "npm run build" first), and the figures of
"npm run audit", "npm run bench:navigation" and "npm run bench" as those commands last wrote them in reports/.`);
  process.exit(0);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function pageWeightSection(pages: readonly PageWeight[]): string {
  const content = pages.filter((page) => page.path !== '/404');
  const firstResponse = content.map((page) => page.html + page.css);
  const headroom = [...content].sort((a, b) => htmlCssBudget(a.path) - (a.html + a.css) - (htmlCssBudget(b.path) - (b.html + b.css)));
  const intent = Math.max(...pages.map((page) => page.jsOnIntent));
  const rows = pages.map(
    (page) => `| ${page.path} | ${kb(page.html + page.css)} | ${htmlCssBudget(page.path) - page.html - page.css} B | ${kb(page.jsOnIntent)} |`,
  );
  return [
    '## Page weight (`npm run size`, gzip)',
    '',
    `- First response (HTML with its stylesheet and policy): ${kb(Math.min(...firstResponse))}–${kb(Math.max(...firstResponse))} on ${content.length} pages.`,
    `- Least headroom: ${headroom
      .slice(0, 3)
      .map((page) => `${page.path} (${htmlCssBudget(page.path) - page.html - page.css} B)`)
      .join(', ')}.`,
    `- JavaScript before interaction: ${kb(Math.max(...pages.map((page) => page.jsOnLoad)))} on every page.`,
    `- JavaScript on the first touch of the contact form: ${kb(intent)} (budget ${kb(jsOnIntentBudget)}).`,
    '',
    '| page | first response | headroom | js on first touch |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

function savedReport(title: string, command: string, file: string): string {
  const path = join(values.out, file);
  if (!existsSync(path)) return `## ${title}\n\nNot measured on this machine yet: run \`${command}\`.`;
  const when = statSync(path).mtime.toISOString().slice(0, 16).replace('T', ' ');
  const text = readFileSync(path, 'utf8').trim();
  const body = file.endsWith('.md') ? text.replace(/^#+ .*\n+/, '') : `\`\`\`json\n${text}\n\`\`\``;
  return `## ${title}\n\nFrom \`${command}\`, ${path} of ${when} UTC:\n\n${body}`;
}

let pages: PageWeight[];
try {
  pages = await measureSite(values.root);
} catch (error) {
  console.error(`${(error as Error).message}\nRun "npm run build" first.`);
  process.exit(1);
}

const report = [
  '# Quality report',
  '',
  `Written by \`npm run quality\` on ${new Date().toISOString().slice(0, 10)} (${machineLine(describeMachine())}). What each figure means: docs/QUALITY.md.`,
  '',
  pageWeightSection(pages),
  '',
  savedReport('Lighthouse', 'npm run audit', 'lighthouse.md'),
  '',
  savedReport('Navigation', 'npm run bench:navigation', 'navigation.json'),
  '',
  savedReport('Build and enquiries', 'npm run bench', 'bench.json'),
  '',
].join('\n');

await mkdir(values.out, { recursive: true });
await writeFile(join(values.out, 'quality.md'), report);
console.log(`Wrote ${join(values.out, 'quality.md')}`);
