/** /contact's hero picture: the reply promise, and every office of src/config/offices.ts with its phone and own hours. */
import { expect, test } from 'vitest';
import { responseTime } from '../../src/config/company.ts';
import { offices } from '../../src/config/offices.ts';
import { utcOffsetMinutes } from '../../src/config/time-zone.ts';
import { contactVisual } from '../../src/picture-data/contact-visual.ts';
import { hoursOf } from '../../src/picture-data/time-bands.ts';

const winter = new Date('2027-01-13T12:00:00Z');
const summer = new Date('2027-07-14T12:00:00Z');

test.each([
  ['winter', winter],
  ['summer', summer],
])('in %s, a row per office: its phone, its own hours with its zone, and a bar where those hours fall on the UTC day', (_, date) => {
  const visual = contactVisual({ offices, responseTime, date });
  expect(visual.title).toBe(`A reply within ${responseTime}`);
  expect(visual.rows.map((row) => [row.city, row.phone])).toEqual(offices.map((office) => [office.city, office.phone]));
  for (const [i, office] of offices.entries()) {
    const row = visual.rows[i]!;
    expect(row.hours).toMatch(new RegExp(`^${office.hours.map((slot) => `${slot.days} ${slot.label}`).join(', ')} [A-Z]{3,5}$`));
    const weekday = office.hours.find((slot) => slot.dayOfWeek.includes('Monday'))!;
    const opensUtc = (((hoursOf(weekday.opens) - utcOffsetMinutes(office.timeZone, date) / 60) % 24) + 24) % 24;
    const length = row.segments.reduce((sum, segment) => sum + segment.to - segment.from, 0);
    expect(length, office.city).toBe(hoursOf(weekday.closes) - hoursOf(weekday.opens));
    // The bar starts at the opening hour in UTC (a day crossing midnight has its second part first on the clock).
    expect(
      row.segments.map((segment) => segment.from),
      office.city,
    ).toContain(opensUtc);
  }
});

test('Sydney’s day crosses midnight UTC in its summer and is one hour later in its winter; the zones are named for the day', () => {
  const sydney = (date: Date) => contactVisual({ offices, responseTime, date }).rows.find((row) => row.city === 'Sydney');
  if (!sydney(winter)) return; // an office list without Sydney has nothing to check here
  expect(sydney(winter)!.segments).toEqual([
    { from: 21.5, to: 24, tone: 'main' },
    { from: 0, to: 6, tone: 'main' },
  ]);
  expect(sydney(winter)!.hours).toMatch(/ AEDT$/);
  expect(sydney(summer)!.segments).toEqual([
    { from: 22.5, to: 24, tone: 'main' },
    { from: 0, to: 7, tone: 'main' },
  ]);
  expect(sydney(summer)!.hours).toMatch(/ AEST$/);
});
