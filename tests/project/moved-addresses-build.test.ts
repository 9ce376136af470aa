/**
 * The build refuses what would leave a visitor at a dead end, naming file and line (and, under GitHub Actions, as an
 * annotation on that line): a link to a retired page, and a line of content/redirects.yaml whose new address is
 * not a page. In a copy of the project, built as CI builds it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { copyProject, repoRoot, toolEnv } from '../support/project-copy.ts';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

let project: Awaited<ReturnType<typeof copyProject>> | undefined;

/** The build's output, which must fail. */
async function failedBuild(): Promise<string> {
  const bin = join(repoRoot, 'node_modules/astro/bin/astro.mjs');
  const env = toolEnv('production', { GITHUB_ACTIONS: 'true' });
  const built = await promisify(execFile)(process.execPath, [bin, 'build'], { cwd: project!.root, env, maxBuffer: 16 * 1024 * 1024 }).then(
    () => undefined,
    (error: { stdout: string; stderr: string }) => error.stdout + error.stderr,
  );
  if (built === undefined) throw new Error('the build passed');
  return built;
}

beforeAll(async () => {
  project = await copyProject('moved-addresses-build-');
}, 60_000);

afterAll(() => project?.remove());

test('retiring a page that Home links to fails the build at the link, saying where the page sends its visitors', async () => {
  const file = join(project!.root, 'content/services/security.mdx');
  const before = await readFile(file, 'utf8');
  await writeFile(file, before.replace(/^navLabel:/m, 'retiredTo: /services\nnavLabel:'));
  const output = await failedBuild();
  expect(output).toMatch(
    /content\/pages\/home\.mdx:\d+:\d+ sections\.0\.items\.2\.link: "\/services\/security" leads to a retired page, which sends its visitors to \/services: link to \/services \(or another page\) instead/,
  );
  // The build prints the annotation after the page it was rendering, on the same line.
  expect(output).toMatch(
    /::error file=content\/pages\/home\.mdx,line=\d+,col=\d+,title=Content needs a fix::sections\.0\.items\.2\.link: "\/services\/security" leads to a retired page/,
  );
  await writeFile(file, before);
}, 180_000);

test('a line of content/redirects.yaml to a page that does not exist fails the build naming the line', async () => {
  await writeFile(join(project!.root, 'content/redirects.yaml'), '# Moved pages\n/services/old: /services/instalation\n');
  const output = await failedBuild();
  expect(output).toContain(
    'content/redirects.yaml:2:1 /services/instalation is not a page of this site: send the visitors of /services/old to a page that exists',
  );
  expect(output).toContain(
    '::error file=content/redirects.yaml,line=2,col=1,title=Content needs a fix::/services/instalation is not a page of this site: send the visitors of /services/old to a page that exists',
  );
}, 180_000);
