/**
 * Images through the real build, in a copy of the project: a card's image and one written in the MDX body come out
 * as <picture> with AVIF and WebP files from /_astro/ at several widths, sized and lazy, on a service's page and on a
 * case study's (its body, its own image beside the title, and its card on /case-studies), as docs/CONTENT.md §3
 * says; wrong images in the body stop the build with the file and the line of each.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astro, copyProject } from '../support/project-copy.ts';

const file = 'content/services/installation.mdx';
const bodyAlt = 'Two engineers cabling a server rack';

interface Element {
  tag: string;
  attributes: Record<string, string>;
  parent?: Element;
}

function elements(html: string): Element[] {
  const found: Element[] = [];
  const open: Element[] = [];
  const parser = new Parser({
    onopentag(tag, attributes) {
      const element = { tag, attributes, parent: open.at(-1) };
      found.push(element);
      open.push(element);
    },
    onclosetag() {
      open.pop();
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

const widthsOf = (srcset: string) => srcset.split(', ').map((candidate) => candidate.split(' ')[1]);
const urlsOf = (srcset: string) => srcset.split(', ').map((candidate) => candidate.split(' ')[0]!);

describe('images in the built site', () => {
  let project: Awaited<ReturnType<typeof copyProject>>;
  let original = '';

  beforeAll(async () => {
    project = await copyProject('content-images-');
    original = await readFile(join(project.root, file), 'utf8');
    await mkdir(join(project.root, 'content/uploads'), { recursive: true });
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 24, g: 64, b: 160 } } })
      .jpeg()
      .toFile(join(project.root, 'content/uploads/rack.jpg'));
  });

  afterAll(async () => {
    await project?.remove();
  });

  it('serves a card image and a body image as AVIF and WebP at several widths, sized and lazy', { timeout: 180_000 }, async () => {
    const withImages = original.replace(
      '      - title: Server and Storage Installation\n',
      '      - title: Server and Storage Installation\n        image:\n          src: ../uploads/rack.jpg\n          decorative: true\n',
    );
    await writeFile(join(project.root, file), `${withImages}\n![${bodyAlt}](../uploads/rack.jpg)\n`);
    await astro(project.root, 'build');
    const page = elements(await readFile(join(project.root, 'dist/services/installation.html'), 'utf8'));

    const card = page.find(({ tag, parent }) => tag === 'img' && parent?.parent?.tag === 'article');
    const body = page.find(({ tag, attributes }) => tag === 'img' && attributes.alt === bodyAlt);
    expect(card?.attributes).toMatchObject({ alt: '', width: '800', height: '533', loading: 'lazy', decoding: 'async' });
    expect(body?.attributes).toMatchObject({ width: '1200', height: '800', loading: 'lazy', decoding: 'async' });
    expect(widthsOf(card!.attributes.srcset!)).toEqual(['400w', '800w']);
    expect(widthsOf(body!.attributes.srcset!)).toEqual(['400w', '768w', '1200w']);
    await expectResponsive(page, [card!, body!]);
  });

  it("serves a case study's body image, its own image and its card's image the same way", { timeout: 180_000 }, async () => {
    const [caseStudy] = (await readdir(join(project.root, 'content/case-studies'))).filter((name) => name.endsWith('.mdx'));
    const studyFile = join(project.root, 'content/case-studies', caseStudy!);
    const studyAlt = 'The new service desk’s wallboard';
    const text = await readFile(studyFile, 'utf8');
    const withImage = text.replace(/^---\n/, `---\nimage:\n  src: ../uploads/rack.jpg\n  alt: ${studyAlt}\n`);
    await writeFile(studyFile, `${withImage}\n![${bodyAlt}](../uploads/rack.jpg)\n`);
    await astro(project.root, 'build');
    const slug = caseStudy!.replace(/\.mdx$/, '');
    const page = elements(await readFile(join(project.root, `dist/case-studies/${slug}.html`), 'utf8'));
    const body = page.find(({ tag, attributes }) => tag === 'img' && attributes.alt === bodyAlt);
    const own = page.find(({ tag, attributes }) => tag === 'img' && attributes.alt === studyAlt);
    expect(body?.attributes).toMatchObject({ width: '1200', height: '800', loading: 'lazy' });
    expect(widthsOf(body!.attributes.srcset!)).toEqual(['400w', '768w', '1200w']);
    expect(own).toBeDefined();
    await expectResponsive(page, [body!, own!]);

    const hub = elements(await readFile(join(project.root, 'dist/case-studies.html'), 'utf8'));
    const card = hub.find(({ tag, attributes }) => tag === 'img' && attributes.alt === studyAlt);
    expect(card?.attributes).toMatchObject({ loading: 'lazy' });
    expect(widthsOf(card!.attributes.srcset!)).toEqual(['400w', '800w']);
    await expectResponsive(hub, [card!]);
  });

  /** Each image in a <picture> whose AVIF source and WebP <img> offer the same sizes, as files in those formats. */
  async function expectResponsive(page: Element[], images: Element[]) {
    for (const img of images) {
      expect(img.parent?.tag).toBe('picture');
      const avif = page.find((element) => element.parent === img.parent && element.tag === 'source');
      expect(avif?.attributes.type).toBe('image/avif');
      expect(avif?.attributes.sizes).toBe(img.attributes.sizes);
      for (const url of urlsOf(avif!.attributes.srcset!)) expect(url).toMatch(/^\/_astro\/rack\.[\w-]+\.avif$/);
      for (const url of [img.attributes.src!, ...urlsOf(img.attributes.srcset!)]) expect(url).toMatch(/^\/_astro\/rack\.[\w-]+\.webp$/);
      for (const url of [...urlsOf(avif!.attributes.srcset!), ...urlsOf(img.attributes.srcset!)]) {
        expect((await sharp(join(project.root, 'dist', url)).metadata()).format).toBe(url.endsWith('.avif') ? 'heif' : 'webp');
      }
    }
  }

  it('stops at body images without alt text or whose file is missing, naming the file and the line of each', { timeout: 180_000 }, async () => {
    await writeFile(join(project.root, file), `${original}\n![](../uploads/rack.jpg)\n\n![A rack](../uploads/racks.jpg)\n`);
    const lines = original.split('\n').length;
    const failure = await astro(project.root, 'build').then(
      () => undefined,
      (error: { stdout: string; stderr: string }) => error,
    );
    expect(failure, 'astro build should fail').toBeDefined();
    const output = `${failure!.stdout}\n${failure!.stderr}`;
    expect(output).toContain(
      `${file}:${lines + 1}:1 in the page text: the image rack.jpg has no alt text: write what it shows between its square brackets, ![…], for visitors who cannot see it`,
    );
    expect(output).toContain(
      `${file}:${lines + 3}:1 in the page text: the image racks.jpg is not in content/uploads/: upload it in the editor's Media, or fix the name (did you mean rack.jpg?)`,
    );
  });
});
