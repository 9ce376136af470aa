import type { AstroIntegration } from 'astro';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { htmlClasses, htmlTags, pruneCss, type PageUsage } from '../lib/css-prune.ts';
import { builtHtmlFiles } from './built-pages.ts';
import { inlineScripts } from './security-headers.ts';

/** Words of source code that could be class names (or `<tag` openings). */
const tokensOf = (code: string) => code.split(/[\s"'`{}>()]+/);

/**
 * After the build, replaces each page's stylesheet link with an inline <style> holding only the rules
 * that page can use. A first visit then needs one response, not two, and carries a few KB less CSS:
 * the page weight budget (HTML + CSS in the first round trips) is what this is for.
 * Classes that scripts may add later are kept too: any token of the page's inline scripts and, on a page
 * with an island, any token in src/components/islands/.
 */
export function inlineCss(): AstroIntegration {
  let islandsDir = '';
  return {
    name: 'inline-css',
    hooks: {
      'astro:config:done': ({ config }) => {
        islandsDir = fileURLToPath(new URL('src/components/islands/', config.root));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const islandSources = await readdir(islandsDir);
        const islandTokens = new Set(tokensOf((await Promise.all(islandSources.map((file) => readFile(join(islandsDir, file), 'utf8')))).join('\n')));
        const cssCache = new Map<string, string>();
        let pages = 0;
        for (const path of await builtHtmlFiles(root)) {
          let html = await readFile(path, 'utf8');
          const links = [...html.matchAll(/<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"\s*\/?>/g)];
          if (links.length === 0) continue;
          const classes = htmlClasses(html);
          const tags = htmlTags(html);
          const laterTokens = new Set([
            ...(html.includes('<astro-island') ? islandTokens : []),
            ...inlineScripts(html).flatMap(tokensOf),
          ]);
          const usage: PageUsage = {
            isClassUsed: (className) => classes.has(className) || laterTokens.has(className),
            isTagUsed: (tag) => tags.has(tag) || laterTokens.has(`<${tag}`),
          };
          for (const [tag, href] of links) {
            if (!cssCache.has(href!)) cssCache.set(href!, await readFile(join(root, href!), 'utf8'));
            html = html.replace(tag, `<style>${pruneCss(cssCache.get(href!)!, usage)}</style>`);
          }
          await writeFile(path, html);
          pages += 1;
        }
        logger.info(`inlined the CSS each of ${pages} pages uses`);
      },
    },
  };
}
