/**
 * Every image a page's frontmatter names is a file of content/uploads/: checked when the content loader reads the
 * file (the schema checks only the path's form), so a missing one fails `astro sync`, the build and the dev
 * server's overlay with the file, line and field. Node only.
 */
import { closeSync, existsSync, openSync, readSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { positionOf, type Position } from '../schemas/issue-messages.ts';
import { missingImageSentence } from '../schemas/page-text/images.ts';
import { imagePathProblem, uploadName, uploadsFolder } from '../schemas/image-path.ts';
import { unusableImageReason, uploadHeadBytes } from '../schemas/upload-rules.ts';

type Path = (string | number)[];

/** The fields that hold an uploaded image (`image`, a person's `photo`, a client's `logo`). */
const imageFields = new Set(['image', 'photo', 'logo']);

/** The `src` of each `image:` (or `photo:`, `logo:`) group in the frontmatter, with the path of that field. */
function imageSources(value: unknown, path: Path = []): Array<{ src: string; path: Path }> {
  if (Array.isArray(value)) return value.flatMap((item, index) => imageSources(item, [...path, index]));
  if (value === null || typeof value !== 'object' || value instanceof Date) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const src = (item as { src?: unknown } | null)?.src;
    if (imageFields.has(key) && typeof src === 'string') return [{ src, path: [...path, key, 'src'] }];
    return imageSources(item, [...path, key]);
  });
}

/** The names of the files in content/uploads/. */
export const uploadedFiles = (folder = uploadsFolder): string[] => (existsSync(folder) ? readdirSync(folder).sort() : []);

/** The sentence for an image file that is not there (with the uploaded file a few letters away, if any). */
export const missingImageMessage = (name: string, folder: string) => missingImageSentence(name, uploadedFiles(folder));

/** The first bytes of `file`, as many as the upload check reads. */
function headOf(file: string): Uint8Array {
  const head = new Uint8Array(uploadHeadBytes);
  const descriptor = openSync(file, 'r');
  try {
    return head.subarray(0, readSync(descriptor, head, 0, uploadHeadBytes, 0));
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Why the uploaded file `file` would break the image pipeline, as a sentence naming it (`shown`: its path in the
 * repository) and the fix; undefined when it can be used. A file put in content/uploads/ by hand skips the
 * editor's upload check: a web page or a drawing under a .png name, a PNG that says it is 30,000 pixels wide.
 */
export function unusableUploadMessage(file: string, shown: string): string | undefined {
  const reason = unusableImageReason(headOf(file));
  return reason && `${shown} cannot be shown: ${reason}. Delete it, or upload a new copy exported as PNG or JPEG (docs/CONTENT.md, section 3)`;
}

/**
 * One line per image of `data` (the frontmatter of `file`, whose text is `source`) whose file does not exist or
 * cannot be shown, as `name:line:column field: message`. Paths of the wrong form are left to the schema.
 */
export function missingImages(data: unknown, source: string, file: string, name: string): Array<{ at: Position; text: string }> {
  return imageSources(data).flatMap(({ src, path }) => {
    if (imagePathProblem(src) !== undefined) return [];
    const image = resolve(dirname(file), src);
    const problem = existsSync(image)
      ? unusableUploadMessage(image, `${uploadsFolder}/${uploadName(src)}`)
      : missingImageMessage(uploadName(src), resolve(dirname(file), dirname(src)));
    if (!problem) return [];
    const at = positionOf(source, path) ?? { line: 1, column: 1 };
    return [{ at, text: `${name}:${at.line}:${at.column} ${path.join('.')}: ${problem}` }];
  });
}
