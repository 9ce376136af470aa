/**
 * src/cms/editor/admin-setup.ts bundled for the browser (with the YAML parser the editor's file format uses, and the
 * content schemas its checks run), served at /admin/cms-setup.js; and the parts it fetches only when needed (each
 * module it imports with `import()`), each an ES module of its own at /admin/cms-setup/<name>.js.
 */
import { build, type Plugin } from 'esbuild';
import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { THEME_COLOURS_MODULE, themeColoursModuleSource, themeStylesheet } from '../../styles/theme-colours.ts';
import { environment } from '../../config/environment.ts';

// From the project root (where astro runs): this module itself is bundled elsewhere at build time.
const editorScriptEntry = join(process.cwd(), 'src/cms/editor/admin-setup.ts');

/** The editor needs the icons' names, not their drawings: lucide-static's 800 KB of nodes become a list of names. */
const iconNamesOnly: Plugin = {
  name: 'icon-names-only',
  setup(build) {
    build.onLoad({ filter: /lucide-static[\\/]icon-nodes\.json$/ }, async ({ path }) => {
      const names = Object.keys(JSON.parse(await readFile(path, 'utf8')) as object);
      return { contents: JSON.stringify(Object.fromEntries(names.map((name) => [name, 0]))), loader: 'json' };
    });
  },
};

/** The checks speak English only (issue-messages.ts words every message): zod's other locales stay out. */
const englishOnly: Plugin = {
  name: 'zod-english-only',
  setup(build) {
    build.onLoad({ filter: /zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({ contents: "export { default as en } from './en.js';", loader: 'js' }));
  },
};

/**
 * acorn-jsx requires acorn (its CommonJS build) and micromark's MDX extension imports it (its ES build): bundled as
 * they are, the browser got acorn twice (2 × 120 KB). Both get the ES build.
 */
const oneAcorn: Plugin = {
  name: 'one-acorn',
  setup(build) {
    build.onResolve({ filter: /^acorn$/ }, ({ path, kind, resolveDir }) =>
      kind === 'require-call' ? build.resolve(path, { kind: 'import-statement', resolveDir }) : undefined,
    );
  },
};

const zodAsObject = /^import \{ z \} from 'astro\/zod';$/m;

/**
 * `import { z } from 'astro/zod'`, as Astro's docs write it, hands esbuild all of zod as one object, so it keeps all of
 * it (JSON Schema conversion, z.compile…); imported as a namespace, esbuild keeps only what the schemas use.
 */
const zodAsNamespace: Plugin = {
  name: 'zod-as-namespace',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      return zodAsObject.test(source) ? { contents: source.replace(zodAsObject, "import * as z from 'astro/zod';"), loader: 'ts' } : undefined;
    });
  },
};

/**
 * `virtual:theme-colours` (src/config/theme-colour.ts), the colour tokens of the site's stylesheet, as the site's build
 * serves it; by the stylesheet's path, so that a change to it bundles the script afresh (below).
 */
const themeColoursModule: Plugin = {
  name: 'theme-colours',
  setup(build) {
    build.onResolve({ filter: new RegExp(`^${THEME_COLOURS_MODULE}$`) }, () => ({ path: themeStylesheet(process.cwd()), pluginData: THEME_COLOURS_MODULE }));
    build.onLoad({ filter: /\.css$/ }, ({ path, pluginData }) =>
      pluginData === THEME_COLOURS_MODULE ? { contents: themeColoursModuleSource(path), loader: 'js' } : undefined,
    );
  },
};

/** Where the browser fetches the part `name` of the editor's script (src/pages/admin/cms-setup/[part].js.ts). */
export const editorPartUrl = (name: string) => `/admin/cms-setup/${name}.js`;

/**
 * A module the editor imports with `import()` (the page-text parser, the paste converter) stays out of the script
 * /admin loads up front: it becomes a part of its own, named after its file, fetched when the code asks for it. A
 * module that both the script and a part import is bundled into each; a part is one module with what only it needs,
 * and imports none with `import()` (editorPart refuses it).
 */
