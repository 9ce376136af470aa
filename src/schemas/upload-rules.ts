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

/**
 * 40 megapixels: a full-frame camera's photo fits; above it sharp's decoding memory grows past what a build machine
 * spares, and a small file can declare 30,000 × 30,000 pixels (900 Mpx), which sharp refuses to read.
 */
export const maxUploadPixels = 40_000_000;

/** How much of a file the checks read: enough to reach a JPEG's size after its camera and colour blocks. */
export const uploadHeadBytes = 256 * 1024;

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

const u16be = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const u32be = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
const u24le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);

/** A JPEG's size, from its first frame header (SOF0–SOF15 but DHT, JPG and DAC), walking the blocks before it. */
function jpegSize(head: Uint8Array): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < head.length) {
    if (head[at] !== 0xff) return undefined;
    const marker = head[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(head, at + 5), width: u16be(head, at + 7) };
    }
    at += 2 + u16be(head, at + 2);
  }
  return undefined;
}

/**
 * The width and height a raster file declares in its header, for the formats the site takes; undefined when the
 * header is not in `head` (a truncated file, or a JPEG whose blocks run past it).
 */
export function declaredSize(head: Uint8Array, format: string | undefined): { width: number; height: number } | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (format === 'png' && head.length >= 24 && ascii(12, 16) === 'IHDR') return { width: u32be(head, 16), height: u32be(head, 20) };
  if (format === 'gif' && head.length >= 10) return { width: head[6]! | (head[7]! << 8), height: head[8]! | (head[9]! << 8) };
  if (format === 'jpeg') return jpegSize(head);
  if (format === 'webp' && head.length >= 30) {
    const chunk = ascii(12, 16);
    if (chunk === 'VP8X') return { width: 1 + u24le(head, 24), height: 1 + u24le(head, 27) };
    if (chunk === 'VP8 ') return { width: (head[26]! | (head[27]! << 8)) & 0x3fff, height: (head[28]! | (head[29]! << 8)) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = head[21]! | (head[22]! << 8) | (head[23]! << 16) | (head[24]! << 24);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
    }
  }
  if (format === 'avif') {
    // The image's spatial extent property: 'ispe', 4 bytes of version and flags, then width and height.
    const at = ascii(0, head.length).indexOf('ispe');
    if (at !== -1 && at + 16 <= head.length) return { width: u32be(head, at + 8), height: u32be(head, at + 12) };
  }
  return undefined;
}

const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000).toLocaleString('en-GB')} megapixels`;

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
  // Bytes that are no image the site takes (a web page, a drawing behind a comment, a damaged file) break every build.
  if (head && format === undefined) {
    return `"${name}" is named .${extension} but its contents are not a ${extension.toUpperCase()} image (it may be a web page, a drawing or a damaged file): open it in an image program, export it as PNG or JPEG and upload that.`;
  }
  const declared = head ? declaredSize(head, format) : undefined;
  if (declared && declared.width * declared.height > maxUploadPixels) {
    const { width, height } = declared;
    return `"${name}" is ${width.toLocaleString('en-GB')} × ${height.toLocaleString('en-GB')} pixels (${megapixels(width * height)}); the site takes images up to ${megapixels(maxUploadPixels)}: export a smaller copy (2,000 pixels wide is plenty for any page) and upload that.`;
  }
  if (size > maxUploadBytes) {
    return `"${name}" is ${sizeInMb(size)}; the site takes images up to ${maxUploadWords}: export a smaller copy (2,000 pixels wide is plenty for any page) and upload that.`;
  }
  return undefined;
}

/** The raster formats the image pipeline turns into AVIF and WebP. */
const rasterFormats = ['png', 'jpeg', 'webp', 'avif'];

/**
 * Why a file already in content/uploads/ (its first `uploadHeadBytes` in `head`) would break the image pipeline, in
 * words that follow its name; undefined when it can be used. For files that arrived without the editor's check.
 */
export function unusableImageReason(head: Uint8Array): string | undefined {
  const format = formatOfBytes(head);
  if (!format || !rasterFormats.includes(format)) {
    return `its contents are not a PNG, JPEG, WebP or AVIF image (${format ? `it is ${format === 'heic' ? 'a HEIC photo' : `a ${format.toUpperCase()} file`}` : 'it may be a web page, a drawing or a damaged file'})`;
  }
  const declared = declaredSize(head, format);
  if (declared && declared.width * declared.height > maxUploadPixels) {
    const { width, height } = declared;
    return `it is ${width.toLocaleString('en-GB')} × ${height.toLocaleString('en-GB')} pixels (${megapixels(width * height)}), over the ${megapixels(maxUploadPixels)} the site takes`;
  }
  return undefined;
}

/** The sentence the editor shows above a refused upload's reason. */
export const uploadRefusedHeading = `Not uploaded: nothing was added to ${uploadsFolder}/.`;
