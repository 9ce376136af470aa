/**
 * A page renamed in a pull request, as a writer does it in GitHub's web editor (a commit that moves the file): the
 * pull request's addresses check (scripts/check-addresses.ts, run as CI runs it) fails naming the old address and
 * the one line to add to content/redirects.yaml; with that line committed, it passes. In a git copy of the project.
 */
import { execFile } from 'node:child_process';
import { cp, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyProject, repoRoot, toolEnv } from '../support/project-copy.ts';

const run = promisify(execFile);
let project: Awaited<ReturnType<typeof copyProject>>;

const git = (...args: string[]) => run('git', ['-c', 'user.name=Writer', '-c', 'user.email=writer@example.com', ...args], { cwd: project.root });

/** The check as the pull request runs it; resolves with its exit code and output. */
async function checkAddresses(base: string) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/check-addresses.ts', '--base', base], {
      cwd: project.root,
      env: toolEnv('production', { GITHUB_ACTIONS: 'true' }),
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  project = await copyProject('address-check-');
  await cp(join(repoRoot, 'scripts'), join(project.root, 'scripts'), { recursive: true });
  await git('init', '-q', '-b', 'main');
  await git('add', '-A');
  await git('commit', '-q', '-m', 'The site as published');
  await git('checkout', '-q', '-b', 'rename-installation');
});

afterAll(() => project?.remove());

it('a renamed page without a redirect fails the check, naming the old address and the line to add', async () => {
  await rename(join(project.root, 'content/services/installation.mdx'), join(project.root, 'content/services/install.mdx'));
  await git('add', '-A');
  await git('commit', '-q', '-m', 'Rename installation.mdx to install.mdx');
  const { code, output } = await checkAddresses('main');
  expect(code).toBe(1);
  expect(output).toContain('/services/installation no longer answers');
  expect(output).toContain('Add this line to content/redirects.yaml to send its visitors on: /services/installation: /services/install');
  // On the pull request, an annotation on the redirects file.
  expect(output).toMatch(/^::error file=content\/redirects\.yaml,title=An address stops answering::\/services\/installation no longer answers/m);
});

it('with the line in content/redirects.yaml, the check passes', async () => {
  await writeFile(join(project.root, 'content/redirects.yaml'), '/services/installation: /services/install\n');
  await git('add', '-A');
  await git('commit', '-q', '-m', 'Send the old address to the new one');
  const { code, output } = await checkAddresses('main');
  expect(output).toMatch(/every address of \w+ still answers/);
  expect(code).toBe(0);
});
