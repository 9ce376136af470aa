/**
 * The forms a link in content may take: a path of this site (optionally with #anchor), an in-page anchor, or an
 * https, tel or mailto URL. Whether the path's page exists is checked once every collection is loaded
 * (src/content/link-checks.ts); here only the form, so the check can run while a single file is read.
 */
import { editDistance } from './issue-messages.ts';

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

/** The message for a link to a page the site does not have (the build's, and the editor's): the nearest page, or where the addresses are listed. */
/** What to write instead of a link to `path`: the page whose address is a few letters away, or where the addresses are listed. */
export function nearestPageHint(path: string, pages: Iterable<string>): string {
  const [best] = [...pages].map((page) => ({ page, distance: editDistance(page, path) })).sort((a, b) => a.distance - b.distance);
  const listed = 'docs/CONTENT.md lists the addresses; a sub-page exists once its file is in content/<section>/';
  return best && best.distance <= 3 ? `did you mean "${best.page}"? (${listed})` : `check the address (${listed})`;
}

export function unknownPageMessage(href: string, pages: Iterable<string>): string {
  return `"${href}" is not a page of this site: ${nearestPageHint(pageOf(href), pages)}`;
}
