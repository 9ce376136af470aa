/**
 * The benchmarks whose figures docs/QUALITY.md reports (build, enquiries, navigation) still run: `npm run bench --
 * --quick` runs each once, small, in a folder of its own, and each writes its report. The figures themselves depend
 * on the machine, so no verdict here rests on them.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { repoRoot, toolEnv } from '../support/project-copy.ts';

let folder: string | undefined;
afterAll(() => folder && rm(folder, { recursive: true, force: true }));

it('runs the build, enquiry and navigation benchmarks, each with its report', { timeout: 600_000 }, async () => {
  folder = await mkdtemp(join(tmpdir(), 'bench-quick-'));
  const script = join(repoRoot, 'scripts/bench-build.ts');
  const { stdout } = await promisify(execFile)(process.execPath, [script, '--quick', '--with-enquiries', '--with-navigation'], {
    cwd: folder,
    env: toolEnv('production'),
    maxBuffer: 16 * 1024 * 1024,
  });
  const build = JSON.parse(await readFile(join(folder, 'reports/bench.json'), 'utf8'));
  expect(build.enlarged.extraPages).toBe(1);
  expect(build.real.peakRssMiB).toBeGreaterThan(0);
  expect(stdout).toContain('201 Created: 20 of 20');
  expect(stdout).toContain('every enquiry stored exactly once');
  const navigation = JSON.parse(await readFile(join(folder, 'reports/navigation.json'), 'utf8'));
  expect(Object.keys(navigation.results.with)).toHaveLength(1);
  expect(navigation.withMs).toBeGreaterThan(0);
});
