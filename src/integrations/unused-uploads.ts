/**
 * Originals of content/uploads/ that no page uses stay out of dist/. Every upload is imported by
 * src/content/uploaded-images.ts's glob, and Astro emits the original of every image it imports into dist/_astro/;
 * it deletes one afterwards only if it made smaller copies of it and nothing asked for the original
 * (astro/dist/assets/build/generate.js), so a file no page shows stays, at full size. After the build, each emitted
 * upload (`<name>.<hash>.<extension>` in _astro/) that no built file names is removed. Build time only (Node).
 */
import type { AstroIntegration } from 'astro';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageExtensions, uploadsFolder } from '../schemas/image-path.ts';

/** Files whose text can name an image: pages, styles, scripts, feeds and the host's files. */
const textFile = /\.(html|css|js|mjs|json|xml|txt|webmanifest)$|^_headers$|^_redirects$/;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** The emitted originals of `uploads` among the files of dist/_astro/. */
export function emittedUploads(uploads: string[], assets: string[]): string[] {
  const stems = new Set(uploads.map((name) => name.slice(0, name.length - extname(name).length)));
  return assets.filter((asset) => {
    const match = /^(.+)\.[\w-]{8}\.(\w+)$/.exec(asset);
    return match !== null && stems.has(match[1]!) && (imageExtensions as readonly string[]).includes(match[2]!.toLowerCase());
  });
}

export function unusedUploads(): AstroIntegration {
  let root = '';
  return {
    name: 'kalpaka-unused-uploads',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const assetsFolder = join(dist, '_astro');
        if (!existsSync(join(root, uploadsFolder)) || !existsSync(assetsFolder)) return;
        const emitted = emittedUploads(await readdir(join(root, uploadsFolder)), await readdir(assetsFolder));
        if (emitted.length === 0) return;
        const texts = await Promise.all(
          (await filesUnder(dist)).filter((file) => textFile.test(relative(dist, file).split('/').at(-1)!)).map((file) => readFile(file, 'utf8')),
        );
        const unused = emitted.filter((asset) => !texts.some((text) => text.includes(asset)));
        await Promise.all(unused.map((asset) => rm(join(assetsFolder, asset))));
        if (unused.length > 0) logger.info(`${unused.length} uploaded original(s) no page uses left out of dist/: ${unused.join(', ')}`);
      },
    },
  };
}
