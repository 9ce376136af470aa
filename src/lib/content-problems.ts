/**
 * Content errors as Astro reports them (terminal, build log and the dev server's error overlay), and the ones
 * still unfixed while `astro dev` runs: the content layer only logs a failed reload and keeps serving the old page,
 * so the layout raises the first unfixed one instead (src/components/layout/ContentProblems.astro).
 */
import { existsSync } from 'node:fs';
import { AstroError } from 'astro/errors';

const hint =
  'Fix the lines named above and save: the page comes back by itself. docs/CONTENT.md lists every field and the messages with their fixes.';

/** An error naming the file and, where known, the line and column of its first problem. */
export function contentProblem(name: string, lines: string[], at?: { line: number; column: number }, file = name): AstroError {
  const error = new AstroError(`${name} needs a fix:\n${lines.map((line) => `  ${line}`).join('\n')}`, hint);
  return Object.assign(error, { title: 'Content needs a fix', loc: at ? { file, ...at } : { file } });
}

export { yamlHint } from './yaml-problems.ts';

/** `<` in the text of an MDX page starts a component: a writer meant "less than". */
export function bodyProblems(name: string, source: string): Array<{ line: number; column: number; text: string }> {
  const lines = source.split('\n');
  const bodyStart = lines.findIndex((line, index) => index > 0 && /^---\s*$/.test(line)) + 1;
  const found: Array<{ line: number; column: number; text: string }> = [];
  let fenced = false;
  for (let index = bodyStart; index > 0 && index < lines.length; index++) {
    const line = lines[index]!;
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const outsideCode = line.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
    for (const match of outsideCode.matchAll(/<(?=[\d\s=<>.,;:)(-])/g)) {
      const at = { line: index + 1, column: match.index + 1 };
      found.push({ ...at, text: `${name}:${at.line}:${at.column} in the page text, "<" starts a component in MDX: write "less than" or &lt; instead (e.g. &lt;15 minutes)` });
    }
  }
  return found;
}

const registry = ((globalThis as { __contentProblems?: Map<string, Error> }).__contentProblems ??= new Map<string, Error>());

export function rememberContentProblem(file: string, error: Error): void {
  registry.set(file, error);
}

export function forgetContentProblem(file: string): void {
  registry.delete(file);
}

/** The content errors not yet fixed, in this process (the dev server's); a deleted file has none. */
export function unfixedContentProblems(): Error[] {
  for (const file of registry.keys()) if (!existsSync(file)) registry.delete(file);
  return [...registry.values()];
}
