import { getCollection } from 'astro:content';
import { headerNav } from '../config/navigation.ts';
import { SECTIONS, sectionPath, type Section } from '../config/routes.ts';

export interface MenuLink {
  label: string;
  href: string;
}

export interface MenuItem extends MenuLink {
  children?: MenuLink[];
}

/** A section's pages in menu order. */
export async function sectionPages(section: Section) {
  const entries = await getCollection(section);
  return entries.sort((a, b) => a.data.order - b.data.order);
}

async function sectionLinks(section: Section): Promise<MenuLink[]> {
  return (await sectionPages(section)).map((entry) => ({ label: entry.data.navLabel, href: sectionPath(section, entry.id) }));
}

/** The header menu: fixed top-level entries, with each section's dropdown read from its collection. */
export async function headerMenu(): Promise<MenuItem[]> {
  return Promise.all(
    headerNav.map(async (item) =>
      'section' in item ? { label: item.label, href: item.href, children: await sectionLinks(item.section) } : { ...item },
    ),
  );
}

/** The footer's Core Services: every sub-page that declares `coreService`, in its order. */
export async function coreServices(): Promise<MenuLink[]> {
  const entries = (await Promise.all(SECTIONS.map(async (section) => (await getCollection(section)).map((entry) => ({ section, entry }))))).flat();
  return entries
    .flatMap(({ section, entry }) =>
      entry.data.coreService ? [{ ...entry.data.coreService, href: sectionPath(section, entry.id) }] : [],
    )
    .sort((a, b) => a.order - b.order)
    .map(({ label, href }) => ({ label, href }));
}
