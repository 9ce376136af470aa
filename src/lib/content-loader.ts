import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { glob } from 'astro/loaders';
import type { z } from 'astro/zod';
import { facts } from '../config/facts.ts';
import { explainIssue, orderClashMessage, positionOf } from './content-issues.ts';
import { bodyProblems, contentProblem, forgetContentProblem, rememberContentProblem, yamlHint } from './content-problems.ts';

const factsVersion = JSON.stringify(facts);

/** How a file type's frontmatter is read: part of the context Astro gives the glob loader, though not of its public type. */
type EntryTypes = Map<string, { getEntryInfo(input: { contents: string; fileUrl: URL }): Promise<unknown> }>;
type GlobContext = LoaderContext & { entryTypes: EntryTypes };

/**
 * The MDX files of `content/<folder>`, checked against `schema` with messages a writer understands: each problem
 * with its file, line and field, unknown fields with the known one they resemble, YAML slips with what to quote.
 *
 * Astro keeps parsed frontmatter between builds and parses a file again only when its text changes; frontmatter
 * quoting a fact (src/schemas/facts.ts) must also be parsed again when the fact changes, so the digest covers the
 * facts too.
 */
export function mdxFolder(folder: string, schema: z.ZodType): Loader {
  const loader = glob({ pattern: '*.mdx', base: `./content/${folder}` });
  return {
    ...loader,
    load: async (context) => {
      await loader.load({
        ...context,
        generateDigest: (data) => context.generateDigest(typeof data === 'string' ? factsVersion + data : { ...data, factsVersion }),
        parseData: async (entry) => {
          const file = entry.filePath ?? '';
          await checkEntry(schema, entry.data, file);
          const parsed = await context.parseData(entry);
          forgetContentProblem(file);
          return parsed;
        },
        entryTypes: withPlainYamlErrors((context as GlobContext).entryTypes),
      } as GlobContext);
      checkCollection(context);
    },
  };
}

async function checkEntry(schema: z.ZodType, data: Record<string, unknown>, file: string): Promise<void> {
  const source = file ? readFileSync(file, 'utf8') : '';
  const name = relative(process.cwd(), file);
  if (/^---\r?\n/.test(source) && !/\r?\n---\s*(\r?\n|$)/.test(source.slice(3))) {
    throw remember(file, contentProblem(name, [`${name}:1:1 the frontmatter is never closed: add a line with only --- after its last field, before the text of the page`], { line: 1, column: 1 }, file));
  }
  const body = bodyProblems(name, source);
  if (body.length > 0) throw remember(file, contentProblem(name, body.map((problem) => problem.text), body[0], file));
  const result = await schema.safeParseAsync(data, { error: (issue) => explainIssue(issue as Parameters<typeof explainIssue>[0]) });
  if (result.success) return;
  const lines = result.error.issues.map((issue) => {
    const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
    const at = positionOf(source, issue.path, unknownKey) ?? { line: 1, column: 1 };
    const field = [...issue.path, ...(unknownKey ? [unknownKey] : [])].map(String).join('.') || '(frontmatter)';
    return { at, text: `${name}:${at.line}:${at.column} ${field}: ${issue.message}` };
  });
  lines.sort((a, b) => a.at.line - b.at.line || a.at.column - b.at.column);
  throw remember(file, contentProblem(name, lines.map((line) => line.text), lines[0]!.at, file));
}

function remember<T extends Error>(file: string, error: T): T {
  rememberContentProblem(file, error);
  return error;
}

/** YAML the parser rejects: the parser's words stay, one sentence in front says what to change. */
function withPlainYamlErrors(entryTypes: EntryTypes): EntryTypes {
  return new Map(
    [...entryTypes].map(([extension, entryType]) => [
      extension,
      {
        ...entryType,
        async getEntryInfo(input: { contents: string; fileUrl: URL }) {
          try {
            return await entryType.getEntryInfo(input);
          } catch (error) {
            if (error instanceof Error) {
              const line = (error as { loc?: { line?: number } }).loc?.line;
              const text = line === undefined ? '' : (input.contents.split('\n')[line - 1] ?? '');
              error.message = `${yamlHint(error.message, text)}\n\nThe YAML parser said: ${error.message}`;
              // Keyed as parseData's filePath is, so a fixed file clears it (a URL's pathname would be percent-encoded).
              rememberContentProblem(fileURLToPath(input.fileUrl), error);
            }
            throw error;
          }
        },
      },
    ]),
  );
}

/** Rules across the files of one collection: every `order` used once. */
function checkCollection(context: LoaderContext): void {
  const byOrder = new Map<number, string[]>();
  for (const entry of context.store.values()) {
    const order = (entry.data as { order?: unknown }).order;
    if (typeof order === 'number') byOrder.set(order, [...(byOrder.get(order) ?? []), entry.filePath ?? entry.id]);
  }
  const clashes = [...byOrder].filter(([, files]) => files.length > 1);
  if (clashes.length === 0) return;
  const lines = clashes.map(([order, files]) => orderClashMessage(order, files, context.collection));
  throw contentProblem(`content/${context.collection}`, lines);
}
