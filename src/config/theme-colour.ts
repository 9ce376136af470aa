/**
 * The site's colours where a page's custom properties do not reach: pictures drawn at build time (the favicon, the
 * office map, the social image), meta tags, SVG attributes, the enquiry toasts and the editor. Each is a token of
 * src/styles/global.css, the one home of colours, read when the site is built (src/styles/theme-colours.ts).
 */
import { colours } from 'virtual:theme-colours';

/** The colour of the token `--color-NAME`, with `opacity` (0 to 1) as a hex colour's alpha when given. */
export function themeColour(name: string, opacity?: number): string {
  const value = colours[name];
  if (value === undefined) throw new Error(`No colour token "${name}" in src/styles/global.css`);
  if (opacity === undefined) return value;
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(value)?.[1];
  if (!hex) throw new Error(`The colour token "${name}" (${value}) is not a hex colour of three or six digits, to be given an opacity`);
  const alpha = Math.round(opacity * 255)
    .toString(16)
    .padStart(2, '0');
  return `#${hex.length === 3 ? hex.replace(/./g, '$&$&') : hex}${alpha}`;
}
