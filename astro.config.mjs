// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { interactDirective } from './src/integrations/interact-directive.ts';
import { SITE_URL } from './src/config/site-url.ts';
import { redirects } from './src/config/routes.ts';

export default defineConfig({
  site: SITE_URL,
  output: 'static',
  trailingSlash: 'never',
  redirects: { ...redirects },
  build: { format: 'file' },
  integrations: [mdx(), react(), interactDirective()],
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
