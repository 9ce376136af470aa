/** Reads the built site in dist/ (npm test builds first) and checks what search engines and social sites see. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { caseStudies, siteRoutes } from '../../scripts/content/content-routes.ts';

const SITE_ROUTES = siteRoutes();
import { offices } from '../../src/config/offices.ts';
import { SITE_URL } from '../../src/config/site-url.ts';

const dist = join(import.meta.dirname, '../../dist');
/** The origin the build used (SITE_URL, or its default); absolute URLs in the pages resolve against it. */
const site = new URL(SITE_URL).origin;
const fileOf = (path: string) => join(dist, path === '/' ? 'index.html' : `${path}.html`);
const html = (path: string) => readFileSync(fileOf(path), 'utf8');
const meta = (page: string, attribute: string, name: string) =>
  new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(page)?.[1]?.replaceAll('&amp;', '&');
const jsonLd = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
const ofType = (page: string, type: string) => jsonLd(page).filter((data) => data['@type'] === type);

describe('SEO of the built site', () => {
  beforeAll(() => {
    if (!existsSync(join(dist, 'index.html'))) throw new Error('No dist/index.html: run "npm run build" first (npm test does).');
  });

  test('every page has a unique title and description', () => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of SITE_ROUTES) {
      const page = html(path);
      const title = /<title>([^<]+)<\/title>/.exec(page)?.[1];
      const description = meta(page, 'name', 'description');
      expect(title, path).toBeTruthy();
      expect(description?.length, path).toBeGreaterThan(50);
      expect(titles.get(title!), `${path} repeats the title of ${titles.get(title!)}`).toBeUndefined();
      expect(descriptions.get(description!), `${path} repeats the description of ${descriptions.get(description!)}`).toBeUndefined();
      titles.set(title!, path);
      descriptions.set(description!, path);
    }
  });

  test('every page has its canonical URL, Open Graph and Twitter card', () => {
    for (const path of SITE_ROUTES) {
      const page = html(path);
      const url = `${site}${path === '/' ? '/' : path}`;
      expect(/<link rel="canonical" href="([^"]+)"/.exec(page)?.[1], path).toBe(url);
      expect(meta(page, 'property', 'og:url'), path).toBe(url);
      expect(meta(page, 'property', 'og:title'), path).toBeTruthy();
      expect(meta(page, 'property', 'og:image'), path).toBe(`${site}/og-image.png`);
      expect(meta(page, 'name', 'twitter:card'), path).toBe('summary_large_image');
    }
    expect(existsSync(join(dist, 'og-image.png'))).toBe(true);
  });

  test('the not-found page asks not to be indexed, and offers no share preview of an address that is no page', () => {
    const page = readFileSync(join(dist, '404.html'), 'utf8');
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(meta(page, 'property', 'og:url')).toBeUndefined();
    expect(meta(page, 'name', 'twitter:card')).toBeUndefined();
  });

  test('the About page, and no other, describes the organisation with every office', () => {
    for (const path of SITE_ROUTES.filter((route) => route !== '/about')) expect(ofType(html(path), 'Organization'), path).toEqual([]);
    const [organization] = ofType(html('/about'), 'Organization');
    expect(organization).toBeDefined();
    const locations = organization!['location'] as { address: { addressCountry: string } }[];
    expect(locations.map((location) => location.address.addressCountry)).toEqual(offices.map((office) => office.countryCode));
    expect(organization!['telephone']).toMatch(/^\+91\d+$/);
  });

  test('each office is a Place with its address, position, phone, map and opening hours in local time', () => {
    const [organization] = ofType(html('/about'), 'Organization');
    interface Slot {
      dayOfWeek: string[];
      opens: string;
      closes: string;
    }
    const places = organization!['location'] as {
      '@type': string;
      address: { streetAddress: string };
      geo: unknown;
      telephone: string;
      hasMap: string;
      openingHoursSpecification: Slot[];
    }[];
    expect(places).toHaveLength(offices.length);
    offices.forEach((office, index) => {
      const place = places[index]!;
      expect(place['@type']).toBe('Place');
      expect(place.address.streetAddress).toBe(office.streetAddress);
      expect(place.geo).toEqual({ '@type': 'GeoCoordinates', latitude: office.coordinates[1], longitude: office.coordinates[0] });
      expect(place.telephone).toBe(office.phone.e164);
      expect(place.hasMap).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
      expect(place.openingHoursSpecification.map((slot) => [slot.opens, slot.closes])).toEqual(office.hours.map((slot) => [slot.opens, slot.closes]));
    });
    // The headquarters' hours are the spec's, Monday to Saturday; the others keep local weekday hours.
    expect(places[0]!.openingHoursSpecification.flatMap((slot) => slot.dayOfWeek)).toHaveLength(6);
    expect(organization!['address']).toEqual(places[0]!.address);
  });

  test('each service and consulting page is a Service with breadcrumbs', () => {
    for (const path of SITE_ROUTES.filter((route) => /^\/(services|consulting)\/./.test(route))) {
      const page = html(path);
      const [serviceData] = ofType(page, 'Service');
      expect(serviceData?.['url'], path).toBe(`${site}${path}`);
      const [breadcrumbs] = ofType(page, 'BreadcrumbList');
      const items = breadcrumbs?.['itemListElement'] as { item: string }[];
      expect(
        items.map((item) => item.item),
        path,
      ).toEqual([`${site}/`, `${site}/${path.split('/')[1]}`, `${site}${path}`]);
    }
  });

  test('each case study is an Article by the company, with breadcrumbs through the case-studies page', () => {
    const entries = caseStudies();
    for (const { path, title } of entries) {
      const page = html(path);
      const [articleData] = ofType(page, 'Article');
      expect(articleData?.['headline'], path).toBe(title);
      expect(articleData?.['url'], path).toBe(`${site}${path}`);
      expect(articleData?.['datePublished'], path).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((articleData?.['publisher'] as { '@id': string })['@id'], path).toBe(`${site}/#organization`);
      const [breadcrumbs] = ofType(page, 'BreadcrumbList');
      const items = breadcrumbs?.['itemListElement'] as { item: string }[];
      expect(
        items.map((item) => item.item),
        path,
      ).toEqual([`${site}/`, `${site}/case-studies`, `${site}${path}`]);
    }
    // No other page claims to be an article.
    for (const path of SITE_ROUTES.filter((route) => !entries.some((entry) => entry.path === route))) expect(ofType(html(path), 'Article'), path).toEqual([]);
  });

  // No FAQPage data: since August 2023 Google shows FAQ rich results only for well-known government and health sites,
  // so the questions would cost every FAQ page about 200 bytes of its first response for nothing.
  test('pages carry no FAQPage data', () => {
    for (const path of SITE_ROUTES) expect(ofType(html(path), 'FAQPage'), path).toEqual([]);
  });

  test('the sitemap lists every page the content builds and nothing else', () => {
    const sitemap = readdirSync(dist)
      .filter((file) => /^sitemap-\d+\.xml$/.test(file))
      .map((file) => readFileSync(join(dist, file), 'utf8'))
      .join('');
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]).sort();
    expect(urls).toEqual(SITE_ROUTES.map((path) => `${site}${path}`).sort());
  });

  test('robots.txt points to the sitemap', () => {
    expect(readFileSync(join(dist, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${site}/sitemap-index.xml`);
  });
});
