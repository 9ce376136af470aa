// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { SITE_URL } from './src/config/site-url.ts';
import { satteri } from '@astrojs/markdown-satteri';
import { factsPlugin } from './src/content/markdown-facts.ts';
import { imagesPlugin } from './src/content/markdown-images.ts';
import { allowListPlugin } from './src/content/markdown-allow-list.ts';
import { kalpakaSite } from './src/integrations/index.ts';

export default defineConfig({
  site: SITE_URL,
  output: 'static',
  trailingSlash: 'never',
  // Two content files with the same id (`Installation.mdx` beside `installation.mdx`, or a `slug:` repeated) fail the
  // build instead of one page silently replacing the other.
  prerenderConflictBehavior: 'error',
  build: { format: 'file' },
  markdown: {
    // Shiki colours code with inline style attributes, which the Content-Security-Policy does not allow; the site shows no code.
    syntaxHighlight: false,
    // `{{name}}` in an MDX body becomes the fact of src/config/facts.ts (in frontmatter: src/schemas/facts.ts);
    // each image is a file of content/uploads/ with alt text (src/content/markdown-images.ts); the page's HTML holds
    // nothing outside the list of what page text may become (src/content/markdown-allow-list.ts).
    processor: satteri({ mdastPlugins: [factsPlugin, imagesPlugin], hastPlugins: [allowListPlugin] }),
  },
  // Every page carries its Content-Security-Policy in a <meta> tag, so it holds on any static host; the document
  // layout writes it with the hashes of exactly the inline scripts and styles the page has (src/document/page-policy.ts).
  // What the site itself adds to Astro (a client directive, build checks, the sitemap's filter) is one integration.
  integrations: [mdx(), react(), kalpakaSite()],
  vite: {
    plugins: [tailwindcss()],
    server: {
      // A file is reported changed once its size has held for 150 ms, so a save in two steps (emptied, then written, as
      // Node's writeFile, decap-server and many editors save) is read once, whole: chokidar alone reports the emptied
      // file and drops the change that follows within 50 ms, and the content layer would keep the empty file.
      watch: { awaitWriteFinish: { stabilityThreshold: 150, pollInterval: 50 } },
    },
    build: {
      rollupOptions: {
        // MDX modules carry Astro's "use astro:head-inject" marker, which the bundler reports on every build; it is harmless.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  },
});
