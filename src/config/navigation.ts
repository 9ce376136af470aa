import { consultingRoutes, outsourcingRoutes, serviceRoutes, type Route } from './routes.ts';

export interface NavItem {
  label: string;
  href: string;
  children?: readonly Route[];
}

/** The header menu: the spec's five entries, the last three with a dropdown of their sub-pages. */
export const headerNav: readonly NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'About', href: '/about' },
  { label: 'Services', href: '/services', children: serviceRoutes },
  { label: 'Consulting', href: '/consulting', children: consultingRoutes },
  { label: 'Outsourcing', href: '/outsourcing', children: outsourcingRoutes },
];

export const footerQuickLinks = [
  { label: 'About Us', href: '/about' },
  { label: 'Services', href: '/services' },
  { label: 'Consulting', href: '/consulting' },
  { label: 'Outsourcing', href: '/outsourcing' },
  { label: 'Contact', href: '/contact' },
] as const;

export const footerCoreServices = [
  { label: 'Data Migration Services', href: '/services/data-migration' },
  { label: 'ERP Support Services', href: '/services/erp-support-services' },
  { label: 'Cybersecurity Solutions', href: '/services/security' },
  { label: 'Cloud Consulting', href: '/consulting/cloud-strategy' },
  { label: 'Technical Support', href: '/services/technical-support-services' },
  { label: 'KPO/BPO Services', href: '/services/bpo' },
] as const;

export const legalLinks = [
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Terms & Conditions', href: '/terms-condition' },
  { label: 'Refund & Cancellation Policy', href: '/return-refund' },
] as const;

/** True when `href` is the current page or the section the current page belongs to. */
export function isCurrentSection(href: string, currentPath: string): boolean {
  if (href === '/') return currentPath === '/';
  return currentPath === href || currentPath.startsWith(`${href}/`);
}
