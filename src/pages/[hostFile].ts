/**
 * `_headers` and `_redirects`, the files Cloudflare Pages (the default host) and Netlify read for response
 * headers and permanent redirects, written from src/config/security.ts and src/content/moved-addresses.ts, with
 * /admin sent to the editor's own origin (EDITOR_URL).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { formatHeadersFile, formatRedirectsFile, headerRules } from '../config/security.ts';
import { siteRedirects } from '../content/moved-addresses.ts';
import { EDITOR_URL } from '../config/editor-url.ts';

/**
 * The editor lives on its own origin (src/config/editor-url.ts): the address writers know leads there. Cloudflare Pages
 * takes only https:// targets (a deploy's EDITOR_URL always is); elsewhere dist/admin.html forwards instead.
 */
const editorAddress = new URL('/admin', EDITOR_URL).href;
const editorRedirects: Record<string, string> = editorAddress.startsWith('https:') ? { '/admin': editorAddress, '/admin/*': editorAddress } : {};

const hostFiles: Readonly<Record<string, () => Promise<string> | string>> = {
  _headers: () => formatHeadersFile(headerRules),
  _redirects: async () => formatRedirectsFile({ ...(await siteRedirects()), ...editorRedirects }),
};

export const getStaticPaths = (() => Object.keys(hostFiles).map((hostFile) => ({ params: { hostFile } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) =>
  new Response(await hostFiles[params.hostFile ?? '']!(), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
