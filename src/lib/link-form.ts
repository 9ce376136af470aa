/**
 * The forms a link in content may take: a path of this site (optionally with #anchor), an in-page anchor, or an
 * https, tel or mailto URL. Whether the path's page exists is checked once every collection is loaded
 * (src/lib/content-links.ts); here only the form, so the check can run while a single file is read.
 */

/** True for a path of this site ("/", "/about", "/services/security#process"), without checking that it exists. */
export function isSitePath(href: string): boolean {
  return /^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?(#\S+)?$/.test(href);
}

/** True for a link in one of the forms content may use. */
export function isLinkForm(href: string): boolean {
  if (/^(https:\/\/|tel:\+?\d|mailto:\S+@)/.test(href)) return true;
  if (href.startsWith('#')) return href.length > 1;
  return isSitePath(href);
}

/** The page part of a site path: "/services#all" → "/services". */
export const pageOf = (href: string): string => href.split('#')[0]!;
