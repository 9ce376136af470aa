/**
 * A Playwright reporter that prints, after the run, each skipped test with the reason its `test.skip(condition,
 * reason)` gave: the list reporter shows a skipped test as a dash and nothing more, so a test skipped because the
 * content lacks what it checks (no case study yet, the home page without its proof band) would pass unseen.
 */
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SkipReasons implements Reporter {
  private readonly skipped: string[] = [];

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return;
    // Playwright keeps a skip's annotation on the test and on its result: each reason once.
    const reasons = [
      ...new Set([...test.annotations, ...result.annotations].filter((note) => note.type === 'skip' || note.type === 'fixme').map((note) => note.description)),
    ];
    const where = `${test.location.file.replace(`${process.cwd()}/`, '')}:${test.location.line}`;
    this.skipped.push(`  ${test.titlePath().filter(Boolean).slice(1).join(' › ')} (${where}): ${reasons.filter(Boolean).join('; ') || 'no reason given'}`);
  }

  onEnd(): void {
    if (this.skipped.length === 0) return;
    console.log(`\n${this.skipped.length} skipped, and why:\n${[...new Set(this.skipped)].join('\n')}\n`);
  }
}
