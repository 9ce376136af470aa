/**
 * Frontmatter out of bounds stops `astro build` within seconds, under a fixed memory, naming each file and line
 * (src/integrations/frontmatter-bounds.ts): the 470-byte alias bomb that made the build run out of memory after 100 s,
 * a merge key, a tag and a frontmatter over 64 KB, in one copy of the project built once.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyProject, repoRoot, toolEnv } from '../support/project-copy.ts';
import { aliasBomb } from '../support/alias-bomb.ts';

let project: Awaited<ReturnType<typeof copyProject>>;

/** `file`'s frontmatter changed by `change` (the YAML between the --- lines, without them). */
async function changeFrontmatter(file: string, change: (yaml: string) => string): Promise<void> {
  const path = join(project.root, file);
  const text = await readFile(path, 'utf8');
  const [, yaml, body] = /^---\n([\s\S]*?\n)---\n([\s\S]*)$/.exec(text)!;
  await writeFile(path, `---\n${change(yaml!)}---\n${body}`);
}

beforeAll(async () => {
  project = await copyProject('frontmatter-bounds-');
  await changeFrontmatter('content/services/security.mdx', () => aliasBomb().slice(4, -4));
  // A merge key and a tag in files whose other fields are as shipped.
  await changeFrontmatter('content/consulting/cloud-strategy.mdx', (yaml) => yaml.replace(/^hero:\n/m, 'hero:\n  <<: {tagline: Cloud}\n'));
  await changeFrontmatter('content/services/installation.mdx', (yaml) =>
    yaml.replace('  tagline: Installation & Configuration', '  tagline: !!str Installation & Configuration'),
  );
  // Over 64 KB: a field of 70,000 characters.
  await changeFrontmatter('content/legal/privacy-policy.mdx', (yaml) => `${yaml}summaryNote: '${'x'.repeat(70_000)}'\n`);
}, 120_000);

afterAll(async () => {
  await project?.remove();
});

it('astro build fails within 10 s of CPU time with 512 MB, naming each file and line out of bounds', { timeout: 60_000 }, async () => {
  const started = Date.now();
  const env = toolEnv('production', { NODE_OPTIONS: '--max-old-space-size=512' });
  const run = await new Promise<{ code: number | null; signal: string | null; output: string }>((resolve) => {
    // Killed after 30 s: before the bounds, this build ran until it had used all its memory.
    // Through bash, whose `times` prints the CPU time the build used: on a loaded machine the wall time says little.
    execFile(
      'bash',
      ['-c', '"$@"; code=$?; times >&2; exit $code', 'bash', process.execPath, join(repoRoot, 'node_modules/astro/bin/astro.mjs'), 'build'],
      { cwd: project.root, env, timeout: 30_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error.code as number | undefined) ?? null) : 0, signal: error?.signal ?? null, output: `${stdout}\n${stderr}` }),
    );
  });
  const seconds = (Date.now() - started) / 1000;
  expect(run.signal, `killed after ${seconds} s:\n${run.output.slice(-2000)}`).toBeNull();
  expect(run.code).toBe(1);
  // `times`' second line: the children's user and system time, as "0m1.234s 0m0.210s".
  const [user, system] = [
    ...run.output
      .trim()
      .split('\n')
      .at(-1)!
      .matchAll(/(\d+)m([\d.]+)s/g),
  ].map(([, minutes, rest]) => Number(minutes) * 60 + Number(rest));
  expect(user! + system!, `CPU time, ${seconds} s wall time`).toBeLessThan(10);
  expect(run.output).toContain(
    'content/services/security.mdx:2:6 "&a" marks a value to be repeated elsewhere in the file (a YAML anchor), and page files never need it',
  );
  for (let line = 3; line <= 11; line++) expect(run.output).toMatch(new RegExp(`content/services/security\\.mdx:${line}:\\d+ "&\\w" is another YAML anchor`));
  const mergeLine = (await readFile(join(project.root, 'content/consulting/cloud-strategy.mdx'), 'utf8')).split('\n').indexOf('  <<: {tagline: Cloud}') + 1;
  expect(run.output).toContain(`content/consulting/cloud-strategy.mdx:${mergeLine}:3 "<<" merges another group of fields into this one (a YAML merge key)`);
  expect(run.output).toMatch(/content\/services\/installation\.mdx:\d+:12 "!!str" gives the value a type of its own \(a YAML tag\)/);
  expect(run.output).toMatch(
    /content\/legal\/privacy-policy\.mdx:1:1 the frontmatter \(between the --- lines\) is 70,\d{3} bytes, more than the 65,536 bytes \(64 KB\)/,
  );
  expect(run.output).not.toContain('heap out of memory');
});
