/** The editor's own script (src/cms/build/editor-script.ts), loaded by /admin after Decap CMS. */
import type { APIRoute } from 'astro';
import { editorScript } from '../../cms/build/editor-script.ts';

export const GET: APIRoute = async () => new Response(await editorScript(), { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
