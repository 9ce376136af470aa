import type { APIRoute } from 'astro';
import { SITE_URL } from '../config/site-url.ts';

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site ?? SITE_URL);
  return new Response(`User-agent: *\nAllow: /\nDisallow: /404\nDisallow: /admin\n\nSitemap: ${sitemap.href}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
