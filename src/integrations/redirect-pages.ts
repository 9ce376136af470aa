import type { AstroIntegration } from 'astro';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE_URL } from '../config/site-url.ts';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** A complete, valid HTML page that forwards to `to` (for hosts without server-side redirects, such as GitHub Pages). */
export function redirectPage(to: string, site: URL): string {
  const target = escapeHtml(to);
  const canonical = escapeHtml(new URL(to, site).href);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>This page has moved</title>
<meta http-equiv="refresh" content="0; url=${target}">
<meta name="robots" content="noindex">
<link rel="canonical" href="${canonical}">
</head>
<body>
<p>This page has moved to <a href="${target}">${target}</a>.</p>
</body>
</html>
`;
}

/**
 * Redirects for every kind of static host: permanent (301) rules in dist/_redirects for Netlify and
 * Cloudflare Pages, and a valid HTML forwarding page at each old path for hosts that only serve files.
 */
export function redirectPages(redirects: Readonly<Record<string, string>>): AstroIntegration {
  let site = new URL(SITE_URL);
  return {
    name: 'redirect-pages',
    hooks: {
      'astro:config:done': ({ config }) => {
        if (config.site) site = new URL(config.site);
      },
      'astro:build:done': async ({ dir }) => {
        const root = fileURLToPath(dir);
        const rules = Object.entries(redirects).map(([from, to]) => `${from} ${to} 301`);
        await writeFile(join(root, '_redirects'), `${rules.join('\n')}\n`);
        for (const [from, to] of Object.entries(redirects)) await writeFile(join(root, `${from}.html`), redirectPage(to, site));
      },
    },
  };
}
