/** Public origin of the site, used for canonical URLs, Open Graph and the sitemap. Override with SITE_URL at build time. */
export const SITE_URL: string = process.env.SITE_URL ?? 'https://www.example.com';
