/**
 * Routes. Top-level pages are fixed here; sub-pages of services, consulting and outsourcing are the
 * files of their content collections (content/<section>/<slug>.mdx → /<section>/<slug>).
 */

export const SECTIONS = ['services', 'consulting', 'outsourcing'] as const;
export type Section = (typeof SECTIONS)[number];

export interface Route {
  path: string;
  label: string;
}

export const topLevelRoutes = [
  { path: '/', label: 'Home' },
  { path: '/about', label: 'About' },
  { path: '/services', label: 'Services' },
  { path: '/consulting', label: 'Consulting' },
  { path: '/outsourcing', label: 'Outsourcing' },
  { path: '/contact', label: 'Contact' },
  { path: '/privacy-policy', label: 'Privacy Policy' },
  { path: '/terms-condition', label: 'Terms & Conditions' },
  { path: '/return-refund', label: 'Refund & Cancellation Policy' },
] as const satisfies readonly Route[];


/**
 * Paths that the spec's Services cards link to but that differ from the routed pages (SPEC section 2, note).
 * They are served as redirects so no visitor meets a 404.
 */
export const redirects: Readonly<Record<string, string>> = {
  '/services/outsourcing': '/services/services-outsourcing',
  '/services/technical-support': '/services/technical-support-services',
};

export const sectionPath = (section: Section, slug: string): string => `/${section}/${slug}`;
