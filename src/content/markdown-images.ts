/**
 * Images in MDX bodies, checked as a plugin of Sätteri, Astro's Markdown processor: each is written
 * ![what it shows](../uploads/name.png), names a file that exists and has alt text, so Astro's image pipeline can
 * size and convert it. An image on another site (the site's security policy would refuse it), a missing file, a
 * missing alt text or an HTML <img> stops the build with the file and line of each.
 */
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineMdastPlugin, type PluginFactoryContext } from 'satteri';
import { uploadedFiles } from './image-checks.ts';
import { contentProblem } from './build-errors.ts';
import { htmlImageMessage, imageProblem, markdownImageForm } from '../schemas/page-text/images.ts';
import { uploadsPath } from '../schemas/image-path.ts';

type Positioned = { position?: { start: { line: number; column: number } } | undefined };

/** What is wrong with an image of the page text at `url` with `alt` in `file`, or undefined (the editor's words: src/schemas/page-text/images.ts). */
export const bodyImageProblem = (url: string, alt: string, file: string): string | undefined => imageProblem(url, alt, uploadedFiles(resolve(dirname(file), uploadsPath)));

/** One plugin per document, so the problems of one file are reported together. */
export const imagesPlugin = ({ fileURL }: PluginFactoryContext) => {
  const file = fileURL ? fileURLToPath(fileURL) : '';
  const name = file ? relative(process.cwd(), file) : 'an MDX file';
  const problems: Array<{ line: number; column: number; text: string }> = [];
  const report = (node: Positioned, message: string) => {
    const { line, column } = node.position?.start ?? { line: 1, column: 1 };
    problems.push({ line, column, text: `${name}:${line}:${column} in the page text: ${message}` });
  };
  const htmlImage = (node: Positioned & { name: string | null }) => {
    if (node.name === 'img') report(node, htmlImageMessage);
  };
  return defineMdastPlugin({
    name: 'images',
    options: { position: true },
    image(node) {
      const problem = bodyImageProblem(node.url, node.alt ?? '', file);
      if (problem) report(node, problem);
    },
    imageReference(node) {
      report(node, `write the image with its path beside it, as ${markdownImageForm}, rather than as a reference`);
    },
    mdxJsxFlowElement: htmlImage,
    mdxJsxTextElement: htmlImage,
    after() {
      const [first] = problems;
      if (!first) return;
      // Astro's MDX plugin reads the position from `line` and `column`.
      throw Object.assign(contentProblem(name, problems.map((problem) => problem.text), first, file), { line: first.line, column: first.column });
    },
  });
};
