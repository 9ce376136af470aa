/**
 * Imports run one way: integrations (what the site adds to Astro) → pages → layouts → components → the code they
 * call (content, document, picture-data, cms, enquiry) → schemas → config; and nothing outside tests/ imports from
 * tests/. A file that reaches up (config importing content code, a schema importing a component) fails here.
 * Code by where it runs: what the visitor's browser or the editor runs reaches no Node module and no build-time
 * code; what Cloudflare Workers run (editor/functions/ and src/cms/workers/) reaches no Node module.
 * Astro's private modules (astro/dist/, astro/runtime/) are imported only by src/astro-internals.ts, which imports
 * nothing from src/ and so sits at the bottom.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** How high each folder of src/ sits: a file may import from its own level or below. */
const levels: Record<string, number> = {
  integrations: 6,
  pages: 5,
  layouts: 4,
  components: 3,
  'content.config.ts': 3,
  content: 2,
  document: 2,
  'picture-data': 2,
  cms: 2,
  enquiry: 2,
  schemas: 1,
  config: 0,
  'astro-internals.ts': 0,
  'inline-scripts': 0,
  styles: 0,
};

/** The one file that reaches into Astro's internals (tests/unit/astro-internals.test.ts checks what it relies on). */
const astroInternals = 'src/astro-internals.ts';
/** Code bundled for a browser: the visitor's islands and the enquiry code they run, and the editor at /admin. */
const browserCode = ['src/components/islands/', 'src/enquiry/', 'src/cms/editor/'];
/**
 * What browser code may reach: itself, the schemas (the editor checks entries with them), the constants, and the
 * plain rules the Edge Functions share with it (the e-mail address rule).
 */
const browserSafe = [...browserCode, 'src/schemas/', 'src/config/', 'src/inline-scripts/', 'supabase/functions/_shared/'];
/** Code Cloudflare Workers run: the Pages Functions and the sign-in code they call. */
const workersCode = ['editor/functions/', 'src/cms/workers/'];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|astro|mjs|js)$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => join(dir, file));
}

/** Every module specifier a file imports, statically or with import(). */
function specifiers(file: string): string[] {
  const code = readFileSync(join(root, file), 'utf8');
  return [...code.matchAll(/(?:import|from)\s*\(?\s*['"]([^'"?]+)/g)].map((match) => match[1]!);
}

/** The repository paths a file imports with relative specifiers. */
function relativeImports(file: string): string[] {
  return specifiers(file)
    .filter((specifier) => /^\.{1,2}\//.test(specifier))
    .map((specifier) => normalize(join(dirname(file), specifier)));
}

const nodeOnly = new Set(builtinModules);
const isNodeModule = (specifier: string) => specifier.startsWith('node:') || nodeOnly.has(specifier.split('/')[0]!);

/** Each import of a Node module among `files`, as "file → module". */
const nodeModulesImportedBy = (files: string[]) =>
  files.flatMap((file) =>
    specifiers(file)
      .filter(isNodeModule)
      .map((specifier) => `${file} → ${specifier}`),
  );

/** The files `entries` import, and the files those import, to the end (relative imports only). */
function reachedFrom(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...relativeImports(file).filter((target) => existsSync(join(root, target)) && /\.(ts|tsx|js|mjs)$/.test(target)));
  }
  return [...seen];
}

const levelOf = (path: string) => levels[relative('src', path).split('/')[0]!];
const within = (folders: string[]) => (file: string) => folders.some((folder) => file.startsWith(folder));

describe('import direction', () => {
  test('src/ imports only from its own level or below', () => {
    const upward = sourceFiles('src').flatMap((file) =>
      relativeImports(file)
        .filter((target) => target.startsWith('src/') && (levelOf(target) ?? 0) > (levelOf(file) ?? 0))
        .map((target) => `${file} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  test('every folder of src/ has a level, and every level is a folder of src/', () => {
    const folders = readdirSync(join(root, 'src')).filter((name) => !name.endsWith('.d.ts'));
    expect(folders.filter((name) => levels[name] === undefined)).toEqual([]);
    expect(Object.keys(levels).filter((name) => !folders.includes(name))).toEqual([]);
  });

  test("only the seam imports Astro's private modules (astro/dist/…, astro/runtime/…) or reads what Astro keeps private", () => {
    // A value imported from a private module, statically, with import() or through require: `import type` is no dependency at run time.
    const privateImport = /\b(?:import|export)\b(?!\s+type\b)[^;'"]*?['"]astro\/(?:dist|runtime)\/|\brequire(?:\.resolve)?\(\s*['"]astro\/(?:dist|runtime)\//;
    const privateUse = /core\/client-directive\/|\.entryTypes\b|\bentryTypes:/;
    const files = [...sourceFiles('src'), ...sourceFiles('scripts'), ...sourceFiles('editor/functions'), 'astro.config.mjs'];
    const reaching = files.filter(
      (file) =>
        file !== astroInternals && (privateImport.test(readFileSync(join(root, file), 'utf8')) || privateUse.test(readFileSync(join(root, file), 'utf8'))),
    );
    expect(reaching).toEqual([]);
  });

  test("the seam into Astro's internals imports nothing from src/", () => {
    expect(relativeImports(astroInternals)).toEqual([]);
  });

  test('the schemas import only each other and the constants: content code reads the schemas, never the reverse', () => {
    const outward = sourceFiles('src/schemas').flatMap((file) =>
      relativeImports(file)
        .filter((target) => !target.startsWith('src/schemas/') && !target.startsWith('src/config/'))
        .map((target) => `${file} → ${target}`),
    );
    expect(outward).toEqual([]);
  });

  test('browser code reaches no Node module and no build-time code', () => {
    const reached = reachedFrom(sourceFiles('src').filter(within(browserCode)));
    expect(reached.filter((file) => !within(browserSafe)(file))).toEqual([]);
    expect(nodeModulesImportedBy(reached)).toEqual([]);
  });

  test('Workers code reaches no Node module', () => {
    const entries = [...sourceFiles('editor/functions'), ...sourceFiles('src').filter(within(workersCode))];
    const reached = reachedFrom(entries);
    expect(reached).toContain('src/cms/workers/github-oauth.ts');
    expect(nodeModulesImportedBy(reached)).toEqual([]);
  });

  test('nothing outside tests/ imports from tests/', () => {
    const files = [
      ...sourceFiles('src'),
      ...sourceFiles('scripts'),
      ...sourceFiles('editor/functions'),
      'astro.config.mjs',
      'playwright.config.ts',
      'vitest.config.ts',
    ];
    const intoTests = files.flatMap((file) =>
      relativeImports(file)
        .filter((target) => target.startsWith('tests/'))
        .map((target) => `${file} → ${target}`),
    );
    expect(intoTests).toEqual([]);
  });
});
