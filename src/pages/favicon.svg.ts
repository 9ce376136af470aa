import type { APIRoute } from 'astro';
import { brandMark } from '../config/brand-mark.ts';

export const GET: APIRoute = () =>
  new Response(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${brandMark.viewBox}">${brandMark.body}</svg>`, {
    headers: { 'Content-Type': 'image/svg+xml' },
  });
