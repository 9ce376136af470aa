/**
 * The writers' editor gets an output of its own: after the build, /admin (admin.html and admin/, Decap CMS with its
 * configuration and the site index) moves from dist/ to dist-editor/, with that output's own `_headers`,
 * `_redirects` (its root leads to /admin) and `robots.txt`; dist/admin.html becomes a page that forwards there. dist-editor/ is published on another origin (EDITOR_URL,
 * a second Cloudflare Pages project, editor/wrangler.jsonc), so no script that runs on a public page can read the
 * GitHub token Decap keeps in its origin's localStorage; the public site's /admin only leads there
 * (this page, and a 301 in src/pages/[hostFile].ts). `astro dev` keeps serving /admin itself, with the local backend. Build time only (Node).
 */
import type { AstroIntegration } from 'astro';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { editorHeaderRules, formatHeadersFile, formatRedirectsFile } from '../config/security.ts';
import { EDITOR_URL } from '../config/editor-url.ts';

/** The editor's output folder, beside dist/; editor/wrangler.jsonc publishes it. */
export const editorOutputFolder = 'dist-editor';

const escapeHtml = (value: string) => value.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The public site's /admin: a page that forwards to the editor without a script (hosts that read `_redirects` answer
 * with a 301 before it is reached; Cloudflare Pages takes only https:// targets there, so an http:// editor, as in the
 * tests, is reached through this page on every host).
 */
export function editorForwardingPage(editorAddress: string): string {
  const to = escapeHtml(editorAddress);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="content-security-policy" content="default-src 'none'; base-uri 'none'; form-action 'none'">
<meta name="robots" content="noindex, nofollow">
<meta http-equiv="refresh" content="0; url=${to}">
<title>Content editor</title>
</head>
<body>
<p>The content editor has its own address: <a href="${to}">${to}</a>.</p>
</body>
</html>
`;
}

export function editorOutput(): AstroIntegration {
  let root = '';
  return {
    name: 'kalpaka-editor-output',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const out = join(root, editorOutputFolder);
        await rm(out, { recursive: true, force: true });
        if (!existsSync(join(dist, 'admin.html'))) return;
        await mkdir(out, { recursive: true });
        for (const entry of ['admin.html', 'admin']) await rename(join(dist, entry), join(out, entry));
        await writeFile(join(out, '_headers'), formatHeadersFile(editorHeaderRules));
        await writeFile(join(out, '_redirects'), formatRedirectsFile({ '/': '/admin' }));
        await writeFile(join(out, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
        await writeFile(join(dist, 'admin.html'), editorForwardingPage(new URL('/admin', EDITOR_URL).href));
        logger.info(`the editor (/admin) is in ${editorOutputFolder}/, for its own origin (EDITOR_URL)`);
      },
    },
  };
}
