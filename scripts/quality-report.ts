/**
 * The quality report: today's figures, written by the scripts that measure them, never copied by hand.
 * Page weight is measured from dist/ (as `npm run size` does); the Lighthouse, navigation and build benchmarks are
 * taken from the reports their own commands last wrote in reports/ (Lighthouse CI's in reports/lighthouse/), with the date of each. Writes reports/quality.md
 * (not committed: figures change with every page a writer edits). docs/QUALITY.md says what each figure means.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { measureSite, type PageWeight } from './page-weight/page-weight.ts';
import { pageWeightSection } from './page-weight/quality-section.ts';
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

/** Lighthouse CI's last run (`npm run audit`, reports/lighthouse/): the four scores and the metrics of each page's median run. */
function lighthouseSection(): string {
  const manifestPath = join(values.out, 'lighthouse', 'manifest.json');
  if (!existsSync(manifestPath)) return '## Lighthouse\n\nNot measured on this machine yet: run `npm run audit`.';
  const when = statSync(manifestPath).mtime.toISOString().slice(0, 16).replace('T', ' ');
  type Run = { url: string; isRepresentativeRun: boolean; jsonPath: string; summary: Record<string, number> };
  const runs = (JSON.parse(readFileSync(manifestPath, 'utf8')) as Run[]).filter((run) => run.isRepresentativeRun);
  const rows = runs.map((run) => {
    const { audits } = JSON.parse(readFileSync(run.jsonPath, 'utf8')) as { audits: Record<string, { numericValue?: number }> };
    const metric = (id: string) => audits[id]?.numericValue ?? NaN;
    const scores = ['performance', 'accessibility', 'best-practices', 'seo'].map((category) => Math.round((run.summary[category] ?? NaN) * 100));
    const metrics = [`${Math.round(metric('largest-contentful-paint'))} ms`, `${Math.round(metric('total-blocking-time'))} ms`];
    return `| ${[new URL(run.url).pathname, ...scores, ...metrics, metric('cumulative-layout-shift').toFixed(3), `${(metric('total-byte-weight') / 1024).toFixed(1)} KB`].join(' | ')} |`;
  });
  const table = ['| page | perf | a11y | bp | seo | LCP | TBT | CLS | transfer |', '| - | -: | -: | -: | -: | -: | -: | -: | -: |', ...rows];
  return `## Lighthouse\n\nFrom \`npm run audit\` (Lighthouse CI, each page's median run), ${manifestPath} of ${when} UTC:\n\n${table.join('\n')}`;
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
  lighthouseSection(),
  '',
  savedReport('Navigation', 'npm run bench:navigation', 'navigation.json'),
  '',
  savedReport('Build and enquiries', 'npm run bench', 'bench.json'),
  '',
].join('\n');

await mkdir(values.out, { recursive: true });
await writeFile(join(values.out, 'quality.md'), report);
console.log(`Wrote ${join(values.out, 'quality.md')}`);
