import type { APIRoute } from 'astro';
import { spriteIcons, spriteSvg } from '../document/icon-sprite.ts';

/** One cached SVG sprite of every icon the site uses, so pages carry a <use> reference instead of path data. */
export const GET: APIRoute = async () => {
  const { names } = await spriteIcons();
  return new Response(spriteSvg(names), { headers: { 'Content-Type': 'image/svg+xml' } });
};
