import type { APIRoute } from 'astro';
import { themeColour } from '../config/theme-colour.ts';
import { landPath, mapHeight, mapWidth } from '../picture-data/office-map.ts';

/** The land of the office map as one cached file, so pages carry only its markers and names. */
export const GET: APIRoute = () =>
  new Response(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${mapWidth}" height="${mapHeight}" viewBox="0 0 ${mapWidth} ${mapHeight}"><path fill="${themeColour('brand-200')}" d="${landPath()}"/></svg>`,
    { headers: { 'Content-Type': 'image/svg+xml' } },
  );
