/**
 * The offices, each from its record (src/config/office-records.ts: city, zone, position, hours), with the street
 * address, postal code, phone and e-mail address this deploy sets (PUBLIC_OFFICE_<country code>_…, src/config/settings.ts).
 */
import { businessHours, mondayToFriday, phoneNumber, type OpeningHours, type Phone } from './company.ts';
import { setting } from './environment.ts';
import { officeRecords } from './office-records.ts';
import { officeVariable, type OfficeCode } from './settings.ts';

export interface Office {
  country: string;
  /** ISO 3166-1 alpha-2, used in structured data and in the office's variable names. */
  countryCode: OfficeCode;
  city: string;
  label: string;
  streetAddress: string;
  locality: string;
  region: string;
  postalCode: string;
  /** IANA time zone: the office's local time for its hours and the delivery-model picture. */
  timeZone: string;
  /** [longitude, latitude] in degrees (WGS 84), for the office map and structured data. */
  coordinates: readonly [number, number];
  /** Opening hours in the office's local time. */
  hours: readonly OpeningHours[];
  phone: Phone;
  email: string;
  headquarters?: boolean;
}

/** The office of `record`, with this build's settings for it. */
const configured = ({
  placeholder: _placeholder,
  countryInProse: _countryInProse,
  holidays: _holidays,
  hours,
  ...record
}: (typeof officeRecords)[number]): Office => ({
  ...record,
  hours: hours === 'business hours' ? businessHours : [mondayToFriday(hours.opens, hours.closes)],
  streetAddress: setting(officeVariable(record.countryCode, 'STREET')),
  postalCode: setting(officeVariable(record.countryCode, 'POSTAL_CODE')),
  phone: phoneNumber(setting(officeVariable(record.countryCode, 'PHONE'))),
  email: setting(officeVariable(record.countryCode, 'EMAIL')),
});

export const offices: readonly Office[] = officeRecords.map(configured);

export const headquarters: Office = offices.find((office) => office.headquarters) ?? offices[0]!;

export function formatAddress(office: Office): string {
  return `${office.streetAddress}, ${office.locality}, ${office.region} ${office.postalCode}, ${office.country}`;
}

/**
 * A Google Maps search for the office's street and postal code (enough to find it, and short: /contact carries five), which
 * opens the map app on phones. Commas stay as they are (they are allowed in a query).
 */
export const mapHref = (office: Office): string =>
  `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query: `${office.streetAddress}, ${office.postalCode}` }).toString().replaceAll('%2C', ',')}`;
