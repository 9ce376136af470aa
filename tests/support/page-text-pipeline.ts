/**
 * A page's text taken through what the build does with it, in-process: the content loader's checks (how it is
 * written, what MDX cannot read, code and anything not on the list), the links of its text against the site's
 * pages, then Astro's MDX compile with the project's own Markdown processor and plugins (astro.config.mjs).
 * Much cheaper than a build per case; tests/project/page-text-build.test.ts proves the same wiring in `astro build`.
 */
import { join } from 'node:path';
import { bodyProblems } from '../../src/content/build-errors.ts';
import { codeProblems } from '../../src/content/code-checks.ts';
import { parseMdx } from '../../src/content/mdx-tree.ts';
import { parsed } from '../../src/schemas/page-text/index.ts';
import { linkProblem, linksIn } from '../../src/schemas/page-text/links.ts';
import { repoRoot } from './project-copy.ts';

interface MdxRenderer {
  process(content: string, filePath: string, frontmatter: Record<string, unknown>): Promise<{ code: string }>;
}

let renderer: Promise<MdxRenderer> | undefined;

/** The MDX renderer Astro builds from the site's `markdown.processor`, with the options Astro's MDX integration gives it. */
function mdxRenderer(): Promise<MdxRenderer> {
  renderer ??= import('../../astro.config.mjs').then(({ default: config }) => {
    const processor = (config.markdown as { processor: { createMdxRenderer(shared: object, mdx: object): MdxRenderer | Promise<MdxRenderer> } }).processor;
    return processor.createMdxRenderer(
      { syntaxHighlight: false, gfm: true, smartypants: true },
      { optimize: false, srcDir: new URL('../../src/', import.meta.url), sourcemap: false },
    );
  });
  return renderer;
}

/** A page of content/legal with `text` as its page text, as the build names it. */
export const caseFile = (index: number) => `content/legal/hostile-${index}.mdx`;

const pages = new Set(['/', '/about', '/contact', '/privacy-policy']);

/** Where the build stops on `text` (the messages, each "file:line:column …"), or the compiled page when it does not. */
export async function throughTheBuild(text: string, name: string): Promise<{ stage: string; messages: string[] } | { compiled: string }> {
  const written = bodyProblems(name, text);
  if (written.length > 0) return { stage: 'writing', messages: written.map((problem) => problem.text) };
  const result = parsed(text, parseMdx);
  if ('problem' in result) return { stage: 'syntax', messages: [`${name}:${result.problem.line}:${result.problem.column} ${result.problem.message}`] };
  const code = codeProblems(name, text);
  if (code.length > 0) return { stage: 'code', messages: code.map((problem) => problem.text) };
  const links = linksIn(result.tree).flatMap(({ href, line, column }) => {
    const problem = linkProblem(href, pages);
    return problem ? [`${name}:${line}:${column} ${problem}`] : [];
  });
  if (links.length > 0) return { stage: 'links', messages: links };
  try {
    const { code: compiled } = await (await mdxRenderer()).process(text, join(repoRoot, name), {});
    return { compiled };
  } catch (error) {
    return { stage: 'compile', messages: [(error as Error).message] };
  }
}

/** `text` compiled by Astro's MDX renderer alone, without the loader's checks before it: the second line (src/content/markdown-allow-list.ts) on its own. */
export async function compiledAlone(text: string, name: string): Promise<string> {
  const { code } = await (await mdxRenderer()).process(text, join(repoRoot, name), {});
  return code;
}
