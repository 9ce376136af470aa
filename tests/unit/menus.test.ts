/**
 * The menus derive from the top-level pages and the content collections, as Starlight tests its sidebar: the
 * content API is replaced by a small stand-in, so the derivation is checked without a build.
 */
import { beforeEach, describe, expect, test, vi } from 'vitest';

type Entry = { id: string; data: { order: number; navLabel: string; coreService?: { label: string; order: number } } };
type LegalEntry = { id: string; data: { order: number; title: string } };
const collections: Record<string, Array<Entry | LegalEntry>> = {};

vi.mock('astro:content', () => ({ getCollection: async (name: string) => [...(collections[name] ?? [])] }));

const { coreServices, footerQuickLinks, headerMenu, isCurrentSection, legalLinks } = await import('../../src/content/menus.ts');

const entry = (id: string, order: number, navLabel: string, coreService?: Entry['data']['coreService']): Entry => ({
  id,
  data: { order, navLabel, coreService },
});
const legal = (id: string, order: number, title: string): LegalEntry => ({ id, data: { order, title } });

beforeEach(() => {
  collections.services = [
    entry('security', 2, 'Security', { label: 'Cyber Security', order: 2 }),
    entry('data-migration', 1, 'Data Migration', { label: 'Data Migration', order: 1 }),
  ];
  collections.consulting = [entry('it-strategy', 1, 'IT Strategy')];
  collections.outsourcing = [];
  collections.legal = [
    legal('return-refund', 3, 'Refund & Cancellation Policy'),
    legal('privacy-policy', 1, 'Privacy Policy'),
    legal('terms-condition', 2, 'Terms & Conditions'),
  ];
});

describe('menus from the top-level pages and the collections', () => {
  test("the header lists the top-level pages with each section's pages in their order", async () => {
    expect(await headerMenu()).toEqual([
      { label: 'Home', href: '/' },
      { label: 'About', href: '/about' },
      {
        label: 'Services',
        href: '/services',
        children: [
          { label: 'Data Migration', href: '/services/data-migration' },
          { label: 'Security', href: '/services/security' },
        ],
      },
      { label: 'Consulting', href: '/consulting', children: [{ label: 'IT Strategy', href: '/consulting/it-strategy' }] },
      { label: 'Outsourcing', href: '/outsourcing', children: [] },
      { label: 'Case Studies', href: '/case-studies' },
    ]);
  });

  test('a new file in a collection is a new menu entry, and in the footer when it declares coreService', async () => {
    collections.services!.push(entry('cloud-backup', 3, 'Cloud Backup', { label: 'Cloud Backup', order: 0 }));
    const services = (await headerMenu()).find((item) => item.href === '/services');
    expect(services?.children?.at(-1)).toEqual({ label: 'Cloud Backup', href: '/services/cloud-backup' });
    expect((await coreServices())[0]).toEqual({ label: 'Cloud Backup', href: '/services/cloud-backup' });
  });

  test("the footer's Core Services follow their own order across sections", async () => {
    collections.consulting = [entry('cloud-strategy', 1, 'Cloud Strategy', { label: 'Cloud Strategy', order: 3 })];
    expect(await coreServices()).toEqual([
      { label: 'Data Migration', href: '/services/data-migration' },
      { label: 'Cyber Security', href: '/services/security' },
      { label: 'Cloud Strategy', href: '/consulting/cloud-strategy' },
    ]);
  });

  test("the footer's quick links are the top-level pages listed for it", () => {
    expect(footerQuickLinks.map((link) => link.label)).toEqual([
      'About Us',
      'Services',
      'Consulting',
      'Outsourcing',
      'Case Studies',
      'Security & Trust',
      'Contact',
    ]);
  });

  test("the footer's legal links are the legal collection's pages by title, in their order; a new file is a new link", async () => {
    expect(await legalLinks()).toEqual([
      { label: 'Privacy Policy', href: '/privacy-policy' },
      { label: 'Terms & Conditions', href: '/terms-condition' },
      { label: 'Refund & Cancellation Policy', href: '/return-refund' },
    ]);
    collections.legal!.push(legal('cookie-policy', 0, 'Cookie Policy'));
    expect((await legalLinks())[0]).toEqual({ label: 'Cookie Policy', href: '/cookie-policy' });
  });

  test("a section's link is current on its pages, Home only on the home page", () => {
    expect(isCurrentSection('/services', '/services/security')).toBe(true);
    expect(isCurrentSection('/services', '/servicesx')).toBe(false);
    expect(isCurrentSection('/', '/about')).toBe(false);
  });
});
