/**
 * Every office, one record each: what is written here (city, time zone, map position, hours) and the placeholders its
 * per-deploy settings take until a deploy sets them (PUBLIC_OFFICE_<countryCode>_…). src/config/settings.ts names the
 * settings after these records, and src/config/offices.ts turns each into the office the pages read; an office is added
 * here and nowhere else. Plain data with no imports, so settings.ts can read it without a cycle.
 */
export interface OfficeRecord {
  country: string;
  /** The country as a sentence names it ("the United States"): the privacy policy's list of where data may go. */
  countryInProse: string;
  /** ISO 3166-1 alpha-2, used in structured data and in the office's variable names. */
  countryCode: string;
  city: string;
  label: string;
  locality: string;
  region: string;
  /** IANA time zone: the office's local time for its hours and the delivery-model picture. */
  timeZone: string;
  /** The public holidays it keeps, as date-holidays names them ("GB" and "ENG": England's bank holidays). */
  holidays: { readonly country: string; readonly region?: string };
  /** [longitude, latitude] in degrees (WGS 84), for the office map and structured data. */
  coordinates: readonly [number, number];
  /** Opening hours in local time: the company's business hours (src/config/company.ts), or Monday to Friday. */
  hours: 'business hours' | { readonly opens: string; readonly closes: string };
  headquarters?: true;
  /** What its settings are until a deploy sets them: an address, and a number from the range set aside for fiction
   * (none for the headquarters, whose phone is the main one). */
  placeholder: { readonly street: string; readonly postalCode: string; readonly phone?: string };
}

export const officeRecords = [
  {
    country: 'India',
    countryInProse: 'India',
    countryCode: 'IN',
    city: 'Noida',
    label: 'India (Headquarters)',
    locality: 'Noida',
    region: 'Uttar Pradesh',
    timeZone: 'Asia/Kolkata',
    holidays: { country: 'IN' },
    coordinates: [77.3725, 28.6271],
    hours: 'business hours',
    headquarters: true,
    placeholder: { street: 'Tower B, 7th Floor, Plot A-12, Sector 62', postalCode: '201309' },
  },
  {
    country: 'USA',
    countryInProse: 'the United States',
    countryCode: 'US',
    city: 'Austin',
    label: 'USA',
    locality: 'Austin',
    region: 'TX',
    timeZone: 'America/Chicago',
    holidays: { country: 'US', region: 'TX' },
    coordinates: [-97.7431, 30.2711],
    hours: { opens: '09:00', closes: '17:00' },
    placeholder: { street: '1401 Lavaca Street, Suite 300', postalCode: '78701', phone: '+1 512 555 0143' },
  },
  {
    country: 'UK',
    countryInProse: 'the United Kingdom',
    countryCode: 'GB',
    city: 'London',
    label: 'UK',
    locality: 'London',
    region: 'England',
    timeZone: 'Europe/London',
    holidays: { country: 'GB', region: 'ENG' },
    coordinates: [-0.0949, 51.5122],
    hours: { opens: '09:00', closes: '17:30' },
    placeholder: { street: '71 Queen Victoria Street', postalCode: 'EC4V 4BE', phone: '+44 20 7946 0144' },
  },
  {
    country: 'Canada',
    countryInProse: 'Canada',
    countryCode: 'CA',
    city: 'Toronto',
    label: 'Canada',
    locality: 'Toronto',
    region: 'ON',
    timeZone: 'America/Toronto',
    holidays: { country: 'CA', region: 'ON' },
    coordinates: [-79.3816, 43.6486],
    hours: { opens: '09:00', closes: '17:00' },
    placeholder: { street: '100 King Street West, Suite 5600', postalCode: 'M5X 1C9', phone: '+1 416 555 0145' },
  },
  {
    country: 'Australia',
    countryInProse: 'Australia',
    countryCode: 'AU',
    city: 'Sydney',
    label: 'Australia',
    locality: 'Sydney',
    region: 'NSW',
    timeZone: 'Australia/Sydney',
    holidays: { country: 'AU', region: 'NSW' },
    coordinates: [151.2064, -33.8651],
    hours: { opens: '08:30', closes: '17:00' },
    placeholder: { street: 'Level 12, 1 Margaret Street', postalCode: '2000', phone: '+61 2 5550 0146' },
  },
] as const satisfies readonly OfficeRecord[];

export type OfficeCode = (typeof officeRecords)[number]['countryCode'];
