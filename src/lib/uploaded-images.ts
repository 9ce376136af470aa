/**
 * The image files of content/uploads/ as Astro's image pipeline takes them (width, height, format), looked up by
 * the path content writes (../uploads/<name>). Each is imported only when a page shows it.
 */
import type { ImageMetadata } from 'astro';
import { uploadName, uploadsFolder } from './image-path.ts';

const uploads = import.meta.glob<ImageMetadata>('/content/uploads/*.{png,jpg,jpeg,webp,avif,PNG,JPG,JPEG,WEBP,AVIF}', { import: 'default' });

export async function uploadedImage(path: string): Promise<ImageMetadata> {
  const load = uploads[`/${uploadsFolder}/${uploadName(path)}`];
  // The content loader has checked that the file exists (src/lib/content-images.ts); this is a file removed since.
  if (!load) throw new Error(`${path}: the image ${uploadName(path)} is not in ${uploadsFolder}/: upload it in the editor's Media, or fix the name`);
  return load();
}
