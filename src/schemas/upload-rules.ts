/**
 * What the editor's Media takes as an upload: the kinds of image the build turns into AVIF and WebP
 * (image-path.ts's list, the one the content checks use), up to a size the image pipeline handles quickly. Used by
 * the editor in the browser before anything is sent (src/cms/editor/upload-guard.ts) and by the local backend
 * before anything is written (scripts/local-backend/editor-backend-guard.ts), with the same sentences.
 */
import { imageExtensions, uploadsFolder } from './image-path.ts';

/** 10 MB: a phone photo at full size fits; sharp resizes such a file in about a second on the build machine. */
export const maxUploadBytes = 10 * 1024 * 1024;
export const maxUploadWords = '10 MB';

const accepted = imageExtensions.join(', ');
const extensionOf = (name: string) => (name.includes('.') ? name.split('.').at(-1)!.toLowerCase() : '');

/** The kind of file its first bytes show, for the kinds a writer is likely to upload; undefined when not recognised. */
export function formatOfBytes(head: Uint8Array): string | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 4) === 'GIF8') return 'gif';
  if (ascii(0, 5) === '%PDF-') return 'pdf';
  if (ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (/^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(brand)) return 'heic';
  }
  if (/^\s*(<\?xml|<svg|<!DOCTYPE svg)/i.test(ascii(0, Math.min(head.length, 64)))) return 'svg';
  return undefined;
}

const sizeInMb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Why the site cannot use the file `name` of `size` bytes (its first bytes in `head`, when known), as a sentence
 * for the writer; undefined when it can.
 */
export function uploadProblem({ name, size, head }: { name: string; size: number; head?: Uint8Array }): string | undefined {
  const extension = extensionOf(name);
  const format = head ? formatOfBytes(head) : undefined;
  const kind = format === 'heic' || format === 'svg' || format === 'pdf' ? format : extension === 'heif' ? 'heic' : extension;
  if (kind === 'svg') {
    return `"${name}" is an SVG drawing, which the site does not show as an image: export it as PNG (most drawing programs offer "Export as PNG") and upload that. The site shows ${accepted} files.`;
  }
  if (kind === 'heic') {
    return `"${name}" is an iPhone photo in HEIC format, which browsers cannot show: export it as JPEG (on a Mac, open it in Preview and choose File, Export, Format JPEG; on an iPhone, set Settings, Camera, Formats to Most Compatible) and upload that.`;
  }
  if (!(imageExtensions as readonly string[]).includes(extension)) {
    return `"${name}" is not an image the site can show: upload a ${accepted} file (a PDF or a document cannot be shown as an image; save the picture in it as PNG or JPEG).`;
  }
  if (format !== undefined && format !== (extension === 'jpg' ? 'jpeg' : extension)) {
    return `"${name}" is named .${extension} but is a ${format.toUpperCase()} file inside: export it again as ${extension.toUpperCase()} and upload that.`;
  }
  if (size > maxUploadBytes) {
    return `"${name}" is ${sizeInMb(size)}; the site takes images up to ${maxUploadWords}: export a smaller copy (2,000 pixels wide is plenty for any page) and upload that.`;
  }
  return undefined;
}

/** The sentence the editor shows above a refused upload's reason. */
export const uploadRefusedHeading = `Not uploaded: nothing was added to ${uploadsFolder}/.`;
