/**
 * A Vitest reporter that prints, after the run, each suite or test that skipped and why: the reason a suite's options
 * give (`meta.skipReason`, as tests/db/support/test-databases.ts postgresOnly() sets it) or a test's `ctx.skip(note)`.
 * The default reporter shows a skipped test as a dash and nothing more, so a suite skipped for want of a database would
 * pass unseen.
 */
import type { Reporter, TestCase, TestModule, TestSuite } from 'vitest/node';

/** The reason a test skipped: its own note, else the nearest suite's (or its own) `skipReason`. */
function reasonOf(test: TestCase): string | undefined {
  const result = test.result();
  if (result.state === 'skipped' && result.note) return result.note;
  for (let task: TestCase | TestSuite | TestModule = test; task.type !== 'module'; task = task.parent) {
    const reason = task.meta().skipReason;
    if (reason) return reason;
  }
  return undefined;
}

export default class VitestSkipReasons implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines: string[] = [];
    let total = 0;
    for (const module of testModules) {
      // One line per file and reason, naming the suites (or tests) it skipped.
      const byReason = new Map<string, { titles: Set<string>; count: number }>();
      for (const test of module.children.allTests('skipped')) {
        const reason = reasonOf(test) ?? 'no reason given';
        const group = byReason.get(reason) ?? { titles: new Set<string>(), count: 0 };
        group.titles.add(test.parent.type === 'suite' ? test.parent.fullName : test.fullName);
        group.count += 1;
        byReason.set(reason, group);
      }
      for (const [reason, { titles, count }] of byReason) {
        lines.push(`  ${module.relativeModuleId} › ${[...titles].join('; ')} (${count} ${count === 1 ? 'test' : 'tests'}): ${reason}`);
        total += count;
      }
    }
    if (lines.length > 0) console.log(`\n${total} skipped, and why:\n${lines.join('\n')}\n`);
  }
}
