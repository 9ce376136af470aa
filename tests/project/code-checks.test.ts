/**
 * The checks every change goes through (npm test runs them beside the tests, CI runs npm test): a type error
 * fails `npm run check`, a lint error `npm run lint`, an unformatted file `npm run format:check`. Each is made in a
 * copy of the project, and each script is run there as package.json defines it.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { copyProject, repoRoot, toolEnv } from '../support/project-copy.ts';

let project: Awaited<ReturnType<typeof copyProject>>;
/** The project's scripts, as package.json defines them. */
const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

// The copy's node_modules links each package but has no .bin: the tools (and Node 24) come from the project's own.
const env = () => toolEnv('production', { PATH: `${join(repoRoot, 'node_modules/.bin')}:${process.env.PATH ?? ''}` });

/** Runs `npm run <script>` in the copy; resolves with its exit code and output. */
async function runScript(script: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', script], { cwd: project.root, env: env(), maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

beforeAll(async () => {
  project = await copyProject('code-checks-');
  for (const config of ['eslint.config.js', '.prettierrc.json', '.prettierignore']) await cp(join(repoRoot, config), join(project.root, config));
  // Each file breaks one check only: it is well typed, lint-clean or formatted in every other respect.
  await writeFile(join(project.root, 'src/type-error.ts'), "export const port: number = '8081';\n");
  await writeFile(join(project.root, 'src/lint-error.ts'), 'export function pause(): void {\n  debugger;\n}\n');
  await writeFile(join(project.root, 'src/unformatted.ts'), 'export const office = {city:"Noida",  country:"India"};\n');
});

afterAll(async () => project?.remove());

test('npm test runs the checks beside the tests, and fails when any of them fails', async () => {
  expect(scripts.checks).toMatch(/^npm run format:check && npm run lint && npm run spell && npm run check && /);
  const [, runner, commands] = scripts.test!.match(/&& (concurrently [^"]*)(.*)$/)!;
  expect(commands).toContain('"npm run checks"');
  // The runner as npm test calls it, with one command failing while another passes.
  const oneFails = `${runner!}"node -e 0" "node -e process.exit(3)" "node -e 0"`;
  const exit = await promisify(execFile)('sh', ['-c', oneFails], { cwd: repoRoot, env: env() }).then(
    () => 0,
    (error: { code: number }) => error.code,
  );
  expect(exit).not.toBe(0);
});

/**
 * `npm run checks` in the copy, run once: its first check is `npm run format:check` (the first test says so), whose
 * run and output the last test reads, so Prettier goes through the copy once, not twice.
 */
let checks: ReturnType<typeof runScript> | undefined;
const checksRun = () => (checks ??= runScript('checks'));

test('npm run checks stops at the first check that fails', { timeout: 180_000 }, async () => {
  const { code, output } = await checksRun();
  expect(code).not.toBe(0);
  expect(output).toContain('src/unformatted.ts');
  expect(output).not.toContain('eslint');
});

test('a type error fails npm run check', { timeout: 300_000 }, async () => {
  const { code, output } = await runScript('check');
  expect(code).not.toBe(0);
  expect(output).toMatch(/src\/type-error\.ts.*error.*ts\(2322\)/);
});

test('a lint error fails npm run lint', { timeout: 180_000 }, async () => {
  const { code, output } = await runScript('lint');
  expect(code).not.toBe(0);
  expect(output).toMatch(/src\/lint-error\.ts\s+2:3\s+error\s+Unexpected 'debugger' statement\s+no-debugger/);
});

test('an unformatted file fails npm run format:check', { timeout: 180_000 }, async () => {
  const { code, output } = await checksRun();
  expect(code).not.toBe(0);
  // The script's own command, as npm echoes it before running it.
  expect(output).toContain(`> ${scripts['format:check']!}\n`);
  expect(output).toContain('src/unformatted.ts');
  expect(output).not.toContain('src/type-error.ts');
});
