/** The functions' copy of the offices' time zones (reminders say when an enquiry arrived in each office) matches src/config/offices.ts. */
import { expect, it } from 'vitest';
import { headquarters, offices } from '../../src/config/offices.ts';
import { headquartersTimeZone, officeTimeZones } from '../../supabase/functions/_shared/office-time-zones.ts';

it('lists every office with its city and time zone, headquarters first', () => {
  const expected = [headquarters, ...offices.filter((office) => office !== headquarters)].map(({ city, timeZone }) => ({ city, timeZone }));
  expect(officeTimeZones).toEqual(expected);
  expect(headquartersTimeZone).toBe(headquarters.timeZone);
});
