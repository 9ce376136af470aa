/** Fixed menus. The header's dropdowns and the footer's Core Services come from the content collections (src/lib/menus.ts). */

export const headerNav = [
  { label: 'Home', href: '/' },
  { label: 'About', href: '/about' },
  { label: 'Services', href: '/services', section: 'services' },
  { label: 'Consulting', href: '/consulting', section: 'consulting' },
  { label: 'Outsourcing', href: '/outsourcing', section: 'outsourcing' },
] as const;

export const footerQuickLinks = [
  { label: 'About Us', href: '/about' },
  { label: 'Services', href: '/services' },
  { label: 'Consulting', href: '/consulting' },
  { label: 'Outsourcing', href: '/outsourcing' },
  { label: 'Contact', href: '/contact' },
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
