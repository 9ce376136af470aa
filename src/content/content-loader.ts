import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { glob } from 'astro/loaders';
import type { z } from 'astro/zod';
import { facts } from '../config/facts.ts';
import { figureLabels } from '../config/figures.ts';
import { explainIssue, orderClashMessage, positionOf } from '../schemas/issue-messages.ts';
import { codeProblems } from './code-checks.ts';
import { figureProblems } from './figure-checks.ts';
import { missingImages, uploadedFiles } from './image-checks.ts';
import { bodyProblems, bodyStart, contentProblem, forgetContentProblem, rememberContentProblem } from './build-errors.ts';
import { parseMdx } from './mdx-tree.ts';
import { oneChangeAtATime } from './one-change-at-a-time.ts';
import { parsed } from '../schemas/page-text/index.ts';
import { invisibleInFields } from '../schemas/page-text/invisible.ts';
import { unclosedFrontmatter, yamlHint } from '../schemas/yaml-problems.ts';
import { frontmatterBounds } from '../schemas/yaml-bounds.ts';
import { entryTypesOf, withEntryTypes, type EntryTypes } from '../astro-internals.ts';

// A stats item quoting a figure alone takes the figure's label too (src/schemas/facts.ts): a changed label is a changed fact.
const factsVersion = JSON.stringify({ facts, figureLabels });

/**
 * The MDX files of `content/<folder>`, checked against `schema` with messages a writer understands: each problem
 * with its file, line and field, unknown fields with the known one they resemble, YAML slips with what to quote.
 *
 * Astro keeps parsed frontmatter between builds and parses a file again only when its text changes; frontmatter
 * quoting a fact (src/schemas/facts.ts) must also be parsed again when the fact changes, and one naming an image when
 * that image is added or removed, so the digest covers the facts and the names of content/uploads/ too.
 */
export function mdxFolder(folder: string, schema: z.ZodType): Loader {
  const base = `content/${folder}`;
  const loader = glob({ pattern: '*.mdx', base: `./${base}` });
  return {
    ...loader,
    load: async (context) => {
      // The build stops before Astro's own check for one address twice, with a message naming both files; `astro dev`
      // has the layout raise it.
      const clash = caseClashes(base).length > 0 ? collectionProblem(context, base) : undefined;
      if (clash && !context.watcher) throw clash;
      if (clash) rememberContentProblem(resolve(base), clash);
      const version = factsVersion + uploadedFiles().join('\n');
      // Astro's documented glob loader does the reading, with the public context's functions wrapped; only the
      // frontmatter parser it is given comes through src/astro-internals.ts (no public way to reach it).
      const checked: LoaderContext = {
        ...context,
        generateDigest: (data) => context.generateDigest(typeof data === 'string' ? version + data : { ...data, factsVersion: version }),
        parseData: async (entry) => {
          const file = entry.filePath ?? '';
          await checkEntry(schema, entry.data, file);
          const parsed = await context.parseData(entry);
          forgetContentProblem(file);
          return parsed;
        },
        watcher: context.watcher && oneChangeAtATime(context.watcher, () => recheckCollection(context, base)),
      };
      await loader.load(withEntryTypes(checked, withPlainYamlErrors(entryTypesOf(context))));
      const problem = collectionProblem(context, base);
      if (problem) throw remember(resolve(base), problem);
    },
  };
}

/**
 * The rules across files, checked again once the glob loader has taken in a change: it reloads only the changed file
 * and just logs a failure, so a clash is registered as unfixed (the layout raises it) until a later change resolves it.
 */
function recheckCollection(context: LoaderContext, base: string): void {
  const problem = collectionProblem(context, base);
  if (problem) rememberContentProblem(resolve(base), problem);
  else forgetContentProblem(resolve(base));
}

async function checkEntry(schema: z.ZodType, data: Record<string, unknown>, file: string): Promise<void> {
  const source = file ? readFileSync(file, 'utf8') : '';
  const name = relative(process.cwd(), file);
  if (/^---\r?\n/.test(source) && !/\r?\n---\s*(\r?\n|$)/.test(source.slice(3))) {
    throw remember(file, contentProblem(name, [`${name}:1:1 ${unclosedFrontmatter}`], { line: 1, column: 1 }, file));
  }
  const written = bodyProblems(name, source);
  const unreadable = written.length === 0 ? syntaxProblems(name, source) : [];
  const body = written.length > 0 ? written : unreadable.length > 0 ? unreadable : codeProblems(name, source);
  if (body.length > 0) throw remember(file, contentProblem(name, body.map((problem) => problem.text), body[0], file));
  const result = await schema.safeParseAsync(data, { error: (issue) => explainIssue(issue as Parameters<typeof explainIssue>[0]) });
  const issues = result.success ? [] : result.error.issues;
  const lines = issues.map((issue) => {
    const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
    const at = positionOf(source, issue.path, unknownKey) ?? { line: 1, column: 1 };
    const field = [...issue.path, ...(unknownKey ? [unknownKey] : [])].map(String).join('.') || '(frontmatter)';
    return { at, text: `${name}:${at.line}:${at.column} ${field}: ${issue.message}` };
  });
  lines.push(...missingImages(data, source, file, name));
  // Figures typed by hand are reported with the fields' problems: one pass shows those of the frontmatter and the text.
  lines.push(...figureProblems(name, source).map(({ text, ...at }) => ({ at, text })));
  for (const { path, message } of invisibleInFields(data)) {
    const at = positionOf(source, path) ?? { line: 1, column: 1 };
    if (!lines.some((line) => line.at.line === at.line)) lines.push({ at, text: `${name}:${at.line}:${at.column} ${path.map(String).join('.')}: ${message}` });
  }
  if (lines.length === 0) return;
  lines.sort((a, b) => a.at.line - b.at.line || a.at.column - b.at.column);
  throw remember(file, contentProblem(name, lines.map((line) => line.text), lines[0]!.at, file));
}

