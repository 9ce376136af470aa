/**
 * Every repository path the docs name exists: README.md and docs/*.md (code spans and link targets), and the comments
 * and test names in src/, scripts/, tests/, supabase/, editor/, .github/, .ci/ and the root config files. A path counts
 * when it starts with one of the repository's own top-level folders or names a root file; paths under generated folders
 * (dist/, reports/, node_modules/ …) and placeholders (`<project-ref>`, `…`, `*`) are skipped. README.md also
 * stays one a newcomer reads in five minutes: at most 150 lines, none over 200 characters.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Made by builds, tools and installs, never committed: a path into them need not exist in a checkout. */
const generated = new Set(['dist', 'dist-editor', '.astro', 'node_modules', 'reports', 'test-results', 'playwright-report', '.local-data', '.wrangler']);
const topLevel = readdirSync(root).filter((name) => name !== '.git' && !generated.has(name));
const topFolders = topLevel.filter((name) => statSync(join(root, name)).isDirectory());
const rootFiles = topLevel.filter((name) => !topFolders.includes(name));

const pathPattern = new RegExp(
  String.raw`(?<![\w./@-])(?:(?:${topFolders.map(escape).join('|')})/[\w.\-/\[\]]*|(?:${rootFiles.map(escape).join('|')}))(?![\w/-])`,
  'g',
);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface NamedPath {
  file: string;
  line: number;
  path: string;
}

/** The repository paths in one piece of text (a code span, a comment, a test name), relative to the root. */
export function pathsIn(text: string): string[] {
  return [...text.matchAll(pathPattern)]
    .filter((match) => !/^[<…*{$]/.test(text.slice(match.index + match[0].length)))
    .map((match) => match[0].replace(/[.,:;)]+$/, ''))
    .map((path) => (path.split('[').length < path.split(']').length ? path.replace(/\]+$/, '') : path));
}

/** Paths named in a Markdown file: inside `code spans` and as relative link targets (relative to the file). */
export function markdownPaths(file: string, text: string): NamedPath[] {
  const named: NamedPath[] = [];
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    for (const span of content.matchAll(/`([^`]+)`/g)) for (const path of pathsIn(span[1]!)) named.push({ file, line, path });
    for (const link of content.replace(/`[^`]+`/g, '').matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
      const target = link[1]!;
      // Web addresses and the site's own pages (`/contact`) are no files of the repository.
      if (/^[a-z]+:|^\/|[{<]/i.test(target)) continue;
      named.push({ file, line, path: relative(root, join(root, dirname(file), target)) });
    }
  });
  return named;
}

/** Paths named in comments (`//`, `/* … *\/`, ` * `, SQL `--`, `#`) and in test names (`it('…')`, `test('…')`, `describe('…')`). */
export function codePaths(file: string, text: string): NamedPath[] {
  const named: NamedPath[] = [];
  let inBlock = false;
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    const pieces: string[] = [];
    let rest = content;
    if (inBlock) {
      const end = rest.indexOf('*/');
      pieces.push(end === -1 ? rest : rest.slice(0, end));
      if (end === -1) return void named.push(...pieces.flatMap((piece) => pathsIn(piece).map((path) => ({ file, line, path }))));
      inBlock = false;
      rest = rest.slice(end + 2);
    }
    const start = rest.indexOf('/*');
    if (start !== -1 && !/['"`]/.test(rest.slice(0, start))) {
      const end = rest.indexOf('*/', start + 2);
      pieces.push(end === -1 ? rest.slice(start) : rest.slice(start, end));
      if (end === -1) inBlock = true;
    }
    const comment = /(?:^|\s)(?:\/\/|--|#)\s(.*)$/.exec(rest);
    if (comment && !/^\s*(?:['"`]|.*\s['"`][^'"`]*$)/.test(rest.slice(0, comment.index))) pieces.push(comment[1]!);
    for (const name of rest.matchAll(/\b(?:it|test|describe)(?:\.\w+)?\(\s*(['"`])(.*?)\1/g)) pieces.push(name[2]!);
    for (const piece of pieces) for (const path of pathsIn(piece)) named.push({ file, line, path });
  });
  return named;
}

