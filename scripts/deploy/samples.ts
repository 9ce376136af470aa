/**
 * What the content would publish that is not real, by file and line, for `npm run build:deploy` to refuse: example
 * entries (`sample: true`, src/schemas/sample.ts: any YAML map saying so, so a new collection's are found too) and
 * addresses at domains set aside for examples (src/config/settings.ts exampleDomain), which no one can own. Node only.
 */
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isScalar, parseDocument, visit } from 'yaml';
import { exampleDomain } from '../../src/config/settings.ts';
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

/**
 * Each collection's words for its entries and how to replace one, before "then delete the line `sample: true`; or"
 * what else to do (delete the file unless `remove` says otherwise); an unlisted folder gets the general words.
 */
const kinds: Readonly<Record<string, { noun: string; named?: (name: string) => string; replace: string; remove?: string }>> = {
  'case-studies': {
    noun: 'case study',
    replace:
      'write a real case study in its place (the client, or their sector if they may not be named, the problem, what was done, results in figures, and a quote the client has approved)',
  },
  clients: { noun: 'client', replace: "put a real client's name and logo in its place, once they have agreed to be shown" },
  testimonials: {
    noun: 'quote',
    named: (name) => `the quote from ${name}`,
    replace: "put a real client's words in its place, with the person's name, role and company as they approved them",
  },
  people: { noun: 'person', replace: 'put a real member of the team in their place, with the role, photo and profile link they agreed to show' },
  trust: {
    noun: 'answer on the trust page',
    named: (title) => `the answer "${title}" on the trust page (/trust)`,
    replace: "write the company's confirmed answer in place of each [bracketed gap] (a policy, a certificate's scope, who signs what)",
    remove: 'delete the file to leave the question out of the page',
  },
  certifications: {
    noun: 'certification',
    replace: 'put a certificate or partnership the company really holds in its place, with its issuer, number or verification link and its expiry date',
  },
};
const general: (typeof kinds)[string] = { noun: 'entry', replace: 'put the real entry in its place', remove: 'delete the entry' };

/** The line of `text` that `offset` is on, from 1. */
const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** The samples in one content file (`file` relative to the project, `text` its contents), none if it has no YAML to read. */
export function samplesIn(file: string, text: string): Sample[] {
  const frontmatter = /\.ya?ml$/.test(file) ? { yaml: text, offset: 0 } : frontmatterOf(text);
  if (!frontmatter) return [];
  const document = parseDocument(frontmatter.yaml);
  // A file the parser rejects is the build's to report, with its line and what to write instead.
  if (document.errors.length > 0) return [];
  const folder = file.split('/').at(-2) ?? '';
  const kind = kinds[folder] ?? general;
  const samples: Sample[] = [];
  visit(document, {
    Map(_key, map, path) {
      const flag = map.get('sample', true);
      if (!isScalar(flag) || flag.value !== true) return;
      // A client not allowed to be shown (the file's own map: the document alone on its path) is shown nowhere.
      if (folder === 'clients' && path.length === 1 && map.get('permission') !== true) return;
      const name = ['title', 'name', 'label', 'question'].map((key) => map.get(key)).find((value): value is string => typeof value === 'string');
      const line = lineAt(text, frontmatter.offset + (flag.range?.[0] ?? 0));
      const what = name === undefined ? `a ${kind.noun}` : (kind.named?.(name) ?? `the ${kind.noun} "${name}"`);
      const replace = `${kind.replace}, then delete the line "sample: true"; or ${kind.remove ?? 'delete the file'}`;
      samples.push({ file, line, what, replace });
    },
  });
  return samples;
}

/** The content files under `root`/content (none if there is no such folder), from the root, sorted. */
const contentFiles = (root: string) =>
  globSync('content/**/*.{md,mdx,yaml,yml}', { cwd: root })
    .map((file) => file.replaceAll('\\', '/'))
    .sort();

/** Every sample in the content files under `root`, by file and line. */
export const findSamples = (root = process.cwd()): Sample[] => contentFiles(root).flatMap((file) => samplesIn(file, readFileSync(join(root, file), 'utf8')));

/** One line of the refusal: where the sample is, what it is, and what to do. */
export const sampleProblem = (sample: Sample): string => `${sample.file}:${sample.line} ${sample.what} is an example, not a real one: ${sample.replace}.`;

/** A host name, with the URL scheme or e-mail local part that may come before it. */
const addressLike = /(?:https?:\/\/|[\w.+-]+@)?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,})/gi;

/** One line of the refusal for each address at an example domain in the content files under `root` that are not example entries. */
export function exampleAddressProblems(root = process.cwd()): string[] {
  return contentFiles(root).flatMap((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    if (samplesIn(file, text).length > 0) return [];
    const why = 'an address at a domain set aside for examples that no one can own: write the real address, or remove the link';
    return [...text.matchAll(addressLike)]
      .filter((match) => exampleDomain.test(match[1]!))
      .map((match) => `${file}:${lineAt(text, match.index)} links to ${match[0]}, ${why}.`);
  });
}
