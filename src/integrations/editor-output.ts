/**
 * The writers' editor gets an output of its own: after the build, /admin (admin.html and admin/, Decap CMS with its
 * configuration and the site index) moves from dist/ to dist-editor/, with that output's own `_headers`,
 * `_redirects` (its root leads to /admin) and `robots.txt`. dist-editor/ is published on another origin (EDITOR_URL,
 * a second Cloudflare Pages project, editor/wrangler.jsonc), so no script that runs on a public page can read the
 * GitHub token Decap keeps in its origin's localStorage; the public site's /admin only leads there
 * (src/pages/[hostFile].ts). `astro dev` keeps serving /admin itself, with the local backend. Build time only (Node).
 */
import type { AstroIntegration } from 'astro';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { editorHeaderRules, formatHeadersFile, formatRedirectsFile } from '../config/security.ts';

/** The editor's output folder, beside dist/; editor/wrangler.jsonc publishes it. */
export const editorOutputFolder = 'dist-editor';

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
        logger.info(`the editor (/admin) is in ${editorOutputFolder}/, for its own origin (EDITOR_URL)`);
      },
    },
  };
}
