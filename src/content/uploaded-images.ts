/**
 * The image files of content/uploads/ as Astro's image pipeline takes them (width, height, format), looked up by
 * the path content writes (../uploads/<name>). Each is imported only when a page shows it.
 */
import type { ImageMetadata } from 'astro';
import type { Image } from '../schemas/fields.ts';
import { missingImageMessage } from './image-checks.ts';
import { uploadName, uploadsFolder } from '../schemas/image-path.ts';

const uploads = import.meta.glob<ImageMetadata>('/content/uploads/*.{png,jpg,jpeg,webp,avif,PNG,JPG,JPEG,WEBP,AVIF}', { import: 'default' });

export async function uploadedImage(path: string): Promise<ImageMetadata> {
  const load = uploads[`/${uploadsFolder}/${uploadName(path)}`];
  // The content loader has checked that the file exists (src/content/image-checks.ts); this is a file removed since.
  if (!load) throw new Error(`${path}: ${missingImageMessage(uploadName(path), uploadsFolder)}`);
  return load();
}

/** An image field's file and the alt text it is shown with: empty for a decorative image. */
export async function fieldImage(image: Image): Promise<{ src: ImageMetadata; alt: string }> {
  return { src: await uploadedImage(image.src), alt: image.decorative ? '' : (image.alt ?? '') };
}
