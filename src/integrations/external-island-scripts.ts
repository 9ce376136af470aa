import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtHtmlFiles } from './built-pages.ts';

/** The file name for Astro's inline island loader ("astro-island") or a hydration directive ("astro-visible"…). */
export function islandScriptName(body: string): string | undefined {
  if (body.includes('customElements.define("astro-island"')) return 'astro-island';
  const directive = /^\(\(\)=>\{[\s\S]*\(self\.Astro\|\|\(self\.Astro=\{\}\)\)\.(\w+)=/.exec(body)?.[1];
  return directive && `astro-${directive}`;
}

/**
 * After the build, moves Astro's inline island loader and directive scripts (about 2 KB gzip on a page
 * with an island) into files under /_astro/, loaded with `defer` in the same order. The first response
 * then carries only what the first paint needs, and the loader is cached across pages. Deferred scripts
 * still run before DOMContentLoaded, and islands already in the page start once the loader defines them.
 */
export function externalIslandScripts(): AstroIntegration {
  return {
    name: 'external-island-scripts',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const scripts = new Map<string, string>();
        let pages = 0;
        for (const path of await builtHtmlFiles(root)) {
          const html = await readFile(path, 'utf8');
          const moved = html.replace(/<script>([\s\S]*?)<\/script>/g, (tag, body: string) => {
            const name = islandScriptName(body);
            if (!name) return tag;
            const href = `/_astro/${name}.${createHash('sha256').update(body).digest('base64url').slice(0, 8)}.js`;
            scripts.set(href, body);
            return `<script src="${href}" defer></script>`;
          });
          if (moved === html) continue;
          await writeFile(path, moved);
          pages += 1;
        }
        for (const [href, body] of scripts) await writeFile(join(root, href), body);
        logger.info(`moved ${scripts.size} island scripts out of ${pages} pages into /_astro/`);
      },
    },
  };
}
