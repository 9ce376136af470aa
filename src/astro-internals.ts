/**
 * What this site needs from Astro that its public API does not offer, in one file, so that an Astro upgrade that
 * changes it breaks this file's test (tests/unit/astro-internals.test.ts) instead of quietly changing what the build
 * checks. No other file imports from astro/dist/ or astro/runtime/ (tests/unit/import-direction.test.ts), and this one
 * imports nothing from src/, so it sits at the bottom of the import order, below the content and document code that use it.
 *
 * 1. The exact script Astro writes into a page for a client directive: Astro builds it with
 *    `buildClientDirectiveEntrypoint` (astro/dist/core/client-directive/build.js), which no public entry point
 *    exports. The page policy's allow-list (src/document/inline-code-allowlist.ts) needs its text to tell Astro's
 *    own inline code from code that came from elsewhere.
 * 2. How the glob loader reads a file's frontmatter: `entryTypes`, which Astro's content layer puts into every
 *    loader's context (astro/dist/content/content-layer.js) and `glob()` reads (astro/dist/content/loaders/glob.js),
 *    but which the public `LoaderContext` type leaves out. The content loader (src/content/content-loader.ts) wraps
 *    it so that YAML the parser rejects fails with a writer's message at the file's line.
 * 3. The island element's script and stylesheet Astro writes before a page's first island
 *    (astro/runtime/server/astro-island.prebuilt.js, astro-island-styles.js): the page policy's allow-list holds them.
 * 4. The message `astro` prints when a command fails (astro/dist/cli/throw-and-exit.js), from Astro's private error
 *    formatter. The tests that run the content check many times over in one process (tests/support/sync-host.ts)
 *    print a failure with it, so they read what a writer's terminal shows.
 * Astro 7.4 still offers none of the four publicly (its exports added only `astro/assets/image-asset`), so this file stays.
 * Build time only (Node).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';

/** The `<script>` Astro writes before a page's first island: it defines the `<astro-island>` element. */
export { default as islandScript } from 'astro/runtime/server/astro-island.prebuilt.js';
/** The `<style>` Astro writes with it. */
export { ISLAND_STYLES as islandStyles } from 'astro/runtime/server/astro-island-styles.js';

/** A module of Astro's own build by its path under astro/dist/, which the package's exports do not name. */
async function astroDistModule<T>(path: string): Promise<T> {
  const astroDist = dirname(createRequire(import.meta.url).resolve('astro'));
  return (await import(/* @vite-ignore */ pathToFileURL(join(astroDist, path)).href)) as T;
}

/** The script Astro writes into a page before its first island with `client:<name>` (`entrypoint` from the project root). */
export async function clientDirectiveScript(name: string, entrypoint: string): Promise<string> {
  const { buildClientDirectiveEntrypoint } = await astroDistModule<{
    buildClientDirectiveEntrypoint(name: string, entrypoint: string, root: URL): Promise<string>;
  }>('core/client-directive/build.js');
  return buildClientDirectiveEntrypoint(name, join(process.cwd(), entrypoint), pathToFileURL(`${process.cwd()}/`));
}

/** How each file type's frontmatter is read, by extension (`.mdx`). */
export type EntryTypes = Map<string, { getEntryInfo(input: { contents: string; fileUrl: URL }): Promise<unknown> }>;

/** The file types Astro gave this loader's context. */
export const entryTypesOf = (context: LoaderContext): EntryTypes => (context as LoaderContext & { entryTypes: EntryTypes }).entryTypes;

/** `context` for `glob()`, reading frontmatter with `entryTypes` instead of Astro's own. */
export const withEntryTypes = (context: LoaderContext, entryTypes: EntryTypes): LoaderContext => ({ ...context, entryTypes }) as LoaderContext;

/** What `astro` prints to the terminal when a command fails with `error`, as its command line formats it. */
export async function cliFailureMessage(error: unknown): Promise<string> {
  const { createSafeError } = await astroDistModule<{ createSafeError(error: unknown): Error }>('core/errors/index.js');
  const { collectErrorMetadata } = await astroDistModule<{ collectErrorMetadata(error: Error): unknown }>('core/errors/dev/index.js');
  const { formatErrorMessage } = await astroDistModule<{ formatErrorMessage(error: unknown, showFullStacktrace: boolean): string }>('core/messages/runtime.js');
  return formatErrorMessage(collectErrorMetadata(createSafeError(error)), true);
}
