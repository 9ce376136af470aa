import { isGated, MINIMUM_SCORES } from './audit-gate.ts';
import { CATEGORIES, type PageAudit } from './lighthouse-page.ts';

const SHORT = { performance: 'perf', accessibility: 'a11y', 'best-practices': 'bp', seo: 'seo' } as const;

function scoreCell(page: PageAudit, category: (typeof CATEGORIES)[number]): string {
  const score = page.scores[category];
  if (score === null) return 'n/a';
  if (!isGated(page.path, category)) return `${score}†`;
  return score < MINIMUM_SCORES[category] ? `**${score}**` : String(score);
}

const kb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 1024).toFixed(1)} KB`);
const ms = (value: number | null) => (value === null ? 'n/a' : `${value} ms`);

/** A Markdown table of scores and metrics, scores under their minimum in bold. */
export function scoreTable(pages: readonly PageAudit[]): string {
  const header = ['page', ...CATEGORIES.map((category) => SHORT[category]), 'LCP', 'TBT', 'CLS', 'transfer'];
  const rows = pages.map((page) => [
    page.path,
    ...CATEGORIES.map((category) => scoreCell(page, category)),
    ms(page.lcpMs),
    ms(page.tbtMs),
    page.cls === null ? 'n/a' : page.cls.toFixed(3),
    kb(page.transferBytes),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  const rule = `| ${widths.map((width, column) => (column === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** Every failing audit, grouped by page, with what Lighthouse points at. */
export function failingAuditList(pages: readonly PageAudit[]): string {
  const blocks = pages
    .filter((page) => page.failingAudits.length > 0 || page.runtimeError || page.performanceRuns || page.warnings.length > 0)
    .map((page) => {
      const lines = [`### ${page.path}`];
      if (page.runtimeError) lines.push(`- runtime error: ${page.runtimeError}`);
      for (const warning of page.warnings) lines.push(`- warning: ${warning}`);
      if (page.performanceRuns) lines.push(`- performance re-audited: runs scored ${page.performanceRuns.join(', ')}; the median run is reported`);
      for (const audit of page.failingAudits) {
        const score = audit.score === null ? 'error' : `score ${audit.score}`;
        const value = audit.displayValue ? `, ${audit.displayValue}` : '';
        const weight = audit.weight === 0 ? ', weight 0: does not lower the score' : '';
        lines.push(`- \`${audit.id}\` (${audit.categories.join(', ')}; ${score}${value}${weight}): ${audit.title}`);
        for (const detail of audit.details) lines.push(`  - ${detail}`);
      }
      return lines.join('\n');
    });
  return blocks.length > 0 ? blocks.join('\n\n') : 'No failing audits.';
}
