import type { APIRoute } from 'astro';
import { landPath, mapHeight, mapWidth } from '../picture-data/office-map.ts';

/**
 * The land of the office map as one cached file, so pages carry only its markers and names. Its colour is brand-200
 * of src/styles/global.css: an image cannot read the page's custom properties.
 */
export const GET: APIRoute = () =>
  new Response(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${mapWidth}" height="${mapHeight}" viewBox="0 0 ${mapWidth} ${mapHeight}"><path fill="#c0d4fb" d="${landPath()}"/></svg>`,
    { headers: { 'Content-Type': 'image/svg+xml' } },
  );
