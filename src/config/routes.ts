/**
 * The site's pages. The top-level pages are listed here once, with the menus they appear in; the sub-pages of
 * services, consulting and outsourcing are the files of their content collections
 * (content/<section>/<slug>.mdx → /<section>/<slug>), and the legal pages the files of content/legal
 * (→ /<slug>). Header, mobile menu, footer, breadcrumbs and link checks all derive from these two sources
 * (src/content/menus.ts, src/content/link-checks.ts); the sitemap lists the pages the build makes.
 */

export const SECTIONS = ['services', 'consulting', 'outsourcing'] as const;
export type Section = (typeof SECTIONS)[number];

/** The menus a top-level page can appear in, in the order given below. */
type Menu = 'header' | 'footer';

interface TopLevelPage {
  path: string;
  /** Its name in menus and breadcrumbs. */
  label: string;
  /** Its name in the footer's quick links, where it differs. */
  footerLabel?: string;
  /** The section whose sub-pages it introduces: the header gives it a dropdown of them. */
  section?: Section;
  menus: readonly Menu[];
}

export const topLevelPages = [
  { path: '/', label: 'Home', menus: ['header'] },
  { path: '/about', label: 'About', footerLabel: 'About Us', menus: ['header', 'footer'] },
  { path: '/services', label: 'Services', section: 'services', menus: ['header', 'footer'] },
  { path: '/consulting', label: 'Consulting', section: 'consulting', menus: ['header', 'footer'] },
  { path: '/outsourcing', label: 'Outsourcing', section: 'outsourcing', menus: ['header', 'footer'] },
  { path: '/case-studies', label: 'Case Studies', menus: ['header', 'footer'] },
  { path: '/trust', label: 'Security and Data Protection', footerLabel: 'Security & Trust', menus: ['footer'] },
  { path: '/contact', label: 'Contact', menus: ['footer'] },
] as const satisfies readonly TopLevelPage[];

/**
 * Other paths in use for two services (outsourcing, technical support) that differ from their routed pages.
 * They are served as redirects so no visitor meets a 404.
 */
export const redirects: Readonly<Record<string, string>> = {
  '/services/outsourcing': '/services/services-outsourcing',
  '/services/technical-support': '/services/technical-support-services',
};

export const sectionPath = (section: Section, slug: string): string => `/${section}/${slug}`;

/** A case study's address: its file name under /case-studies (content/case-studies/erp-migration-manufacturer.mdx → /case-studies/erp-migration-manufacturer). */
export const caseStudyPath = (slug: string): string => `/case-studies/${slug}`;

/** A legal page's address: its file name at the top level (content/legal/privacy-policy.mdx → /privacy-policy). */
export const legalPath = (slug: string): string => `/${slug}`;

/** The top-level page that introduces `section`. */
export function sectionOverview(section: Section): TopLevelPage {
  const overview = topLevelPages.find(
    (page): page is Extract<(typeof topLevelPages)[number], { section: Section }> => 'section' in page && page.section === section,
  );
  if (!overview) throw new Error(`No top-level page introduces the section "${section}"`);
  return overview;
}
