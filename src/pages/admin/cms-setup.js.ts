/**
 * src/cms/editor/admin-setup.ts bundled for the browser (with the YAML parser the editor's file format uses, and the
 * content schemas its checks run).
 */
import type { APIRoute } from 'astro';
import { build, type Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

// From the project root (where astro runs): this module itself is bundled elsewhere at build time.
const entry = join(process.cwd(), 'src/cms/editor/admin-setup.ts');

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

export const GET: APIRoute = async () => {
  const { outputFiles } = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2022',
    legalComments: 'none',
    plugins: [iconNamesOnly, englishOnly],
  });
  return new Response(outputFiles[0]!.text, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
};
