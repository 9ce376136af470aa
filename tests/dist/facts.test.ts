/**
 * A fact written once in src/config changes everywhere it is quoted: a copy of the site, its content cache filled
 * with the old values, is built with two facts changed and compared, page by page, with dist/ (npm test builds first).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalPages } from '../../scripts/content/content-routes.ts';
import { astro, copyProject, repoRoot } from '../support/project-copy.ts';

const dist = join(repoRoot, 'dist');
/** Each changed fact: where it is written, and how it reads on the page before and after. */
const changes = [
  { file: 'src/config/figures.ts', from: "yearsExperience: '30+'", to: "yearsExperience: '73+'", pageFrom: /(?<![\d.])30\+/g, pageTo: /(?<![\d.])73\+/g },
  { file: 'src/config/company.ts', from: 'responseTimeHours = 24;', to: 'responseTimeHours = 19;', pageFrom: /\b24[ -]hours?\b/g, pageTo: /\b19[ -]hours?\b/g },
];

async function files(root: string, extension: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true });
  return entries.filter((entry) => entry.endsWith(extension)).map((entry) => join(root, entry));
}
const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
/** Page text without the hashes and asset names that differ between any two builds. */
const pageText = async (file: string) => (await readFile(file, 'utf8')).replace(/<script(?![^>]*ld\+json)[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, '');

describe('a fact changed in src/config', () => {
  let copy: Awaited<ReturnType<typeof copyProject>>;

  // Set-up: a copy, astro sync and a whole build of it, about 40 core-seconds, close to three minutes on a loaded
  // 2-core machine.
  beforeAll(async () => {
    if (!existsSync(join(dist, 'index.html'))) throw new Error('No dist/index.html: run "npm run build" first (npm test does).');
    copy = await copyProject('facts-');
    // The content check first, as it is, so the build starts from a content cache holding the old values, as a
    // writer's would (astro sync fills the same store as a build's first step, at a fifth of the build's cost).
    await astro(copy.root, 'sync');
    for (const change of changes) {
      const path = join(copy.root, change.file);
      const source = await readFile(path, 'utf8');
      if (!source.includes(change.from)) throw new Error(`${change.file} no longer holds ${change.from}: update this test`);
      await writeFile(path, source.replace(change.from, change.to));
    }
    await astro(copy.root, 'build');
  }, 600_000);

  afterAll(() => copy?.remove());

  it('changes on every page that quotes it, every time it is quoted', async () => {
    const quoting = new Set<string>();
    const mismatches: string[] = [];
    for (const builtPage of await files(dist, '.html')) {
      const page = relative(dist, builtPage);
      const [before, after] = await Promise.all([pageText(builtPage), pageText(join(copy.root, 'dist', page))]);
      for (const change of changes) {
        const quoted = count(before, change.pageFrom);
        if (quoted > 0) quoting.add(`${page} ${change.file}`);
        if (count(after, change.pageTo) !== quoted || count(after, change.pageFrom) !== 0) {
          mismatches.push(
            `${page}: ${quoted} × ${change.pageFrom} before, ${count(after, change.pageTo)} × ${change.pageTo} and ${count(after, change.pageFrom)} × the old value after`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The footer quotes the years on every page; the response time is promised on the contact, legal and most service pages.
    expect([...quoting].filter((entry) => entry.endsWith('figures.ts')).length).toBeGreaterThanOrEqual(34);
    // Every legal page promises it under its text (src/layouts/LegalPage.astro), a new one too.
    const legal = legalPages().map((page) => `${page.slug}.html src/config/company.ts`);
    expect(legal, 'the legal pages of content/legal').not.toHaveLength(0);
    expect([...quoting].filter((entry) => entry.endsWith('company.ts'))).toEqual(expect.arrayContaining(['contact.html src/config/company.ts', ...legal]));
  });

  it('changes in the contact form’s messages', async () => {
    const scripts = await Promise.all((await files(join(copy.root, 'dist/_astro'), '.js')).map((file) => readFile(file, 'utf8')));
    const bundle = scripts.join('\n');
    expect(bundle).toMatch(/\b19 hours\b/);
    expect(bundle).not.toMatch(/\b24 hours\b/);
  });
});
