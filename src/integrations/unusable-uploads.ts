/**
 * An image in content/uploads/ that the image pipeline cannot read (a web page or a drawing under a .png name, a PNG
 * that says it is 30,000 pixels wide) fails only a page that shows it, never the whole build. Every upload is in
 * src/content/uploaded-images.ts's glob, and Astro reads each one's size as the build bundles it, so such a file,
 * unused, failed every build with Astro's NoImageMetadata; one shown in a page's text was shipped unresized under a
 * .webp name. Here its import resolves instead to a module that throws the file's own sentence
 * (src/content/image-checks.ts) when a page loads it; an image field that names it is refused earlier still, at its
 * line, by the content check.
 * Build time only (Node).
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { unusableUploadMessage } from '../content/image-checks.ts';
import { uploadsFolder } from '../schemas/image-path.ts';

// Imports of an upload, as the glob writes them (relative to its module, ../../content/uploads/x.png, or from the
// root) and as a page's text does (../uploads/x.png, relative to the page's file).
const uploadImport = /(^|\/)uploads\/[^/?#]+\.(png|jpe?g|webp|avif)$/i;
const prefix = '\0unusable-upload:';

export function unusableUploads(): Plugin {
  let root = process.cwd();
  const messages: string[] = [];
  return {
    name: 'unusable-uploads',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(source, importer) {
      if (!uploadImport.test(source)) return undefined;
      const file = source.startsWith('/') ? join(root, source) : importer ? resolve(dirname(importer), source) : join(root, source);
      if (dirname(file) !== join(root, uploadsFolder)) return undefined;
      if (!existsSync(file)) return undefined;
      const message = unusableUploadMessage(file, relative(root, file));
      if (!message) return undefined;
      // An id without the file's extension, so the image plugin leaves it alone.
      messages.push(message);
      return `${prefix}${messages.length - 1}`;
    },
    load(id) {
      if (!id.startsWith(prefix)) return undefined;
      return `throw new Error(${JSON.stringify(messages[Number(id.slice(prefix.length))])});\nexport default undefined;\n`;
    },
  };
}
