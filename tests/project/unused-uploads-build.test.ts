/**
 * Originals that no page uses stay out of dist/: in a copy of the project with a large photo uploaded but shown
 * nowhere and a smaller one shown on a page, the build serves only the sized AVIF and WebP copies of the shown one
 * (src/integrations/unused-uploads.ts), and nothing at all of the other.
 */
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { astro, copyProject } from '../support/project-copy.ts';

const file = 'content/services/installation.mdx';
let project: Awaited<ReturnType<typeof copyProject>>;

beforeAll(async () => {
  project = await copyProject('unused-uploads-');
  await mkdir(join(project.root, 'content/uploads'), { recursive: true });
  // Noise does not compress: a photo-sized file of several megabytes.
  await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toFile(join(project.root, 'content/uploads/unused-original.png'));
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 24, g: 64, b: 160 } } })
    .jpeg()
    .toFile(join(project.root, 'content/uploads/rack.jpg'));
  const original = await readFile(join(project.root, file), 'utf8');
  await writeFile(join(project.root, file), `${original}\n![Two engineers cabling a server rack](../uploads/rack.jpg)\n`);
});

afterAll(async () => {
  await project?.remove();
});

it('serves the shown upload as sized copies and leaves an unused upload out of dist/', { timeout: 180_000 }, async () => {
  expect((await stat(join(project.root, 'content/uploads/unused-original.png'))).size).toBeGreaterThan(4_000_000);
  await astro(project.root, 'build');
  const built = (await readdir(join(project.root, 'dist'), { recursive: true })).map(String);
  expect(built.filter((path) => path.includes('unused-original'))).toEqual([]);
  const rack = built.filter((path) => /(^|\/)rack\./.test(path)).map((path) => path.split('.').at(-1));
  expect(rack).toContain('avif');
  expect(rack).toContain('webp');
  // The page names every rack file the build kept.
  const html = await readFile(join(project.root, 'dist/services/installation.html'), 'utf8');
  for (const path of built.filter((path) => /(^|\/)rack\./.test(path))) expect(html).toContain(`/${path}`);
});
