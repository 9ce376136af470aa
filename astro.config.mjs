// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import sitemap from '@astrojs/sitemap';
import { localSupabaseAnonKey } from './src/config/local-supabase.ts';
import { SITE_URL } from './src/config/site-url.ts';
import { redirects } from './src/config/routes.ts';
import { publicKeyProblem } from './src/enquiry/supabase-key.ts';
import { satteri } from '@astrojs/markdown-satteri';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { factsPlugin } from './src/content/markdown-facts.ts';
import { adminSlash } from './src/integrations/admin-slash.ts';
import { clientDirectives } from './src/config/client-directives.ts';
import { componentCodeCheck } from './src/lib/component-code.ts';
import { unfixedContentFirst } from './src/content/build-errors.ts';
import { imagesPlugin } from './src/content/markdown-images.ts';

/**
 * The popover polyfill's minified stand-alone build, which its package does not export: MobileNav.astro has
 * browsers without popovers load it (`import url from 'popover-polyfill.iife.js?url'`).
 */
const popoverPolyfill = join(dirname(createRequire(import.meta.url).resolve('@oddbird/popover-polyfill')), 'popover.iife.min.js');

/**
 * The browser's key is built into the pages (src/enquiry/supabase-client.ts): refuse a secret or service role key,
 * whether it comes from the environment or from a .env file (Vite's resolved env holds both).
 */
const onlyPublicSupabaseKey = {
  name: 'only-public-supabase-key',
  /** @param {{ env: Record<string, string | undefined> }} config */
  configResolved({ env }) {
    const problem = publicKeyProblem(env.PUBLIC_SUPABASE_ANON_KEY || localSupabaseAnonKey);
    if (problem) throw new Error(problem);
  },
};

/** `client:intent`: an island loads its code on the visitor's first focus, pointer or key down inside it. */
const hydrateOnIntent = {
  name: 'hydrate-on-intent',
  hooks: {
    /** @param {{ addClientDirective: (directive: { name: string, entrypoint: string }) => void }} options */
    'astro:config:setup': ({ addClientDirective }) => addClientDirective({ name: 'intent', entrypoint: fileURLToPath(new URL(`./${clientDirectives.intent}`, import.meta.url)) }),
  },
};

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
    // each image is a file of content/uploads/ with alt text (src/content/markdown-images.ts).
    processor: satteri({ mdastPlugins: [factsPlugin, imagesPlugin] }),
  },
  // Every page carries its Content-Security-Policy in a <meta> tag, so it holds on any static host; the document
  // layout writes it with the hashes of exactly the inline scripts and styles the page has (src/lib/page-policy.ts).
  integrations: [
    mdx(),
    react(),
    hydrateOnIntent,
    adminSlash(),
    // The legacy paths' forwarding pages, the not-found page and the writers' editor are not pages to index.
    sitemap({ filter: (page) => !page.endsWith('/404') && !page.endsWith('/admin') && !Object.keys(redirects).some((from) => page.endsWith(from)) }),
  ],
  vite: {
    plugins: [tailwindcss(), onlyPublicSupabaseKey, componentCodeCheck, unfixedContentFirst],
    // A pattern, not a name: a name matches only the bare import, not `…?url`.
    resolve: { alias: [{ find: /^popover-polyfill\.iife\.js(?=\?|$)/, replacement: popoverPolyfill }] },
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
