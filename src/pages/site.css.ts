import type { APIRoute } from 'astro';
import { siteStylesheet } from '../document/site-stylesheet.ts';

/** The whole site stylesheet, for what follows each page's first screen (src/document/site-stylesheet.ts). */
export const GET: APIRoute = () => new Response(siteStylesheet, { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
