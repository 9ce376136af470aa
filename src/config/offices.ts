/**
 * The five offices. Their street addresses, postal codes, phones and e-mail addresses are set per deploy
 * (PUBLIC_OFFICE_<country code>_…, src/config/settings.ts); city, zone and position are written here, since the
 * office map and the delivery-model picture are drawn from them.
 */
import { businessHours, mondayToFriday, phoneNumber, type OpeningHours, type Phone } from './company.ts';
import { setting } from './environment.ts';
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

type Written = Omit<Office, 'streetAddress' | 'postalCode' | 'phone' | 'email'>;

const configured = (office: Written): Office => ({
  ...office,
  streetAddress: setting(officeVariable(office.countryCode, 'STREET')),
  postalCode: setting(officeVariable(office.countryCode, 'POSTAL_CODE')),
  phone: phoneNumber(setting(officeVariable(office.countryCode, 'PHONE'))),
  email: setting(officeVariable(office.countryCode, 'EMAIL')),
});

export const offices: readonly Office[] = (
  [
    {
      country: 'India',
      countryCode: 'IN',
      city: 'Noida',
      label: 'India (Headquarters)',
      locality: 'Noida',
      region: 'Uttar Pradesh',
      timeZone: 'Asia/Kolkata',
      coordinates: [77.3725, 28.6271],
      hours: businessHours,
      headquarters: true,
    },
    {
      country: 'USA',
      countryCode: 'US',
      city: 'Austin',
      label: 'USA',
      locality: 'Austin',
      region: 'TX',
      timeZone: 'America/Chicago',
      coordinates: [-97.7431, 30.2711],
      hours: [mondayToFriday('09:00', '17:00')],
    },
    {
      country: 'UK',
      countryCode: 'GB',
      city: 'London',
      label: 'UK',
      locality: 'London',
      region: 'England',
      timeZone: 'Europe/London',
      coordinates: [-0.0949, 51.5122],
      hours: [mondayToFriday('09:00', '17:30')],
    },
    {
      country: 'Canada',
      countryCode: 'CA',
      city: 'Toronto',
      label: 'Canada',
      locality: 'Toronto',
      region: 'ON',
      timeZone: 'America/Toronto',
      coordinates: [-79.3816, 43.6486],
      hours: [mondayToFriday('09:00', '17:00')],
    },
    {
      country: 'Australia',
      countryCode: 'AU',
      city: 'Sydney',
      label: 'Australia',
      locality: 'Sydney',
      region: 'NSW',
      timeZone: 'Australia/Sydney',
      coordinates: [151.2064, -33.8651],
      hours: [mondayToFriday('08:30', '17:00')],
    },
  ] satisfies Written[]
).map(configured);

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
