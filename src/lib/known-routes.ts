/**
 * Which hrefs the site can serve, decided at build time from the route config and the content folders,
 * so a content link to a page that does not exist fails the build. Node only (reads the file system).
 */
import { existsSync } from 'node:fs';
import { SECTIONS, redirects, topLevelPages, type Section } from '../config/routes.ts';

const topLevel = new Set<string>(topLevelPages.map((page) => page.path));
const contentRoot = new URL('../../content/', import.meta.url);

function isSectionPage(path: string): boolean {
  const match = /^\/([a-z]+)\/([a-z0-9-]+)$/.exec(path);
  if (!match || !SECTIONS.includes(match[1] as Section)) return false;
  return existsSync(new URL(`${match[1]}/${match[2]}.mdx`, contentRoot));
}

function isSitePath(path: string): boolean {
  return topLevel.has(path) || path in redirects || isSectionPage(path);
}

/** True for a page of this site (optionally with #anchor), an in-page anchor, or an https/tel/mailto link. */
export function isValidHref(href: string): boolean {
  if (/^(https:\/\/|tel:\+?\d|mailto:\S+@)/.test(href)) return true;
  if (href.startsWith('#')) return href.length > 1;
  const [path = '', hash] = href.split('#');
  if (hash !== undefined && hash.length === 0) return false;
  return isSitePath(path);
}
