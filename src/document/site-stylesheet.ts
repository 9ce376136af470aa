/**
 * The site's whole stylesheet as one file (/site.css, src/pages/site.css.ts), linked where a page's first screen
 * ends (after its hero; without one, before the footer): the rules for the rest of the page arrive while the first
 * screen is painted from the page's inline <style>, which keeps only what the first screen uses (page-document.ts),
 * and one cached file serves every page after the first. Browsers paint what comes before a stylesheet linked in the
 * body and hold back what comes after it until it has loaded, so nothing shows unstyled.
 */
import siteCss from '../styles/global.css?inline';
import { wholeCss } from './page-css.ts';
import { shortHash } from './short-hash.ts';

/** What page-css.ts cuts each page's share from. */
export const siteCssSource = siteCss;
export const siteStylesheet = wholeCss(siteCss);
/** Versioned by its content, so a changed stylesheet is fetched anew. */
const siteStylesheetHref = `/site.css?v=${shortHash(siteStylesheet)}`;
/** As Astro writes it in a page, so the document layout can find where the first screen ends. */
export const siteStylesheetLink = `<link rel="stylesheet" href="${siteStylesheetHref}">`;
