/** The office the form suggests for a visitor's time zone, and the zones the database takes. */
import { expect, it } from 'vitest';
import { answeringOffices, officeForTimeZone, storableTimeZone } from '../../src/enquiry/answering-office.ts';
import { officeRecords } from '../../src/config/office-records.ts';

it('suggests the office of the visitor’s part of the world, and the headquarters when the zone says nothing', () => {
  expect(
    Object.fromEntries(
      [
        'Europe/London',
        'Europe/Berlin',
        'Africa/Lagos',
        'America/New_York',
        'America/Los_Angeles',
        'America/Sao_Paulo',
        'America/Toronto',
        'America/Vancouver',
        'Australia/Sydney',
        'Pacific/Auckland',
        'Asia/Kolkata',
        'Asia/Dubai',
        'Asia/Singapore',
        'UTC',
      ].map((zone) => [zone, officeForTimeZone(zone)]),
    ),
  ).toEqual({
    'Europe/London': 'GB',
    'Europe/Berlin': 'GB',
    'Africa/Lagos': 'GB',
    'America/New_York': 'US',
    'America/Los_Angeles': 'US',
    'America/Sao_Paulo': 'US',
    'America/Toronto': 'CA',
    'America/Vancouver': 'CA',
    'Australia/Sydney': 'AU',
    'Pacific/Auckland': 'AU',
    'Asia/Kolkata': 'IN',
    'Asia/Dubai': 'IN',
    'Asia/Singapore': 'IN',
    UTC: 'IN',
  });
  expect(officeForTimeZone(undefined)).toBe('IN');
});

it('offers every office, the headquarters first and named so', () => {
  expect(answeringOffices.map((office) => office.code)).toEqual(officeRecords.map((record) => record.countryCode));
  expect(answeringOffices[0]?.label).toMatch(/\(headquarters\)$/);
});

it('keeps only a zone the database accepts', () => {
  expect(storableTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
  expect(storableTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
  for (const zone of ["x'; drop table", '', 'A'.repeat(65), '../etc/passwd', null]) expect(storableTimeZone(zone)).toBeNull();
});
