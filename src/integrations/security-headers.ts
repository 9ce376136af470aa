import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatHeadersFile, headerRules } from '../config/security-headers.ts';
import { builtHtmlFiles } from './built-pages.ts';

/** Executable inline scripts (not JSON-LD data blocks) in a page. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/type="application\/ld\+json"/.test(attributes ?? ''))
    .map(([, , body]) => body ?? '');
}

export const scriptHash = (body: string) => `sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`;

/**
 * After the build, hashes every inline script in dist/ and writes dist/_headers with a CSP that allows
 * exactly those scripts, the site itself and the Supabase project the build talks to.
 */
export function securityHeaders(options: { supabaseUrl: string }): AstroIntegration {
  return {
    name: 'security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const hashes = new Set<string>();
        for (const path of await builtHtmlFiles(root)) {
          for (const script of inlineScripts(await readFile(path, 'utf8'))) hashes.add(scriptHash(script));
        }
        const rules = headerRules({ scriptHashes: [...hashes].sort(), supabaseUrl: options.supabaseUrl });
        await writeFile(join(root, '_headers'), formatHeadersFile(rules));
        logger.info(`_headers written: CSP allows ${hashes.size} inline script hashes and ${new URL(options.supabaseUrl).origin}`);
      },
    },
  };
}
