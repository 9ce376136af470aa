/**
 * The behaviours of Astro this site relies on without a public API (src/astro-internals.ts): if an
 * Astro upgrade changes one, this fails, before the page policy or the writers' YAML messages quietly stop working.
 */
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { glob, type LoaderContext } from 'astro/loaders';
import { describe, expect, test } from 'vitest';
import { clientDirectives } from '../../src/config/client-directives.ts';
import { astroYamlOptions, frontmatterProblem } from '../../src/schemas/yaml-problems.ts';
import { AstroError } from 'astro/errors';
import {
  clientDirectiveScript,
  cliFailureMessage,
  entryTypesOf,
  islandScript,
  islandStyles,
  withEntryTypes,
  type EntryTypes,
} from '../../src/astro-internals.ts';

const root = join(import.meta.dirname, '../..');

describe("Astro's internals the site uses", () => {
  test('a client directive is built into a script that registers it and announces it', async () => {
    const script = await clientDirectiveScript('intent', clientDirectives.intent);
    // Quoted as the minifier of the day quotes ("…" with esbuild up to Astro 7.3, `…` with rolldown from 7.4).
    expect(script).toMatch(/new Event\(["'`]astro:intent["'`]\)/);
    // The directive's own code (what hydrate-on-intent.ts exports) is in it, not an import of it.
    expect(script).toContain('storedWork');
    expect(script).not.toMatch(/\bimport\b/);
  });

  test("the island element's script and stylesheet are the text Astro writes into a page before its first island", () => {
    expect(islandScript).toMatch(/customElements\.define\(["'`]astro-island["'`]/);
    expect(islandStyles).toMatch(/^astro-island\b[^{]*\{display:contents\}$/);
    // What Astro's renderer writes: the same two modules, the production script outside `astro dev`.
    const scripts = readFileSync(join(root, 'node_modules/astro/dist/runtime/server/scripts.js'), 'utf8');
    expect(scripts).toContain('import islandScript from "./astro-island.prebuilt.js"');
    expect(scripts).toContain('import { ISLAND_STYLES } from "./astro-island-styles.js"');
    expect(scripts).toMatch(/<style>\$\{ISLAND_STYLES\}<\/style>.*\? islandScriptDev : islandScript\}/);
  });

  test("Astro's content layer gives every loader `entryTypes`", () => {
    const contentLayer = readFileSync(join(root, 'node_modules/astro/dist/content/content-layer.js'), 'utf8');
    expect(contentLayer).toMatch(/entryTypes: getEntryConfigByExtMap\(/);
  });

  test('glob() reads frontmatter through the `entryTypes` of its context', async () => {
    const project = mkdtempSync(join(tmpdir(), 'astro-internals-'));
    mkdirSync(join(project, 'content'));
    writeFileSync(join(project, 'content/page.mdx'), '---\ntitle: A page\n---\nText\n');
    const read: string[] = [];
    const entryTypes: EntryTypes = new Map([
      ['.mdx', { getEntryInfo: async ({ contents }) => (read.push(contents), { data: { title: 'A page' }, body: 'Text', slug: 'page', rawData: '' }) }],
    ]);
    const entries = new Map<string, unknown>();
    const quiet = () => {};
    const context = {
      collection: 'pages',
      config: { root: pathToFileURL(`${project}/`), srcDir: pathToFileURL(`${project}/src/`) },
      logger: { warn: quiet, error: quiet, info: quiet, debug: quiet },
      parseData: async ({ data }: { data: unknown }) => data,
      generateDigest: (data: unknown) => JSON.stringify(data).length.toString(),
      store: {
        keys: () => [...entries.keys()],
        get: (id: string) => entries.get(id),
        set: (entry: { id: string }) => (entries.set(entry.id, entry), true),
        delete: (id: string) => entries.delete(id),
        has: (id: string) => entries.has(id),
        addModuleImport: quiet,
        addAssetImports: quiet,
      },
    } as unknown as LoaderContext;
    expect(entryTypesOf({ ...context, entryTypes } as LoaderContext)).toBe(entryTypes);
    await glob({ pattern: '*.mdx', base: './content' }).load(withEntryTypes(context, entryTypes));
    expect(read).toEqual(['---\ntitle: A page\n---\nText\n']);
    expect([...entries.keys()]).toEqual(['page']);
  });

  test("Astro's MDX reads frontmatter with yaml's parseDocument and the options the editor's check uses", async () => {
    // The copy of @astrojs/internal-helpers that @astrojs/mdx imports (astro and @astrojs/react may hold their own).
    const fromMdx = createRequire(join(root, 'node_modules/@astrojs/mdx/package.json'));
    const helpers = readFileSync(fromMdx.resolve('@astrojs/internal-helpers/yaml'), 'utf8');
    const options = /parseDocument\(source, (\{[^}]*\})\)/.exec(helpers)?.[1];
    expect(options, 'the parseDocument call').toBeDefined();
    // A plain object literal (keys, strings, booleans, an array): read as the value it writes.
    expect(new Function(`return ${options}`)()).toEqual(astroYamlOptions);
    expect(helpers).toContain('throw document.errors[0]');
    // And both refuse the same frontmatter at the same line, and take the same.
    const { parseFrontmatter } = (await import(pathToFileURL(fromMdx.resolve('@astrojs/internal-helpers/frontmatter')).href)) as {
      parseFrontmatter: (code: string) => unknown;
    };
    const yamls = [
      'title: Cloud: the next step',
      'title: “Cloud: the next step”',
      'hero:\n\ttitle: x',
      'title: a\ntitle: b',
      'features: [one, two',
      "title: 'Cloud",
      'hero:\n  title: x\n y: 1',
      'title: @home',
      "title: 'Cloud: the next step'\nlastUpdated: 2025-08-18\nlist: [one, two]",
    ];
    for (const yaml of yamls) {
      const file = `---\n${yaml}\n---\nText\n`;
      let astroLine: number | undefined;
      try {
        parseFrontmatter(file);
      } catch (error) {
        astroLine = (error as { linePos?: [{ line: number }] }).linePos?.[0].line ?? 0;
      }
      expect(frontmatterProblem(file)?.line, yaml).toBe(astroLine);
    }
  });

  test('a failure is printed as the astro command prints it', async () => {
    // What the command line does with an error that ends a command (astro/dist/cli/throw-and-exit.js).
    const throwAndExit = readFileSync(join(root, 'node_modules/astro/dist/cli/throw-and-exit.js'), 'utf8');
    expect(throwAndExit).toContain('const errorWithMetadata = collectErrorMetadata(createSafeError(err));');
    expect(throwAndExit).toContain('errorMessage = formatErrorMessage(errorWithMetadata, true);');
    expect(throwAndExit).toMatch(/function exitWithErrorMessage\(\) \{\s*console\.error\(errorMessage\);/);
    // Coloured where the terminal takes colours (the tests' runner sets FORCE_COLOR): read without them.
    const message = stripVTControlCharacters(
      await cliFailureMessage(new AstroError('content/a.mdx needs a fix:\n  content/a.mdx:2:1 title: "title" is missing', 'Fix it.')),
    );
    expect(message).toContain('[AstroUserError] content/a.mdx needs a fix:\n  content/a.mdx:2:1 title: "title" is missing');
    expect(message).toMatch(/Hint:\s+Fix it\./);
  });
});
