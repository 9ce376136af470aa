import type { APIRoute } from 'astro';
import { socialImage } from '../picture-data/social-image.ts';

/** The social sharing image every page names in og:image, drawn in the build (src/picture-data/social-image.ts). */
export const GET: APIRoute = async () => new Response(new Uint8Array(await socialImage()), { headers: { 'Content-Type': 'image/png' } });
