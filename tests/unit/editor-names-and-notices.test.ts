/**
 * What the editor names and says: a new page's address from its title and an upload's name without stray hyphens
 * (src/cms/editor/file-names.ts), a refused save in the site's words without Decap's prefix
 * (src/cms/editor/lasting-notices.ts), and the fields a writer chooses from rather than types (decap-config.ts).
 */
import { describe, expect, test } from 'vitest';
import { addressFromTitle, uploadFileName } from '../../src/cms/editor/file-names.ts';
import { noticeOf } from '../../src/cms/editor/lasting-notices.ts';
import { decapConfig, type ServicePage } from '../../src/cms/editor/decap-config.ts';
import { addressKey } from '../../src/cms/editor/frontmatter-format.ts';
import type { DecapField } from '../../src/cms/editor/decap-fields.ts';

describe('names the editor gives', () => {
  test.each([
    ['A retailer’s helpdesk: 40% fewer tickets', 'a-retailers-helpdesk-40-fewer-tickets'],
    ["The client's ERP, moved in 14 weeks", 'the-clients-erp-moved-in-14-weeks'],
    ['Büro-Umzug für Müller & Söhne', 'buro-umzug-fur-muller-sohne'],
    ['Straße ≠ Strasse — “quoted” (2025)', 'strasse-strasse-quoted-2025'],
    ['  --Leading and trailing--  ', 'leading-and-trailing'],
    ['Rock ’n’ roll', 'rock-n-roll'],
    ['日本語だけ', ''],
    ['№ 1 for support', 'no-1-for-support'],
  ])('%s → %s', (title, address) => {
    expect(addressFromTitle(title)).toBe(address);
  });

  test.each([
    ['Büro Foto (1).JPG', /^buro-foto-1\.jpg$/],
    ['Team photo – final v2.jpeg', /^team-photo-final-v2\.jpeg$/],
    ['logo.PNG', /^logo\.png$/],
    ['(1).webp', /^1\.webp$/],
    ['写真.avif', /^upload-[a-z0-9]+\.avif$/],
    ['already-clean.png', /^already-clean\.png$/],
  ])('upload %s → %s', (name, cleaned) => {
    expect(uploadFileName(name)).toMatch(cleaned);
  });
});

describe('a refused save, as the writer reads it', () => {
  test('the reasons under "Not saved", one per line, without "Failed to persist entry" or "Error:"', () => {
    const toast =
      'Not saved: Error: Not saved: Title: write at least 10 characters\nPage text: Line 5: the heading "Common Error: fixes" skips a level: …; start it with "### " instead';
    expect(noticeOf(toast)).toEqual({
      heading: 'Not saved',
      lines: ['Title: write at least 10 characters', 'Page text: Line 5: the heading "Common Error: fixes" skips a level: …; start it with "### " instead'],
    });
  });

  test('a conflict keeps its whole sentence', () => {
    const conflict =
      'Text under the title was changed by someone else since you opened this page, to: «New words». Reload the page to see their change, then make yours again.';
    expect(noticeOf(`Not saved: Error: ${conflict}`)).toEqual({ heading: 'Not saved', lines: [conflict] });
  });

  test('another problem is shown as it is, without the error kind', () => {
    expect(noticeOf('TypeError: Failed to fetch')).toEqual({ heading: 'The editor could not finish this', lines: ['Failed to fetch'] });
  });
});

describe('fields a writer chooses', () => {
  const servicePages: ServicePage[] = [
    { label: 'Services: Installation', value: '/services/installation' },
    { label: 'Consulting: IT Strategy', value: '/consulting/it-strategy' },
  ];
  const fieldsOf = (name: string, pages?: ServicePage[]) =>
    decapConfig({ siteUrl: 'https://www.example.com', githubRepo: 'owner/site', servicePages: pages }).collections.find((item) => item.name === name) as {
      fields: DecapField[];
      slug: string;
    };

  test("a case study's services are picked from the site's service pages, at least one", () => {
    const services = fieldsOf('case-studies', servicePages).fields.find((field) => field.name === 'services');
    expect(services).toMatchObject({ label: 'Services used', widget: 'select', multiple: true, min: 1, options: servicePages });
  });

  test("a quote's case study is picked from the case studies, stored as its file name", () => {
    const caseStudy = fieldsOf('testimonials').fields.find((field) => field.name === 'caseStudy');
    expect(caseStudy).toMatchObject({ widget: 'relation', collection: 'case-studies', value_field: '{{slug}}', required: false });
  });

  test('every collection that takes new pages names them from the address the editor writes', () => {
    for (const name of ['services', 'consulting', 'outsourcing', 'case-studies', 'clients', 'testimonials', 'people', 'certifications', 'trust'])
      expect(fieldsOf(name).slug).toBe(`{{fields.${addressKey}}}`);
  });
});
