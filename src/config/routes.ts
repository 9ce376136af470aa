/**
 * The spec's route table (SPEC section 2) as one typed list. Every internal link on the site,
 * in config and in content, must be one of these paths or one of the redirects below.
 */

export type Section = 'services' | 'consulting' | 'outsourcing';

export interface Route {
  path: string;
  /** Short name used in menus and breadcrumbs. */
  label: string;
  section?: Section;
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

export const serviceRoutes = [
  { path: '/services/data-migration', label: 'Data Migration', section: 'services' },
  { path: '/services/implementation', label: 'Implementation', section: 'services' },
  { path: '/services/installation', label: 'Installation & Configuration', section: 'services' },
  { path: '/services/erp-support-services', label: 'ERP Support', section: 'services' },
  { path: '/services/app-support', label: 'Application Support', section: 'services' },
  { path: '/services/technical-support-services', label: 'Technical Support', section: 'services' },
  { path: '/services/security', label: 'Security Services', section: 'services' },
  { path: '/services/bpo', label: 'KPO/BPO Services', section: 'services' },
  { path: '/services/services-outsourcing', label: 'Services Outsourcing', section: 'services' },
  { path: '/services/web-digital', label: 'Web & Digital Marketing', section: 'services' },
] as const satisfies readonly Route[];

export const consultingRoutes = [
  { path: '/consulting/it-strategy', label: 'IT Strategy', section: 'consulting' },
  { path: '/consulting/process-optimization', label: 'Process Optimization', section: 'consulting' },
  { path: '/consulting/digital-transformation', label: 'Digital Transformation', section: 'consulting' },
  { path: '/consulting/cloud-strategy', label: 'Cloud Strategy & Migration', section: 'consulting' },
  { path: '/consulting/data-analytics', label: 'Data & Analytics', section: 'consulting' },
  { path: '/consulting/enterprise-architecture', label: 'Enterprise Architecture', section: 'consulting' },
] as const satisfies readonly Route[];

export const outsourcingRoutes = [
  { path: '/outsourcing/it', label: 'IT Outsourcing', section: 'outsourcing' },
  { path: '/outsourcing/bpo-kpo', label: 'BPO/KPO Outsourcing', section: 'outsourcing' },
  { path: '/outsourcing/manpower', label: 'Manpower Outsourcing', section: 'outsourcing' },
  { path: '/outsourcing/trainings', label: 'Training', section: 'outsourcing' },
  { path: '/outsourcing/projects', label: 'Project Management', section: 'outsourcing' },
  { path: '/outsourcing/virtual-teams', label: 'Virtual Teams', section: 'outsourcing' },
] as const satisfies readonly Route[];

export const routes: readonly Route[] = [...topLevelRoutes, ...serviceRoutes, ...consultingRoutes, ...outsourcingRoutes];

export type RoutePath = (typeof routes)[number]['path'];

/**
 * Paths that the spec's Services cards link to but that differ from the routed pages (SPEC section 2, note).
 * They are served as redirects so no visitor meets a 404.
 */
export const redirects: Readonly<Record<string, string>> = {
  '/services/outsourcing': '/services/services-outsourcing',
  '/services/technical-support': '/services/technical-support-services',
};

const routePaths = new Set(routes.map((route) => route.path));

export function isRoute(path: string): boolean {
  return routePaths.has(path);
}

/** True for hrefs the site can serve: a route, a redirect, an in-page anchor or an external/tel/mailto link. */
export function isValidHref(href: string): boolean {
  if (/^(https:\/\/|tel:|mailto:)/.test(href)) return true;
  if (href.startsWith('#')) return href.length > 1;
  const [path = '', hash] = href.split('#');
  if (hash !== undefined && hash.length === 0) return false;
  return isRoute(path) || path in redirects;
}

export function routeLabel(path: string): string | undefined {
  return routes.find((route) => route.path === path)?.label;
}
