/**
 * `_headers` and `_redirects`, the files Cloudflare Pages (the default host) and Netlify read for response
 * headers and permanent redirects, written from src/config/security.ts and src/config/routes.ts.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { redirects } from '../config/routes.ts';
import { formatHeadersFile, formatRedirectsFile, headerRules } from '../config/security.ts';

const hostFiles: Readonly<Record<string, string>> = {
  _headers: formatHeadersFile(headerRules),
  _redirects: formatRedirectsFile(redirects),
};

export const getStaticPaths = (() => Object.keys(hostFiles).map((hostFile) => ({ params: { hostFile } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => new Response(hostFiles[params.hostFile ?? ''], { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
