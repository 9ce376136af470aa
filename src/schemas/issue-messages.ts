/**
 * Messages a writer understands for what the content schemas find wrong in a file's frontmatter: the field, what is
 * wrong with it and what to write instead, with the line and column where the YAML has that field.
 */
import { isMap, isPair, isScalar, parseDocument, type Node } from 'yaml';
import { frontmatterOf } from './frontmatter.ts';

type Path = PropertyKey[];

/** The parts of a zod 4 issue the messages read (the error callback also gets the schema instance, `inst`). */
interface RawIssue {
  code: string;
  path?: Path;
  input?: unknown;
  expected?: string;
  keys?: string[];
  values?: unknown[];
  options?: unknown[];
  errors?: RawIssue[][];
  discriminator?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  inst?: { _zod?: { def?: { shape?: Record<string, unknown> } } };
}

/** Optimal string alignment distance: a swap of two neighbouring letters counts as one edit. */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The known name a misspelt `key` was most likely meant to be (one or two slips away, letter case aside). */
export function closestName(key: string, known: string[]): string | undefined {
  const limit = key.length >= 6 ? 2 : 1;
  const ranked = known.map((name) => ({ name, distance: editDistance(key.toLowerCase(), name.toLowerCase()) })).sort((a, b) => a.distance - b.distance);
  return ranked[0] && ranked[0].distance <= limit ? ranked[0].name : undefined;
}

const list = (values: unknown[]) => values.map((value) => (typeof value === 'string' ? `"${value}"` : String(value))).join(', ');

function describeFound(input: unknown): string {
  if (input === null) return 'an empty value';
  if (Array.isArray(input)) return 'a list';
  if (input instanceof Date) return 'a date';
  if (typeof input === 'object') return 'a group of fields';
  if (typeof input === 'string') return `the text "${input.length > 40 ? `${input.slice(0, 39)}…` : input}"`;
  return `${typeof input === 'number' ? 'the number' : 'the value'} ${String(input)}`;
}

const expectedWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list (lines starting with "- ")',
  object: 'a group of fields',
  date: 'a date written as YYYY-MM-DD, e.g. 2025-08-18',
};

function unknownKeys(issue: RawIssue): string {
  const known = Object.keys(issue.inst?._zod?.def?.shape ?? {});
  return (issue.keys ?? [])
    .map((key) => {
      const value = (issue.input as Record<string, unknown> | undefined)?.[key];
      if (/\s/.test(key) || value === null) {
        return `"${key}" is not a field name: it looks like the end of a sentence that was cut at a comma. Inside { … } a comma separates fields, so write the item as indented lines (field: value), or put text that contains a comma in quotes`;
      }
      const suggestion = closestName(key, known);
      if (suggestion) return `unknown field "${key}": did you mean "${suggestion}"?`;
      return `unknown field "${key}"; the fields allowed here are ${list(known)}`;
    })
    .join('; ');
}

/** The message for one issue, in words a writer understands. */
export function explainIssue(issue: RawIssue): string | undefined {
  const field = String(issue.path?.at(-1) ?? 'this field');
  switch (issue.code) {
    case 'unrecognized_keys':
      return unknownKeys(issue);
    case 'invalid_type':
      if (issue.input === undefined) return `"${field}" is missing: it is required here`;
      if (issue.expected === 'date') return 'write the date as YYYY-MM-DD, e.g. 2025-08-18';
      if (issue.expected === 'string' && issue.input !== null && typeof issue.input === 'object') {
        return 'expected text but found a group of fields: text that starts with { or [, or contains ": " (a colon and a space), must be in quotes';
      }
      if (issue.input === null) {
        return `"${field}" is empty: write ${expectedWords[issue.expected ?? ''] ?? 'a value'} after the colon, or remove the line if it is optional (text after " #" is a comment in YAML: a value that starts with # must be in quotes, e.g. '#process')`;
      }
      return `expected ${expectedWords[issue.expected ?? ''] ?? issue.expected}, found ${describeFound(issue.input)}`;
    case 'invalid_value':
      return `must be one of ${list(issue.values ?? [])} (found ${describeFound(issue.input)})`;
    case 'invalid_union':
      if (issue.discriminator) {
        const input = issue.input as Record<string, unknown> | undefined;
        const found = input && typeof input === 'object' ? input[issue.discriminator] : issue.input;
        return `"${issue.discriminator}" must be one of ${list(issue.options ?? [])} (found ${describeFound(found)})`;
      }
      {
        const values = (issue.errors ?? []).flat().flatMap((inner) => (inner.code === 'invalid_value' ? (inner.values ?? []) : []));
        if (values.length > 0 && values.length === (issue.errors ?? []).length) return `must be one of ${list(values)} (found ${describeFound(issue.input)})`;
      }
      return undefined;
    case 'too_small':
      if (issue.origin === 'string') return `too short: at least ${issue.minimum} characters (has ${String(issue.input ?? '').length})`;
      if (issue.origin === 'array') return `needs at least ${issue.minimum} item${issue.minimum === 1 ? '' : 's'}`;
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `too long: at most ${issue.maximum} characters (has ${String(issue.input ?? '').length})`;
      return `must be at most ${issue.maximum}`;
    default:
      return undefined;
  }
}

/** Two pages of one collection with the same `order`, as the build and the editor say it. */
export const orderClashMessage = (order: number, files: readonly string[], collection: string) =>
  `order ${order} is used by ${files.join(' and ')}: give each page of ${collection} its own order (it sets the position in menus and overview pages)`;

export interface Position {
  line: number;
  column: number;
}

/** Where the frontmatter of an MDX file has the field at `path` (1-based, in the whole file), or its nearest parent. */
export function positionOf(source: string, path: Path, key?: string): Position | undefined {
  const frontmatter = frontmatterOf(source);
  if (!frontmatter) return undefined;
  const { yaml, offset } = frontmatter;
  const document = parseDocument(yaml, { keepSourceTokens: false });
  let node: Node | null | undefined = document.contents as Node | null;
  let at: number | undefined = node?.range?.[0];
  for (const step of [...path, ...(key === undefined ? [] : [key])]) {
    if (!node) break;
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(step));
      if (!pair) break;
      at = (pair.key as Node).range?.[0] ?? at;
      node = pair.value as Node | null;
      continue;
    }
    const child = (node as { items?: unknown[] }).items?.[Number(step)] as Node | undefined;
    if (!child) break;
    at = child.range?.[0] ?? at;
    node = child;
  }
  if (at === undefined) return undefined;
  const before = source.slice(0, offset + at);
  const lines = before.split('\n');
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}