/**
 * Text the MDX parser cannot read, as the sentence saying what to write instead (the parser's own words name its
 * internals); without this the page's compile would fail later with them.
 */
function syntaxProblems(name: string, source: string): Array<{ line: number; column: number; text: string }> {
  const result = parsed(source, parseMdx);
  if (!('problem' in result)) return [];
  const { message, ...at } = result.problem;
  // Sätteri parses the whole file; a position before the text (none is expected) goes to the text's first line.
  const where = at.line < bodyStart(source) ? { line: bodyStart(source), column: 1 } : at;
  return [{ ...where, text: `${name}:${where.line}:${where.column} ${message}` }];
}

function remember<T extends Error>(file: string, error: T): T {
  rememberContentProblem(file, error);
  return error;
}

/**
 * Frontmatter out of bounds (src/schemas/yaml-bounds.ts), refused before it is parsed, and YAML the parser rejects: one
 * sentence says what to change, the parser's words follow, at the file's line.
 */
function withPlainYamlErrors(types: EntryTypes): EntryTypes {
  return new Map(
    [...types].map(([extension, entryType]) => [
      extension,
      {
        ...entryType,
        async getEntryInfo(input: { contents: string; fileUrl: URL }) {
          // Before any parser builds the values: ten levels of aliases in 470 bytes would exhaust the memory instead.
          const outOfBounds = frontmatterBounds(input.contents);
          if (outOfBounds.length > 0) {
            const file = fileURLToPath(input.fileUrl);
            const name = relative(process.cwd(), file);
            const lines = outOfBounds.map((problem) => `${name}:${problem.line}:${problem.column} ${problem.text}`);
            throw remember(file, contentProblem(name, lines, outOfBounds[0], file));
          }
          try {
            const info = await entryType.getEntryInfo(input);
            // A YAML problem is fixed; a schema problem is checked again unless the file is back to its last valid text.
            forgetContentProblem(fileURLToPath(input.fileUrl));
            return info;
          } catch (error) {
            if (!(error instanceof Error)) throw error;
            // Keyed as parseData's filePath is, so a fixed file clears it (a URL's pathname would be percent-encoded).
            const file = fileURLToPath(input.fileUrl);
            const name = relative(process.cwd(), file);
            // The MDX integration gives the parser's line in the file (1-based) and its column (0-based).
            const loc = (error as { loc?: { line?: number; column?: number } }).loc;
            const at = { line: loc?.line ?? 1, column: (loc?.column ?? 0) + 1 };
            const sourceLines = input.contents.split('\n');
            const lines = [`${name}:${at.line}:${at.column} ${yamlHint(error, sourceLines[at.line - 1] ?? '', sourceLines[at.line - 2] ?? '')}`, `The YAML parser said: ${error.message}`];
            throw remember(file, contentProblem(name, lines, at, file));
          }
        },
      },
    ]),
  );
}

/** Rules across the files of one collection: every `order` used once, and no two file names that differ only in case. */
function collectionProblem(context: LoaderContext, base: string): Error | undefined {
  const lines = [...caseClashes(base), ...orderClashes(context)];
  if (lines.length === 0) return undefined;
  return contentProblem(base, lines.map((line) => line.text), lines[0]!.at, lines[0]!.file);
}

type Clash = { file: string; at: { line: number; column: number }; text: string };

/**
 * Two files whose names differ only in letter case are one address (Astro lowercases it), so one page would hide the
 * other; on Windows and macOS, whose file systems ignore case, they cannot even both exist.
 */
function caseClashes(base: string): Clash[] {
  const byAddress = new Map<string, string[]>();
  for (const file of (existsSync(base) ? readdirSync(base) : []).filter((name) => name.endsWith('.mdx')).sort()) {
    byAddress.set(file.toLowerCase(), [...(byAddress.get(file.toLowerCase()) ?? []), file]);
  }
  return [...byAddress.values()]
    .filter((files) => files.length > 1)
    .map((files) => {
      const names = files.map((file) => `${base}/${file}`);
      const text = `${names.join(' and ')} differ only in capital letters, so they would be the same page (/${basename(base)}/${files[0]!.toLowerCase().replace(/\.mdx$/, '')}): rename or delete one of them (file names are lowercase, words joined by hyphens)`;
      return { file: names.at(-1)!, at: { line: 1, column: 1 }, text: `${names.at(-1)}:1:1 ${text}` };
    });
}

function orderClashes(context: LoaderContext): Clash[] {
  const byOrder = new Map<number, string[]>();
  for (const entry of context.store.values()) {
    const order = (entry.data as { order?: unknown }).order;
    if (typeof order === 'number') byOrder.set(order, [...(byOrder.get(order) ?? []), entry.filePath ?? entry.id]);
  }
  return [...byOrder]
    .filter(([, files]) => files.length > 1)
    .map(([order, files]) => {
      const sorted = files.sort();
      const file = sorted.at(-1)!;
      const at = (existsSync(file) && positionOf(readFileSync(file, 'utf8'), ['order'])) || { line: 1, column: 1 };
      const text = orderClashMessage(order, sorted, context.collection);
      return { file, at, text: `${file}:${at.line}:${at.column} ${text}` };
    });
}
