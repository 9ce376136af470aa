export interface Office {
  country: string;
  /** ISO 3166-1 alpha-2, used in structured data. */
  countryCode: string;
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
  headquarters?: boolean;
}

export const offices: readonly Office[] = [
  {
    country: 'India',
    countryCode: 'IN',
    city: 'Noida',
    label: 'India (Headquarters)',
    streetAddress: 'Tower B, 7th Floor, Plot A-12, Sector 62',
    locality: 'Noida',
    region: 'Uttar Pradesh',
    postalCode: '201309',
    timeZone: 'Asia/Kolkata',
    coordinates: [77.3725, 28.6271],
    headquarters: true,
  },
  {
    country: 'USA',
    countryCode: 'US',
    city: 'Austin',
    label: 'USA',
    streetAddress: '1401 Lavaca Street, Suite 300',
    locality: 'Austin',
    region: 'TX',
    postalCode: '78701',
    timeZone: 'America/Chicago',
    coordinates: [-97.7431, 30.2711],
  },
  {
    country: 'UK',
    countryCode: 'GB',
    city: 'London',
    label: 'UK',
    streetAddress: '71 Queen Victoria Street',
    locality: 'London',
    region: 'England',
    postalCode: 'EC4V 4BE',
    timeZone: 'Europe/London',
    coordinates: [-0.0949, 51.5122],
  },
  {
    country: 'Canada',
    countryCode: 'CA',
    city: 'Toronto',
    label: 'Canada',
    streetAddress: '100 King Street West, Suite 5600',
    locality: 'Toronto',
    region: 'ON',
    postalCode: 'M5X 1C9',
    timeZone: 'America/Toronto',
    coordinates: [-79.3816, 43.6486],
  },
  {
    country: 'Australia',
    countryCode: 'AU',
    city: 'Sydney',
    label: 'Australia',
    streetAddress: 'Level 12, 1 Margaret Street',
    locality: 'Sydney',
    region: 'NSW',
    postalCode: '2000',
    timeZone: 'Australia/Sydney',
    coordinates: [151.2064, -33.8651],
  },
];

export const headquarters: Office = offices.find((office) => office.headquarters) ?? offices[0]!;

export function formatAddress(office: Office): string {
  return `${office.streetAddress}, ${office.locality}, ${office.region} ${office.postalCode}, ${office.country}`;
}
