/**
 * The example entries a page would show (`sample: true`, src/schemas/sample.ts), found in the content files with their
 * file and line, for `npm run build:deploy` to refuse them: nothing invented goes live. Any YAML map saying
 * `sample: true` counts, in an MDX file's frontmatter or a YAML file, so a new collection's samples are found too;
 * a client without permission to be shown is shown nowhere, so its sample is not listed. Node only.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isMap, isScalar, isSeq, parseDocument, type Node, type Pair } from 'yaml';
import { frontmatterOf } from '../../src/schemas/frontmatter.ts';

export interface Sample {
  /** The file, from the project's root: content/case-studies/erp-migration-manufacturer.mdx. */
  file: string;
  /** The line of its `sample: true`. */
  line: number;
  /** What it is and what it is called: the case study "Fifteen years of ERP data…". */
  what: string;
  /** What to do instead. */
  replace: string;
}

/** Each collection's words for its entries and how to replace one; an unlisted folder gets the general words. */
const kinds: Readonly<Record<string, { noun: string; named?: (name: string) => string; replace: string }>> = {
  'case-studies': {
    noun: 'case study',
    replace:
      'write a real case study in its place (the client, or their sector if they may not be named, the problem, what was done, results in figures, and a quote the client has approved), then delete the line "sample: true"; or delete the file',
  },
  clients: {
    noun: 'client',
    replace: 'put a real client\'s name and logo in its place, once they have agreed to be shown, then delete the line "sample: true"; or delete the file',
  },
  testimonials: {
    noun: 'quote',
    named: (name) => `the quote from ${name}`,
    replace:
      'put a real client\'s words in its place, with the person\'s name, role and company as they approved them, then delete the line "sample: true"; or delete the file',
  },
  people: {
    noun: 'person',
    named: (name) => `the person "${name}"`,
    replace:
      'put a real member of the team in their place, with the role, photo and profile link they agreed to show, then delete the line "sample: true"; or delete the file',
  },
  trust: {
    noun: 'answer on the trust page',
    named: (title) => `the answer "${title}" on the trust page (/trust)`,
    replace:
      'write the company\'s confirmed answer in place of each [bracketed gap] (a policy, a certificate\'s scope, who signs what), then delete the line "sample: true"; or delete the file to leave the question out of the page',
  },
  certifications: {
    noun: 'certification',
    replace:
      'put a certificate or partnership the company really holds in its place, with its issuer, number or verification link and its expiry date, then delete the line "sample: true"; or delete the file',
  },
};
const general: (typeof kinds)[string] = { noun: 'entry', replace: 'put the real entry in its place, then delete the line "sample: true"; or delete the entry' };

const pairOf = (map: Node, key: string): Pair | undefined =>
  isMap(map) ? (map.items.find((item) => isScalar(item.key) && String(item.key.value) === key) as Pair | undefined) : undefined;
const scalarOf = (map: Node, key: string): unknown => {
  const value = pairOf(map, key)?.value;
  return isScalar(value) ? value.value : undefined;
};

/** Every map under `node` (itself included) that says `sample: true`, with the offset of that key. */
function sampleMaps(node: unknown, found: Array<{ map: Node; at: number; top: boolean }> = [], top = true): Array<{ map: Node; at: number; top: boolean }> {
  if (isMap(node)) {
    const pair = pairOf(node, 'sample');
    if (pair && isScalar(pair.value) && pair.value.value === true) found.push({ map: node, at: (pair.key as Node).range?.[0] ?? 0, top });
    for (const item of node.items) sampleMaps(item.value, found, false);
  } else if (isSeq(node)) {
    for (const item of node.items) sampleMaps(item, found, false);
  }
  return found;
}

/** The samples in one content file (`file` relative to the project, `text` its contents), none if it has no YAML to read. */
export function samplesIn(file: string, text: string): Sample[] {
  const isYaml = /\.ya?ml$/.test(file);
  const frontmatter = isYaml ? { yaml: text, offset: 0 } : frontmatterOf(text);
  if (!frontmatter) return [];
  const document = parseDocument(frontmatter.yaml);
  // A file the parser rejects is the build's to report, with its line and what to write instead.
  if (document.errors.length > 0) return [];
  const folder = file.split('/').at(-2) ?? '';
  const kind = kinds[folder] ?? general;
  return sampleMaps(document.contents)
    .filter(({ map, top }) => !(folder === 'clients' && top && scalarOf(map, 'permission') !== true))
    .map(({ map, at }) => {
      const name = ['title', 'name', 'label', 'question'].map((key) => scalarOf(map, key)).find((value): value is string => typeof value === 'string');
      const line = text.slice(0, frontmatter.offset + at).split('\n').length;
      const what = name === undefined ? `a ${kind.noun}` : (kind.named?.(name) ?? `the ${kind.noun} "${name}"`);
      return { file, line, what, replace: kind.replace };
    });
}

/** Every sample in the content files under `root`/content (none if there is no such folder), by file and line. */
export function findSamples(root = process.cwd()): Sample[] {
  const content = join(root, 'content');
  if (!existsSync(content)) return [];
  return readdirSync(content, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(mdx|md|ya?ml)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort()
    .flatMap((file) => samplesIn(file, readFileSync(join(root, file), 'utf8')));
}

/** One line of the refusal: where the sample is, what it is, and what to do. */
export const sampleProblem = (sample: Sample): string => `${sample.file}:${sample.line} ${sample.what} is an example, not a real one: ${sample.replace}.`;
