// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { interactDirective } from './src/integrations/interact-directive.ts';
import { SITE_URL } from './src/config/site-url.ts';

export default defineConfig({
  site: SITE_URL,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [mdx(), react(), interactDirective()],
  vite: { plugins: [tailwindcss()] },
});
