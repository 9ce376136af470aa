/**
 * Content errors as Astro reports them (terminal, build log and the dev server's error overlay), and the ones
 * still unfixed while `astro dev` runs: the content layer only logs a failed reload and keeps serving the old page,
 * so the document layout raises the first unfixed one instead (src/layouts/HtmlDocument.astro).
 */
import { existsSync } from 'node:fs';
import { AstroError } from 'astro/errors';
import { writingProblems } from '../schemas/page-text/index.ts';

const hint =
  'Fix the lines named above and save: the page comes back by itself. docs/CONTENT.md lists every field and the messages with their fixes.';

const title = 'Content needs a fix';

/**
 * An error naming the file and, where known, the line and column of its first problem. In GitHub Actions each
 * problem is also printed as an annotation, so the pull request shows it on the line in its Files tab.
 */
export function contentProblem(name: string, lines: string[], at?: { line: number; column: number }, file = name): AstroError {
  const error = new AstroError(`${name} needs a fix:\n${lines.map((line) => `  ${line}`).join('\n')}`, hint);
  if (process.env.GITHUB_ACTIONS === 'true') for (const line of lines) annotate(name, line, at);
  return Object.assign(error, { title, loc: at ? { file, ...at } : { file } });
}

const annotated = new Set<string>();

/** A line "file:line:col text" becomes an error annotation on that line; other lines go to `at` of the file `name`. */
function annotate(name: string, line: string, at?: { line: number; column: number }): void {
  const [, file = name, row = at?.line, column = at?.column, text = line] = /^(\S+?):(\d+):(\d+) (.*)$/s.exec(line) ?? [];
  const properties = [`file=${file}`, row && `line=${row}`, column && `col=${column}`, `title=${title}`].filter(Boolean).map(String);
  const command = `::error ${properties.map(escapeProperty).join(',')}::${escapeData(text)}`;
  // The layout asks for the content links on every page: each problem is announced once.
  if (annotated.has(command)) return;
  annotated.add(command);
  process.stdout.write(`${command}\n`);
}

/** GitHub's workflow-command escaping: %, CR and LF in the message; in a property also : and , (after the name=). */
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (property: string) => {
  const [key, ...value] = property.split('=');
  return `${key}=${escapeData(value.join('=')).replace(/:/g, '%3A').replace(/,/g, '%2C')}`;
};


/** Line number (1-based) of the first line of the page text, after the frontmatter; 1 for a file without frontmatter. */
export function bodyStart(source: string): number {
  const lines = source.split('\n');
  if (!/^---\s*$/.test(lines[0] ?? '')) return 1;
  const end = lines.findIndex((line, index) => index > 0 && /^---\s*$/.test(line));
  return end < 0 ? lines.length + 1 : end + 2;
}

/** `<` meant as "less than", Word's bullets and invisible characters in the page text (src/schemas/page-text/syntax.ts). */
export function bodyProblems(name: string, source: string): Array<{ line: number; column: number; text: string }> {
  const first = bodyStart(source);
  const body = source.split('\n').slice(first - 1).join('\n');
  return writingProblems(body, first).map(({ message, ...at }) => ({ ...at, text: `${name}:${at.line}:${at.column} ${message}` }));
}

const registry = ((globalThis as { __contentProblems?: Map<string, Error> }).__contentProblems ??= new Map<string, Error>());

export function rememberContentProblem(file: string, error: Error): void {
  registry.set(file, error);
}

export function forgetContentProblem(file: string): void {
  registry.delete(file);
}

/**
 * A Vite plugin for `astro dev`: a page whose own MDX file has an unfixed problem shows that problem. Without it, a
 * file whose YAML does not parse stops the page's import with the parser's raw error before the layout can raise
 * the plain one.
 */
export const unfixedContentFirst = {
  name: 'unfixed-content-first',
  enforce: 'pre' as const,
  transform(_code: string, id: string): undefined {
    const problem = registry.get(id.split('?')[0]!);
    if (problem) throw problem;
  },
};

/** The content errors not yet fixed, in this process (the dev server's); a deleted file has none. */
export function unfixedContentProblems(): Error[] {
  for (const file of registry.keys()) if (!existsSync(file)) registry.delete(file);
  return [...registry.values()];
}
