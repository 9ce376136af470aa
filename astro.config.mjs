// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import sitemap from '@astrojs/sitemap';
import { externalIslandScripts } from './src/integrations/external-island-scripts.ts';
import { securityHeaders } from './src/integrations/security-headers.ts';
import { inlineCss } from './src/integrations/inline-css.ts';
import { redirectPages } from './src/integrations/redirect-pages.ts';
import { localSupabaseUrl } from './src/config/local-supabase.ts';
import { SITE_URL } from './src/config/site-url.ts';
import { redirects } from './src/config/routes.ts';

export default defineConfig({
  site: SITE_URL,
  output: 'static',
  trailingSlash: 'never',
  redirects: { ...redirects },
  build: { format: 'file' },
  integrations: [
    mdx(),
    react(),
    inlineCss(),
    externalIslandScripts(),
    redirectPages(redirects),
    securityHeaders({ supabaseUrl: process.env.PUBLIC_SUPABASE_URL || localSupabaseUrl }),
    // Redirect stubs and the not-found page are not pages to index.
    sitemap({ filter: (page) => !page.endsWith('/404') && !Object.keys(redirects).some((from) => page.endsWith(from)) }),
  ],
  vite: {
    plugins: [tailwindcss()],
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
