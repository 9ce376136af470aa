/** Decap CMS's script and the chunks it loads, copied from node_modules/decap-cms/dist at build time. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentTypeOf, decapAssetFiles, decapDist } from '../../cms/build/decap-assets.ts';

export const getStaticPaths = (() => decapAssetFiles().map((decapFile) => ({ params: { decapFile } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const file = params.decapFile!;
  return new Response(await readFile(join(decapDist, file)), { headers: { 'Content-Type': contentTypeOf(file) } });
};
