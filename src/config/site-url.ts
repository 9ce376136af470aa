/**
 * Public origin of the site, used for canonical URLs, Open Graph, the sitemap and the editor's "View Live".
 * Set SITE_URL at build time (src/config/settings.ts). astro.config.mjs reads this module before Vite runs, so only
 * `process.env` is available: `npm run build:deploy` passes the values of `.env` on to the build.
 */
import { settingValue } from './settings.ts';

export const SITE_URL: string = settingValue(globalThis.process?.env ?? {}, 'SITE_URL');
