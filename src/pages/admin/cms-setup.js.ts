/** src/cms/admin-setup.ts bundled for the browser (with the YAML parser the editor's file format uses). */
import type { APIRoute } from 'astro';
import { build } from 'esbuild';
import { join } from 'node:path';

// From the project root (where astro runs): this module itself is bundled elsewhere at build time.
const entry = join(process.cwd(), 'src/cms/admin-setup.ts');

export const GET: APIRoute = async () => {
  const { outputFiles } = await build({ entryPoints: [entry], bundle: true, write: false, minify: true, format: 'iife', target: 'es2022', legalComments: 'none' });
  return new Response(outputFiles[0]!.text, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
};
