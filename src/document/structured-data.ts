/** schema.org JSON-LD builders: pure functions of the site's config and content, unit-tested; written into pages with inlineJson (inline-json.ts). */
import { company, email, phone, socialLinks } from '../config/company.ts';
import { withFacts } from '../config/facts.ts';
import { headquarters, mapHref, offices, type Office } from '../config/offices.ts';

export type JsonLd = Record<string, unknown>;

const postalAddress = (office: Office) => ({
  '@type': 'PostalAddress',
  streetAddress: office.streetAddress,
  addressLocality: office.locality,
  addressRegion: office.region,
  postalCode: office.postalCode,
  addressCountry: office.countryCode,
});

/** An office as a schema.org Place: its hours are the office's local times, as schema.org reads opening hours. */
const place = (office: Office) => ({
  '@type': 'Place',
  name: `${company.name} – ${office.label}`,
  address: postalAddress(office),
  geo: { '@type': 'GeoCoordinates', latitude: office.coordinates[1], longitude: office.coordinates[0] },
  telephone: office.phone.e164,
  hasMap: mapHref(office),
  openingHoursSpecification: office.hours.map((slot) => ({
    '@type': 'OpeningHoursSpecification',
    // schema.org's DayOfWeek members by name, as Google's examples write them.
    dayOfWeek: slot.dayOfWeek,
    opens: slot.opens,
    closes: slot.closes,
  })),
});

const absolute = (path: string, site: URL) => new URL(path, site).href;

export function organization(site: URL): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': absolute('/#organization', site),
    name: company.name,
    legalName: company.legalName,
    url: absolute('/', site),
    logo: absolute('/favicon.svg', site),
    image: absolute('/og-image.png', site),
    description: withFacts(company.blurb),
    foundingDate: String(company.foundedYear),
    email,
    telephone: phone.e164,
    address: postalAddress(headquarters),
    location: offices.map(place),
    sameAs: socialLinks.filter((link) => link.profile).map((link) => link.href),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'sales',
      telephone: phone.e164,
      email,
      availableLanguage: ['en', 'hi'],
      areaServed: offices.map((office) => office.countryCode),
    },
  };
}

/** A service or consulting page. Where the services are offered is said once, in the Organization's contact point (on /about). */
export function service(input: { name: string; description: string; path: string; category: string }, site: URL): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: input.name,
    description: input.description,
    serviceType: input.category,
    url: absolute(input.path, site),
    provider: { '@id': absolute('/#organization', site) },
  };
}

export function breadcrumbs(items: readonly { label: string; href: string }[], site: URL): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.label, item: absolute(item.href, site) })),
  };
}

/** A case study as a schema.org Article (search engines accept Article for editorial pages), written and published by the company. */
export function article(input: { headline: string; description: string; path: string; datePublished: Date }, site: URL): JsonLd {
  const publisher = { '@type': 'Organization', '@id': absolute('/#organization', site), name: company.name, url: absolute('/', site) };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: input.headline,
    description: input.description,
    url: absolute(input.path, site),
    mainEntityOfPage: absolute(input.path, site),
    datePublished: input.datePublished.toISOString().slice(0, 10),
    image: absolute('/og-image.png', site),
    author: publisher,
    publisher,
  };
}
