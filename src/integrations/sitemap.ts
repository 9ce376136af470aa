/** The sitemap lists the pages to index: not the legacy paths' forwarding pages (src/config/routes.ts), the not-found page or the writers' editor. */
import sitemap from '@astrojs/sitemap';
import type { AstroIntegration } from 'astro';
import { redirects } from '../config/routes.ts';

const notIndexed = ['/404', '/admin', ...Object.keys(redirects)];

export const siteMap = (): AstroIntegration => sitemap({ filter: (page) => !notIndexed.some((path) => page.endsWith(path)) });
