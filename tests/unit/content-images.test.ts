/**
 * Images in content: the schema's rules for an image field, the editor's widget for it, and the check of images in
 * MDX bodies (the Sätteri plugin, compiled here on files in a temporary folder; the build runs it in
 * content-images-build.test.ts).
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { mdxToJs } from 'satteri';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decapConfig } from '../../src/cms/editor/decap-config.ts';
import type { DecapField } from '../../src/cms/editor/decap-fields.ts';
import { imagesPlugin } from '../../src/content/markdown-images.ts';
import { image } from '../../src/schemas/fields.ts';

const messages = (value: unknown) => image.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.') || '(image)'}: ${issue.message}`) ?? [];

describe('an image field', () => {
  it('takes an uploaded image with its alt text, or marked decorative', () => {
    expect(messages({ src: '../uploads/rack.png', alt: 'A server rack' })).toEqual([]);
    expect(messages({ src: '../uploads/rack.jpg', decorative: true })).toEqual([]);
    expect(messages({ src: '../uploads/rack.webp', alt: '', decorative: true })).toEqual([]);
  });

  it('refuses an image with neither alt text nor decorative, and one with both', () => {
    expect(messages({ src: '../uploads/rack.png' })).toEqual([
      'alt: the image needs its alt text: say in a few words what it shows, for visitors who cannot see it; or set decorative: true if it only decorates',
    ]);
    expect(messages({ src: '../uploads/rack.png', alt: '  ' })).toHaveLength(1);
    expect(messages({ src: '../uploads/rack.png', alt: 'A rack', decorative: true })).toEqual([
      'decorative: an image is either described by its alt text or decorative, not both: remove the alt text, or set decorative: false',
    ]);
  });

  it('refuses an image on another site, one outside content/uploads/ and a file that is no image, saying what to write', () => {
    expect(messages({ src: 'https://cdn.example.com/rack.png', alt: 'A rack' })[0]).toMatch(
      /^src: "https:\/\/cdn\.example\.com\/rack\.png" is an image on another site, which the site's security policy does not load/,
    );
    expect(messages({ src: '//cdn.example.com/rack.png', alt: 'A rack' })[0]).toMatch(/is an image on another site/);
    expect(messages({ src: '/uploads/rack.png', alt: 'A rack' })).toEqual([
      "src: write the image as ../uploads/rack.png: images live in content/uploads/ (the editor's Media puts them there and writes the path for you)",
    ]);
    expect(messages({ src: 'rack.png', alt: 'A rack' })[0]).toMatch(/^src: write the image as \.\.\/uploads\/rack\.png/);
    expect(messages({ src: '../uploads/brochure.pdf', alt: 'A rack' })).toEqual([
      `src: "../uploads/brochure.pdf" is not an image the site can show: use a png, jpg, jpeg, webp, avif file (upload it in the editor's Media)`,
    ]);
  });
});

describe('the editor', () => {
  const config = decapConfig({ siteUrl: 'https://www.example.com', githubRepo: 'owner/site' });
  const services = config.collections.find((collection) => collection.name === 'services')!;
  if (!('fields' in services)) throw new Error('services is a folder collection, with fields');
  const field = (fields: readonly DecapField[], ...path: string[]): DecapField => {
    const [name, ...rest] = path;
    const found = fields.find((candidate) => candidate.name === name)!;
    return rest.length === 0 ? found : field(found.fields ?? found.types?.flatMap((type) => type.fields ?? []) ?? [], ...rest);
  };

  it('stores uploads in content/uploads/ and writes them into a page as ../uploads/<name>', () => {
    expect(config.media_folder).toBe('content/uploads');
    expect(config.public_folder).toBe('../uploads');
  });

  it("offers the hero's and the cards' images as Decap's image widget, without a URL box, beside alt text and decorative", () => {
    for (const path of [
      ['hero', 'image'],
      ['sections', 'items', 'image'],
    ]) {
      const group = field(services.fields, ...path);
      expect(group.widget).toBe('object');
      expect(group.fields!.map(({ name, widget, required }) => ({ name, widget, required }))).toEqual([
        // Decap would ask for a required field of an optional group even on a page without it; the build still does.
        // The "-needed" copies of Decap's widgets say so instead of Decap's "(optional)" (field-labels.ts).
        { name: 'src', widget: 'image-needed', required: false },
        { name: 'alt', widget: 'string-needed', required: false },
        { name: 'decorative', widget: 'boolean', required: false },
      ]);
      expect(group.fields![0]!.choose_url).toBe(false);
    }
  });
});

describe('images in an MDX body', () => {
  let root = '';
  let page = '';
  const compile = (body: string) => mdxToJs(body, { mdastPlugins: [imagesPlugin], fileURL: pathToFileURL(page) });

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'body-images-'));
    await mkdir(join(root, 'content/services'), { recursive: true });
    await mkdir(join(root, 'content/uploads'));
    await writeFile(join(root, 'content/uploads/rack.png'), 'an image');
    page = join(root, 'content/services/example.mdx');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('passes an uploaded image with its alt text, and text without images', () => {
    expect(() => compile('Our racks:\n\n![Two engineers cabling a server rack](../uploads/rack.png)\n')).not.toThrow();
    expect(() => compile('No image here, only [a link](/contact).')).not.toThrow();
  });

  it('stops at every wrong image of a file at once, naming the file and the line of each', () => {
    const body = [
      'Intro.',
      '',
      '![](../uploads/rack.png)',
      '',
      '![A rack](../uploads/racks.png)',
      '',
      '![A logo](https://example.com/logo.png)',
      '',
      '![A rack](/uploads/rack.png)',
      '',
      'Inline <img src="../uploads/rack.png" alt="A rack" /> too.',
      '',
      '![A rack][rack]',
      '',
      '[rack]: ../uploads/rack.png',
    ].join('\n');
    let message = '';
    try {
      compile(body);
    } catch (error) {
      message = (error as Error).message;
    }
    const at = (line: number, column = 1) => expect.stringContaining(`example.mdx:${line}:${column} in the page text: `);
    const lines = message.split('\n').slice(1);
    expect(lines).toEqual([at(3), at(5), at(7), at(9), at(11, 8), at(13)]);
    expect(lines[0]).toContain('the image rack.png has no alt text: write what it shows between its square brackets, ![…], for visitors who cannot see it');
    expect(lines[1]).toContain("the image racks.png is not in content/uploads/: upload it in the editor's Media, or fix the name (did you mean rack.png?)");
    expect(lines[2]).toContain(`"https://example.com/logo.png" is an image on another site, which the site's security policy does not load`);
    expect(lines[3]).toContain('write the image as ../uploads/rack.png: images live in content/uploads/');
    expect(lines[4]).toContain(
      'an HTML <img> is not resized and converted for each screen: write the image in Markdown, as ![what it shows] directly followed by (../uploads/<name>)',
    );
    expect(lines[5]).toContain('write the image with its path beside it');
  });
});