function filesUnder(folder: string, extensions: RegExp): string[] {
  if (!existsSync(join(root, folder))) return [];
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => extensions.test(path) && !path.split('/').some((part) => generated.has(part)));
}

/** Files the docs name as ones a writer creates or mistypes, on purpose: file → paths. */
const examples: Record<string, string[]> = {
  // The copy a writer makes to add a page (cloud-operations.mdx), and the build's message for a second
  // file whose name differs only in capital letters.
  'docs/CONTENT.md': ['content/services/cloud-operations.mdx', 'content/services/Installation.mdx'],
};

function missing(named: NamedPath[]): string[] {
  return named
    .filter(({ file, path }) => !examples[file]?.includes(path) && !existsSync(join(root, path.replace(/\/$/, ''))))
    .map(({ file, line, path }) => `${file}:${line}: ${path} does not exist`);
}

const docs = ['README.md', ...filesUnder('docs', /\.md$/)];
const code = [
  ...['src', 'scripts', 'tests', 'supabase', 'editor'].flatMap((folder) => filesUnder(folder, /\.(?:ts|tsx|mjs|js|astro|sql|css)$/)),
  ...filesUnder('.github', /\.ya?ml$/),
  ...filesUnder('.ci', /(?:^|\/)[\w-]+$/),
  ...rootFiles.filter((name) => /\.(?:ts|mjs|js|yaml|toml|jsonc)$|^\.prettierignore$|^\.gitignore$/.test(name)),
];

describe('paths named in the docs and the code', () => {
  it('finds the paths a line names, and none in placeholders', () => {
    expect(pathsIn('see `src/config/routes.ts`, then docs/CONTENT.md.')).toEqual(['src/config/routes.ts', 'docs/CONTENT.md']);
    expect(pathsIn('https://<project-ref>.supabase.co and content/<section>/<slug>.mdx and content/services/*.mdx')).toEqual([]);
    expect(markdownPaths('docs/X.md', 'See [the guide](CONTENT.md) and `src/nowhere.ts`.')).toEqual([
      { file: 'docs/X.md', line: 1, path: 'src/nowhere.ts' },
      { file: 'docs/X.md', line: 1, path: 'docs/CONTENT.md' },
    ]);
    expect(codePaths('a.ts', "const x = 'src/fixture.ts'; // reads src/config/routes.ts\nit('keeps tests/unit/ fast', () => {});")).toEqual([
      { file: 'a.ts', line: 1, path: 'src/config/routes.ts' },
      { file: 'a.ts', line: 2, path: 'tests/unit/' },
    ]);
  });

  it('every path README.md and docs/*.md name exists', () => {
    const named = docs.flatMap((file) => markdownPaths(file, readFileSync(join(root, file), 'utf8')));
    expect(named.length).toBeGreaterThan(50);
    expect(missing(named)).toEqual([]);
  });

  it('every path a comment or a test name names exists', () => {
    const named = code.flatMap((file) => codePaths(file, readFileSync(join(root, file), 'utf8')));
    expect(named.length).toBeGreaterThan(50);
    expect(missing(named)).toEqual([]);
  });

  it('every folder the stylesheet takes class names from (@source) exists: a renamed one would drop its classes from every page', () => {
    const stylesheet = 'src/styles/global.css';
    const sources = [...readFileSync(join(root, stylesheet), 'utf8').matchAll(/^@source '([^']+)';/gm)].map(([, source]) => join(dirname(stylesheet), source!));
    expect(sources.length).toBeGreaterThan(3);
    expect(sources.filter((source) => !existsSync(join(root, source)))).toEqual([]);
  });
});

describe('README.md', () => {
  const lines = readFileSync(join(root, 'README.md'), 'utf8').replace(/\n$/, '').split('\n');

  it('is read in five minutes: at most 150 lines', () => {
    expect(lines.length).toBeLessThanOrEqual(150);
  });

  it('has no line over 200 characters', () => {
    const long = lines.flatMap((line, index) => ([...line].length > 200 ? [`README.md:${index + 1}: ${[...line].length} characters`] : []));
    expect(long).toEqual([]);
  });
});
