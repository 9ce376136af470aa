/**
 * The form an image takes in content: a file of content/uploads/, written relative to the page's file as
 * ../uploads/<name> (every collection is one folder below content/), which is what the editor's Media writes and
 * what Astro resolves in an MDX body. That the file exists is checked where files are read (image-checks.ts,
 * markdown-images.ts); here only the form, so the schemas stay usable in the browser.
 */

/** The folder uploaded images live in, from the repository's root. */
export const uploadsFolder = 'content/uploads';
/** How a page's file reaches that folder. */
export const uploadsPath = '../uploads/';
/** The kinds of image Astro's pipeline turns into AVIF and WebP at several widths. */
export const imageExtensions = ['png', 'jpg', 'jpeg', 'webp', 'avif'] as const;

/** The file name in an image path of the right form, such as "rack.png" for "../uploads/rack.png". */
export const uploadName = (path: string): string => path.slice(uploadsPath.length);

/** What is wrong with the form of an image path, in words a writer understands; undefined when the form is right. */
export function imagePathProblem(path: string): string | undefined {
  if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(path)) {
    return `"${path}" is an image on another site, which the site's security policy does not load: save the image, upload it in the editor's Media (it is stored in ${uploadsFolder}/) and choose it there, or write ${uploadsPath}<name>`;
  }
  const name = path.split('/').at(-1) ?? '';
  const extension = name.includes('.') ? name.split('.').at(-1)!.toLowerCase() : '';
  if (!(imageExtensions as readonly string[]).includes(extension)) {
    return `"${path}" is not an image the site can show: use a ${imageExtensions.join(', ')} file (upload it in the editor's Media)`;
  }
  if (!path.startsWith(uploadsPath) || uploadName(path).includes('/') || uploadName(path).includes('\\')) {
    return `write the image as ${uploadsPath}${name}: images live in ${uploadsFolder}/ (the editor's Media puts them there and writes the path for you)`;
  }
  return undefined;
}
