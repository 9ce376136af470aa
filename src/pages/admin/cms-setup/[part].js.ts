/** The parts of the editor's script that /admin/cms-setup.js fetches only when needed (src/cms/build/editor-script.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { editorPart, editorPartNames } from '../../../cms/build/editor-script.ts';

export const getStaticPaths = (async () => (await editorPartNames()).map((part) => ({ params: { part } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) =>
  new Response(await editorPart(params.part!), { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
