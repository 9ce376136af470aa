/**
 * Imports run one way: integrations (what the site adds to Astro) → pages → layouts → components → schemas, lib,
 * content, document, enquiry and cms → config; and nothing outside tests/ imports from tests/. A file that reaches up
 * (config importing lib, a schema importing a component) fails here. Astro's internals are reached only through
 * src/integrations/astro-internals.ts, which imports nothing from src/ and so sits at the bottom.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** How high each folder of src/ sits: a file may import from its own level or below. */
const levels: Record<string, number> = {
  integrations: 5,
  pages: 4,
  layouts: 3,
  components: 2,
  'content.config.ts': 2,
  schemas: 1,
  lib: 1,
  content: 1,
  document: 1,
  enquiry: 1,
  cms: 1,
  config: 0,
  scripts: 0,
  styles: 0,
};

/** The one file that reaches into Astro's internals (tests/unit/astro-internals.test.ts checks what it relies on). */
const astroInternals = 'src/integrations/astro-internals.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|astro|mjs|js)$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => join(dir, file));
}

/** The repository paths a file imports with relative specifiers. */
function relativeImports(file: string): string[] {
  const code = readFileSync(join(root, file), 'utf8');
  return [...code.matchAll(/(?:import|from)\s*\(?\s*['"](\.{1,2}\/[^'"?]+)/g)].map((match) => normalize(join(dirname(file), match[1]!)));
}

const levelOf = (path: string) => (path === astroInternals ? 0 : levels[relative('src', path).split('/')[0]!]);

describe('import direction', () => {
  test('src/ imports only from its own level or below', () => {
    const upward = sourceFiles('src').flatMap((file) =>
      relativeImports(file)
        .filter((target) => target.startsWith('src/') && (levelOf(target) ?? 0) > (levelOf(file) ?? 0))
        .map((target) => `${file} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  test('every folder of src/ has a level', () => {
    const folders = readdirSync(join(root, 'src')).filter((name) => !name.endsWith('.d.ts'));
    expect(folders.filter((name) => levels[name] === undefined)).toEqual([]);
  });

  test("only src/integrations/ reaches into Astro's internals", () => {
    const internal = /astro\/dist\/|core\/client-directive\/|\.entryTypes\b|\bentryTypes:/;
    const reaching = sourceFiles('src').filter((file) => !file.startsWith('src/integrations/') && internal.test(readFileSync(join(root, file), 'utf8')));
    expect(reaching).toEqual([]);
  });

  test('the seam into Astro\'s internals imports nothing from src/', () => {
    expect(relativeImports(astroInternals)).toEqual([]);
  });

  test('nothing outside tests/ imports from tests/', () => {
    const files = [...sourceFiles('src'), ...sourceFiles('scripts'), ...sourceFiles('functions'), 'astro.config.mjs', 'playwright.config.ts', 'vitest.config.ts'];
    const intoTests = files.flatMap((file) => relativeImports(file).filter((target) => target.startsWith('tests/')).map((target) => `${file} → ${target}`));
    expect(intoTests).toEqual([]);
  });
});
