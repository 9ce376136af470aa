/**
 * Originals that no page uses stay out of dist/: in a copy of the project with a large photo uploaded but shown
 * nowhere and a smaller one shown on a page, the build serves only the sized AVIF and WebP copies of the shown one
 * (src/integrations/unused-uploads.ts), and nothing at all of the other. Files put in content/uploads/ by hand that
 * are no image the pipeline can read (a web page and a drawing under .png names, a PNG declaring 30,000 × 30,000
 * pixels) leave the build green while no page shows them (src/integrations/unusable-uploads.ts); shown in a page's
 * text, one fails the build naming the file and the fix.
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
  // The hostile review's uploads, as if committed through GitHub's web editor, past the editor's check.
  const bomb = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1840a0' } })
    .png()
    .toBuffer();
  bomb.writeUInt32BE(30_000, 16);
  bomb.writeUInt32BE(30_000, 20);
  for (const [name, bytes] of Object.entries(unusable(bomb))) await writeFile(join(project.root, 'content/uploads', name), bytes);
});

const unusable = (bomb: Buffer): Record<string, Buffer | string> => ({
  'page-saved-as.png': '<html><body><h1>Our team</h1></body></html>',
  'drawing-saved-as.png': '<!-- exported --><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
  'huge-logo.png': bomb,
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
  // The unusable uploads, shown nowhere, left the build green and are not in dist/.
  expect(built.filter((path) => /page-saved-as|drawing-saved-as|huge-logo/.test(path))).toEqual([]);
});

it('fails the build when a page shows an unusable upload, naming the file and the fix', { timeout: 180_000 }, async () => {
  const original = await readFile(join(project.root, file), 'utf8');
  await writeFile(join(project.root, file), `${original}\n![Our logo, very large](../uploads/huge-logo.png)\n`);
  try {
    const failed = await astro(project.root, 'build').then(
      () => '',
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
    expect(failed).toContain(
      'content/uploads/huge-logo.png cannot be shown: it is 30,000 × 30,000 pixels (900 megapixels), over the 40 megapixels the site takes. Delete it, or upload a new copy exported as PNG or JPEG (docs/CONTENT.md, section 3)',
    );
  } finally {
    await writeFile(join(project.root, file), original);
  }
});
