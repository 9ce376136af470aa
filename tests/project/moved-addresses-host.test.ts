/**
 * On the default host, an old address keeps answering: in a copy of the project, installation.mdx renamed to
 * install.mdx with its line in content/redirects.yaml, and the trainings page retired (`retiredTo: /outsourcing`),
 * built as for production and served by Cloudflare's local Pages runtime (`wrangler pages dev`) with the real
 * `_redirects`: both old addresses answer 301 with the new address as Location, and the retired page is not built,
 * not in the sitemap, and not in the menus or the overview cards.
 */
import { cp, readFile, rename, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startPagesDev, type PagesDev } from '../support/pages-dev.ts';
import { astro, copyProject, repoRoot } from '../support/project-copy.ts';

let project: Awaited<ReturnType<typeof copyProject>> | undefined;
let host: PagesDev | undefined;

const get = (path: string) => fetch(`${host!.origin}${path}`, { redirect: 'manual' });

beforeAll(async () => {
  project = await copyProject('moved-addresses-');
  const { root } = project;
  await cp(join(repoRoot, 'wrangler.jsonc'), join(root, 'wrangler.jsonc'));
  await rename(join(root, 'content/services/installation.mdx'), join(root, 'content/services/install.mdx'));
  await writeFile(join(root, 'content/redirects.yaml'), '/services/installation: /services/install\n');
  const trainings = join(root, 'content/outsourcing/trainings.mdx');
  await writeFile(trainings, (await readFile(trainings, 'utf8')).replace(/^navLabel:/m, 'retiredTo: /outsourcing\nnavLabel:'));
  await astro(root, 'build');
  host = await startPagesDev({ root, bindings: {} });
}, 240_000);

afterAll(async () => {
  host?.close();
  await project?.remove();
});

test('a renamed page’s old address and a retired page’s address answer 301 with the new address', async () => {
  for (const [from, to] of [
    ['/services/installation', '/services/install'],
    ['/outsourcing/trainings', '/outsourcing'],
  ]) {
    const response = await get(from);
    expect(response.status, from).toBe(301);
    expect(response.headers.get('location'), from).toBe(to);
  }
  expect((await get('/services/install')).status).toBe(200);
});

test('the retired page is not built, listed or indexed; its address forwards on hosts without _redirects', async () => {
  const dist = join(project!.root, 'dist');
  const forwarding = await readFile(join(dist, 'outsourcing/trainings.html'), 'utf8');
  expect(forwarding).toContain('content="0; url=/outsourcing"');
  expect(forwarding).toContain('This page has moved');
  expect(await readFile(join(dist, 'sitemap-0.xml'), 'utf8')).not.toMatch(/outsourcing\/trainings|services\/installation</);
  for (const page of ['index.html', 'outsourcing.html']) expect(await readFile(join(dist, page), 'utf8'), page).not.toContain('href="/outsourcing/trainings"');
  expect(existsSync(join(dist, 'services/install.html'))).toBe(true);
});
