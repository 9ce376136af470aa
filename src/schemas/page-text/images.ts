/**
 * Images in a page's text: each is written ![what it shows](../uploads/name.png), names an uploaded file and has
 * alt text, so Astro's image pipeline can size and convert it. The build asks the disk whether the file exists
 * (src/content/markdown-images.ts), the editor the site index's list of uploads.
 */
import { editDistance } from '../issue-messages.ts';
import { imagePathProblem, uploadName, uploadsFolder, uploadsPath } from '../image-path.ts';
import { nodesOf, type TextProblem, type TreeNode } from './tree.ts';

// Not written as ![alt](path): Astro's error display would show that as a link.
export const markdownImageForm = `![what it shows] directly followed by (${uploadsPath}<name>)`;

/** The sentence for an image file that is not there, with an uploaded file whose name is a few letters away. */
export function missingImageSentence(name: string, uploads: readonly string[]): string {
  const [best] = uploads.map((file) => ({ file, distance: editDistance(file.toLowerCase(), name.toLowerCase()) })).sort((a, b) => a.distance - b.distance);
  const meant = best && best.distance <= 3 ? ` (did you mean ${best.file}?)` : '';
  return `the image ${name} is not in ${uploadsFolder}/: upload it in the editor's Media, or fix the name${meant}`;
}

export const htmlImageMessage = `an HTML <img> is not resized and converted for each screen: write the image in Markdown, as ${markdownImageForm}`;

/** What is wrong with an image of the page text at `url` with `alt`, or undefined. */
export function imageProblem(url: string, alt: string, uploads?: readonly string[]): string | undefined {
  let path = url;
  try {
    path = decodeURI(url);
  } catch {
    // A lone "%" stays as written; the form check names it.
  }
  const form = imagePathProblem(path);
  if (form) return form;
  if (uploads && !uploads.includes(uploadName(path))) return missingImageSentence(uploadName(path), uploads);
  if (alt.trim() === '')
    return `the image ${uploadName(path)} has no alt text: write what it shows between its square brackets, ![…], for visitors who cannot see it`;
  return undefined;
}

/** Every image problem of the tree, `uploads` being the names of the files in content/uploads/ (without them, files are not looked for). */
export function imageProblemsIn(tree: TreeNode, uploads?: readonly string[]): TextProblem[] {
  return [...nodesOf(tree)].flatMap(({ node, at }) => {
    let message: string | undefined;
    if (node.type === 'image') message = imageProblem(node.url ?? '', node.alt ?? '', uploads);
    else if (node.type === 'imageReference') message = `write the image with its path beside it, as ${markdownImageForm}, rather than as a reference`;
    else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'img') message = htmlImageMessage;
    return message ? [{ ...at, message: `in the page text: ${message}` }] : [];
  });
}
