/**
 * Every source of the pages' policy lives in src/config/security.ts: a third-party script source added there, and
 * nowhere else, reaches the policy of every built page, in its `script-src` beside the page's own hashes, in a copy
 * of the project.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { astro, copyProject } from '../support/project-copy.ts';

const thirdParty = 'https://widgets.example.net';
let project: Awaited<ReturnType<typeof copyProject>>;

beforeAll(async () => {
  project = await copyProject('script-source-');
}, 60_000);

afterAll(async () => {
  await project?.remove();
});

const scriptSources = (html: string) =>
  /<meta http-equiv="content-security-policy" content="([^"]*)"/
    .exec(html)?.[1]
    ?.replaceAll('&#39;', "'")
    .split(';')
    .find((directive) => directive.startsWith('script-src '))
    ?.split(' ')
    .slice(1) ?? [];

it('puts a script source added to src/config/security.ts in every page’s policy', { timeout: 300_000 }, async () => {
  const file = join(project.root, 'src/config/security.ts');
  const source = await readFile(file, 'utf8');
  const line = `const scriptSources = ["'self'"];`;
  expect(source, 'security.ts lists the script sources on one line').toContain(line);
  await writeFile(file, source.replace(line, `const scriptSources = ["'self'", '${thirdParty}'];`));

  await astro(project.root, 'build');
  const dist = join(project.root, 'dist');
  const pages = (await readdir(dist, { recursive: true })).filter((name) => name.endsWith('.html') && !name.startsWith('admin'));
  expect(pages.length).toBeGreaterThan(30);
  for (const page of pages) {
    const sources = scriptSources(await readFile(join(dist, page), 'utf8'));
    expect(sources.slice(0, 2), page).toEqual(["'self'", thirdParty]);
    expect(
      sources.slice(2).every((hash) => hash.startsWith("'sha256-")),
      `${page}: then only the page's own hashes`,
    ).toBe(true);
  }
});
