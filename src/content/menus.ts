/**
 * The site's menus, derived from the top-level pages (src/config/routes.ts) and the content collections: a new
 * service file appears in the header dropdown, the mobile menu and, if it declares `coreService`, the footer; a new
 * legal page in the footer's legal links; with nothing else to edit.
 */
import { getCollection } from 'astro:content';
import { isLive } from './moved-addresses.ts';
import { SECTIONS, legalPath, sectionPath, topLevelPages, type Section } from '../config/routes.ts';

export interface MenuLink {
  label: string;
  href: string;
}

export interface MenuItem extends MenuLink {
  children?: MenuLink[];
}

/** A section's pages in menu order (retired ones left out). */
export async function sectionPages(section: Section) {
  const entries = await getCollection(section, isLive);
  return entries.sort((a, b) => a.data.order - b.data.order);
}

async function sectionLinks(section: Section): Promise<MenuLink[]> {
  return (await sectionPages(section)).map((entry) => ({ label: entry.data.navLabel, href: sectionPath(section, entry.id) }));
}

const inMenu = (menu: 'header' | 'footer') => topLevelPages.filter((page) => (page.menus as readonly string[]).includes(menu));

/** The header and mobile menu: the header's top-level pages, each section's with a dropdown of its pages. */
export async function headerMenu(): Promise<MenuItem[]> {
  return Promise.all(
    inMenu('header').map(async (page) =>
      'section' in page ? { label: page.label, href: page.path, children: await sectionLinks(page.section) } : { label: page.label, href: page.path },
    ),
  );
}

/** The footer's quick links. */
export const footerQuickLinks: readonly MenuLink[] = inMenu('footer').map((page) => ({ label: 'footerLabel' in page ? page.footerLabel : page.label, href: page.path }));

/** The footer's legal links: every page of the legal collection, by its title, in its order. */
export async function legalLinks(): Promise<MenuLink[]> {
  const entries = await getCollection('legal');
  return entries.sort((a, b) => a.data.order - b.data.order).map((entry) => ({ label: entry.data.title, href: legalPath(entry.id) }));
}

/** The footer's Core Services: every sub-page that declares `coreService`, in its order. */
export async function coreServices(): Promise<MenuLink[]> {
  const entries = (await Promise.all(SECTIONS.map(async (section) => (await getCollection(section, isLive)).map((entry) => ({ section, entry }))))).flat();
  return entries
    .flatMap(({ section, entry }) =>
      entry.data.coreService ? [{ ...entry.data.coreService, href: sectionPath(section, entry.id) }] : [],
    )
    .sort((a, b) => a.order - b.order)
    .map(({ label, href }) => ({ label, href }));
}

/** True when `href` is the current page or the section the current page belongs to. */
export function isCurrentSection(href: string, currentPath: string): boolean {
  if (href === '/') return currentPath === '/';
  return currentPath === href || currentPath.startsWith(`${href}/`);
}
