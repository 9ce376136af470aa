/**
 * The offices' cities and time zones, headquarters first, for the functions' messages: src/config/offices.ts is the
 * home of the office data, but it reads the build's settings and cannot be bundled into an Edge Function.
 * tests/unit/office-time-zones.test.ts keeps this list equal to it.
 */
export interface OfficeTimeZone {
  city: string;
  timeZone: string;
}

export const officeTimeZones: readonly OfficeTimeZone[] = [
  { city: 'Noida', timeZone: 'Asia/Kolkata' },
  { city: 'Austin', timeZone: 'America/Chicago' },
  { city: 'London', timeZone: 'Europe/London' },
  { city: 'Toronto', timeZone: 'America/Toronto' },
  { city: 'Sydney', timeZone: 'Australia/Sydney' },
];

/** The headquarters' time zone: the daily digest's calendar day and hour are counted in it. */
export const headquartersTimeZone = officeTimeZones[0]!.timeZone;
