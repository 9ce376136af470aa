/**
 * The second line behind the page-text check (src/schemas/page-text/code.ts): a plugin of Sätteri, Astro's Markdown
 * processor, that reads each page's HTML tree as it is about to be rendered and stops the build, naming the file and
 * line, if it holds any element or attribute outside the list of src/schemas/page-text/allow-list.ts. The check on
 * the MDX tree words each problem for the writer; this one holds even if a parser or plugin ever produces
 * something that check did not foresee, so nothing outside the list reaches a page.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineHastPlugin, type PluginFactoryContext } from 'satteri';
import { isAllowedAddress, renderedProblems, writtenElements } from '../schemas/page-text/allow-list.ts';
import { contentProblem } from './build-errors.ts';

interface HastLike {
  type: string;
  tagName?: string;
  name?: string | null;
  value?: unknown;
  properties?: Record<string, unknown>;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  children?: HastLike[];
  position?: { start?: { line: number; column: number } };
}

/** A comment `{/* … *\/}`: the only expression left once facts are filled in (src/content/markdown-facts.ts). */
const comment = /^\s*(?:\/\*(?:(?!\*\/)[\s\S])*\*\/\s*)+$/;

/** What is outside the list on one node of the HTML tree (tags written in the MDX text stay as MDX's JSX nodes). */
function outsideList(node: HastLike): string[] {
  switch (node.type) {
    case 'root':
    case 'text':
      return [];
    case 'element':
      return renderedProblems(node.tagName ?? '', node.properties ?? {});
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement': {
      const tag = node.name ?? '';
      if (!Object.hasOwn(writtenElements, tag)) return [`<${tag || '>…</'}>`];
      return (node.attributes ?? [])
        .filter((a) => a.type !== 'mdxJsxAttribute' || typeof a.value !== 'string' || !writtenElements[tag]!.includes(a.name ?? '') || (a.name === 'href' && !isAllowedAddress(a.value)))
        .map((a) => `<${tag} ${a.name ?? `{${String(a.value)}}`}="${String(a.value)}">`);
    }
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return comment.test(String(node.value ?? '')) ? [] : [`{${String(node.value)}}`];
    default:
      // A comment, raw HTML, an import or export: none belongs in page text.
      return [`${node.type} "${String(node.value ?? '').slice(0, 40)}"`];
  }
}

/** One plugin per document, so every problem of one file is reported together. */
export const allowListPlugin = ({ fileURL }: PluginFactoryContext) => {
  const file = fileURL ? fileURLToPath(fileURL) : '';
  const name = file ? relative(process.cwd(), file) : 'an MDX file';
  return defineHastPlugin({
    name: 'allow-list',
    options: { position: true },
    after(root) {
      const problems: Array<{ line: number; column: number; text: string }> = [];
      const walk = (node: HastLike, at: { line: number; column: number }) => {
        const here = node.position?.start ?? at;
        for (const what of outsideList(node)) {
          problems.push({
            ...here,
            text: `${name}:${here.line}:${here.column} the page text would put ${what} on the page, which page text cannot hold: write the text in Markdown (docs/CONTENT.md §7, "What page text may contain")`,
          });
        }
        for (const child of node.children ?? []) walk(child, here);
      };
      walk(root as unknown as HastLike, { line: 1, column: 1 });
      const [first] = problems;
      if (!first) return;
      // Astro's MDX plugin reads the position from `line` and `column`.
      throw Object.assign(contentProblem(name, problems.map((problem) => problem.text), first, file), { line: first.line, column: first.column });
    },
  });
};