const lazyParts = (parts: Map<string, string>): Plugin => ({
  name: 'lazy-parts',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async ({ path, kind, resolveDir, importer }) => {
      if (kind !== 'dynamic-import') return undefined;
      const resolved = await build.resolve(path, { kind: 'import-statement', resolveDir, importer });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      const name = basename(resolved.path).replace(/\.[cm]?[jt]s$/, '');
      if (parts.has(name) && parts.get(name) !== resolved.path) return { errors: [{ text: `two parts of the editor's script are named ${name}` }] };
      parts.set(name, resolved.path);
      return { path: editorPartUrl(name), external: true };
    });
  },
});

/**
 * The settings the editor's code reads (src/config/environment.ts, through company.ts and offices.ts) come from
 * `import.meta.env`, which a classic script has no way to hold: the bundle gets this build's PUBLIC_ variables in its
 * place, as Vite gives the site's browser code, and never a private one.
 */
const publicEnv = () => JSON.stringify(Object.fromEntries(Object.entries(environment).filter(([name]) => name.startsWith('PUBLIC_'))));

const modified = async (path: string) => (await stat(path).catch(() => undefined))?.mtimeMs;

/**
 * Each entry's last bundle, the files it was built from, with the time each was last changed, and its parts: `astro
 * dev` serves the script on every opening of /admin, and bundling its 820 KB again each time costs about a quarter of
 * a core-second. A change to any of those files (or its removal) bundles it afresh.
 */
interface Bundle {
  text: string;
  inputs: Map<string, number | undefined>;
  parts: Map<string, string>;
}
const bundles = new Map<string, Bundle>();

async function unchanged(inputs: Map<string, number | undefined>): Promise<boolean> {
  for (const [path, time] of inputs) if ((await modified(path)) !== time) return false;
  return true;
}

/** `entry` bundled, minified: the script /admin loads as a classic script (iife), or a part as an ES module (esm). */
async function bundled(entry: string, format: 'iife' | 'esm'): Promise<Bundle> {
  const key = `${format}:${entry}`;
  const kept = bundles.get(key);
  if (kept && (await unchanged(kept.inputs))) return kept;
  const started = Date.now();
  const parts = new Map<string, string>();
  const { outputFiles, metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    minify: true,
    format,
    target: 'es2022',
    legalComments: 'none',
    metafile: true,
    define: { 'import.meta.env': publicEnv() },
    plugins: [lazyParts(parts), iconNamesOnly, englishOnly, oneAcorn, zodAsNamespace, themeColoursModule],
  });
  const inputs = new Map<string, number | undefined>();
  // Not esbuild's own inputs (`<define:import.meta.env>`), which are no files.
  for (const path of Object.keys(metafile.inputs).filter((input) => !input.startsWith('<'))) {
    // A file saved while the bundle was being made may be in it as it was before: the next opening bundles it again.
    const time = await modified(path);
    inputs.set(path, time !== undefined && time < started ? time : Number.NaN);
  }
  const bundle = { text: outputFiles[0]!.text, inputs, parts };
  bundles.set(key, bundle);
  return bundle;
}

/** The browser script of `entry` (by default the editor's), minified, as one classic script. */
export const editorScript = async (entry = editorScriptEntry): Promise<string> => (await bundled(entry, 'iife')).text;

/** The names of the parts the script of `entry` fetches when needed. */
export const editorPartNames = async (entry = editorScriptEntry): Promise<string[]> => [...(await bundled(entry, 'iife')).parts.keys()];

/** The part `name` of the script of `entry`, as an ES module. */
export async function editorPart(name: string, entry = editorScriptEntry): Promise<string> {
  const path = (await bundled(entry, 'iife')).parts.get(name);
  if (path === undefined) throw new Error(`The editor's script has no part named ${name}.`);
  const part = await bundled(path, 'esm');
  if (part.parts.size > 0) throw new Error(`The editor's part ${name} imports ${[...part.parts.keys()].join(', ')} with import(), which is not served.`);
  return part.text;
}
