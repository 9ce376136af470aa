/**
 * Room for writers (issue 47): the heaviest page of the site, with 300 more words in its page text, still reaches a
 * phone in its first round trip. The words are the privacy policy's own (real prose, new to that page), and the page
 * is whichever `npm run size` finds heaviest today, so the test follows the content.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { astro, copyProject, repoRoot } from '../support/project-copy.ts';
import { measurePage, measureSite } from '../../scripts/page-weight/page-weight.ts';
import { budgetBreaches, htmlCssBudget } from '../../scripts/page-weight/budgets.ts';
import { frontmatterOf } from '../../src/schemas/frontmatter.ts';

let project: Awaited<ReturnType<typeof copyProject>> | undefined;

beforeAll(async () => {
  project = await copyProject('page-weight-room-');
}, 60_000);

afterAll(() => project?.remove());

/** The content file a page is built from. */
function sourceOf(path: string): string {
  const [first, second] = path.split('/').filter(Boolean);
  const candidates = second ? [`content/${first}/${second}.mdx`] : [`content/pages/${first ?? 'home'}.mdx`, `content/legal/${first}.mdx`];
  const file = candidates.find((candidate) => existsSync(join(repoRoot, candidate)));
  if (!file) throw new Error(`no content file for ${path} (looked for ${candidates.join(', ')})`);
  return file;
}

/** The first `count` words of a page's text, as paragraphs of about 60 words. */
async function wordsFrom(file: string, count: number): Promise<string> {
  const source = await readFile(join(repoRoot, file), 'utf8');
  const body = source.slice(source.indexOf('\n---', 3) + 4);
  const words = body
    .replace(/^#+ .*$/gm, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`>{}|]/g, '')
    .split(/\s+/)
    .filter((word) => /^[A-Za-z][\w'’.,;:()-]*$/.test(word))
    .slice(0, count);
  expect(words).toHaveLength(count);
  const paragraphs: string[] = [];
  for (let start = 0; start < words.length; start += 60) paragraphs.push(words.slice(start, start + 60).join(' '));
  return paragraphs.map((paragraph) => `${paragraph.replace(/[,;:]$/, '')}.`).join('\n\n');
}

test('the heaviest page takes 300 more words of page text and stays within its first-response budget', async () => {
  const pages = (await measureSite('dist')).filter((page) => htmlCssBudget(page.path) === 14 * 1024 && page.path !== '/404');
  expect(pages.length).toBeGreaterThan(10);
  const heaviest = pages.reduce((most, page) => (page.html + page.css > most.html + most.css ? page : most));
  const file = sourceOf(heaviest.path);
  expect(frontmatterOf(await readFile(join(repoRoot, file), 'utf8')), `${file} has frontmatter`).toBeDefined();

  const text = await wordsFrom('content/legal/privacy-policy.mdx', 300);
  const source = await readFile(join(project!.root, file), 'utf8');
  await writeFile(join(project!.root, file), `${source.trimEnd()}\n\n${text}\n`);
  await astro(project!.root, 'build');

  const built = join(project!.root, 'dist');
  const page = await measurePage(built, join(built, heaviest.path === '/' ? 'index.html' : `${heaviest.path.slice(1)}.html`));
  expect(page.html + page.css, `${heaviest.path} grew by the 300 words`).toBeGreaterThan(heaviest.html + heaviest.css + 500);
  expect(budgetBreaches([page])).toEqual([]);
}, 300_000);
