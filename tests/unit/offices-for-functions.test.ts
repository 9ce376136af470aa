/**
 * The functions' copy of the offices (supabase/functions/_shared/offices.ts: city, zone, working week, holidays) matches
 * their home, src/config/office-records.ts, and the hours the site shows (src/config/offices.ts), headquarters first.
 */
import { expect, it } from 'vitest';
import { headquarters, offices } from '../../src/config/offices.ts';
import { officeRecords } from '../../src/config/office-records.ts';
import { headquarters as functionsHeadquarters, officeList } from '../../supabase/functions/_shared/offices.ts';

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

it('lists every office with its code, city, time zone, holidays and the week the site shows, headquarters first', () => {
  const ordered = [headquarters, ...offices.filter((office) => office !== headquarters)];
  expect(officeList.length).toBe(officeRecords.length);
  expect(officeList.map(({ code, city, timeZone, holidays }) => ({ code, city, timeZone, holidays }))).toEqual(
    ordered.map((office) => ({
      code: office.countryCode,
      city: office.city,
      timeZone: office.timeZone,
      holidays: officeRecords.find((record) => record.countryCode === office.countryCode)!.holidays,
    })),
  );
  for (const [index, office] of ordered.entries()) {
    const week = weekdayNames.map((name) => {
      const hours = office.hours.find((entry) => entry.dayOfWeek.includes(name));
      return hours ? { opens: hours.opens, closes: hours.closes } : null;
    });
    expect(officeList[index]!.week, office.city).toEqual(week);
  }
  expect(functionsHeadquarters.city).toBe(headquarters.city);
});
