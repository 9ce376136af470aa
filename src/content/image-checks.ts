/**
 * Every image a page's frontmatter names is a file of content/uploads/: checked when the content loader reads the
 * file (the schema checks only the path's form), so a missing one fails `astro sync`, the build and the dev
 * server's overlay with the file, line and field. Node only.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { positionOf, type Position } from '../schemas/issue-messages.ts';
import { missingImageSentence } from '../schemas/page-text/images.ts';
import { imagePathProblem, uploadName, uploadsFolder } from '../schemas/image-path.ts';

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

/**
 * One line per image of `data` (the frontmatter of `file`, whose text is `source`) whose file does not exist,
 * as `name:line:column field: message`. Paths of the wrong form are left to the schema.
 */
export function missingImages(data: unknown, source: string, file: string, name: string): Array<{ at: Position; text: string }> {
  return imageSources(data)
    .filter(({ src }) => imagePathProblem(src) === undefined && !existsSync(resolve(dirname(file), src)))
    .map(({ src, path }) => {
      const at = positionOf(source, path) ?? { line: 1, column: 1 };
      return { at, text: `${name}:${at.line}:${at.column} ${path.join('.')}: ${missingImageMessage(uploadName(src), resolve(dirname(file), dirname(src)))}` };
    });
}
