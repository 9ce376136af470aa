import { themeColour } from './theme-colour.ts';

/** The company's mark (a "K" on a blue tile with an amber dot): the favicon, the logo's symbol in /icons.svg, the social image. */
export const brandMark = {
  viewBox: '0 0 32 32',
  body:
    `<rect width="32" height="32" rx="8" fill="${themeColour('brand-600')}"/>` +
    `<path d="M10 8v16M10 16l9-8M13.5 13l7.5 11" stroke="${themeColour('white')}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" fill="none"/>` +
    `<circle cx="23.5" cy="9.5" r="2.5" fill="${themeColour('accent-400')}"/>`,
} as const;

/** The id of the mark's <symbol> in the icon sprite. */
export const BRAND_MARK_ID = 'logo';
