/**
 * /contact's hero picture: the promised reply time, and each office with its phone and its own hours, local time,
 * drawn as bars on one UTC day so a visitor sees which office is open when. Worked out at build time from
 * src/config/offices.ts (the data of the office cards, the map and the footer); HeroVisual.astro draws it.
 */
import type { OpeningHours, Phone } from '../config/company.ts';
import { timeZoneAbbreviation } from '../config/time-zone.ts';
import { weekdayHours, type OfficeZone, type Segment } from './hero-visual.ts';
import { clockChange, hoursOnClock } from './time-bands.ts';

export interface OfficeHoursRow {
  city: string;
  phone: Phone;
  /** "Mon-Fri 8:30-17:00 AEDT": the office's hours in its own time, with its zone's abbreviation on the day. */
  hours: string;
  /** Its weekday hours on the UTC clock. */
  segments: Segment[];
}

export interface OfficeHoursVisual {
  kind: 'office-hours';
  title: string;
  note?: string;
  /** The offices' phones and hours open /contact on a phone's first screen, so the picture shows at every width. */
  ownContent: true;
  max: number;
  rows: OfficeHoursRow[];
}

export interface ContactOffice extends OfficeZone {
  countryCode: string;
  phone: Phone;
  hours: readonly OpeningHours[];
}

export function contactVisual(input: { offices: readonly ContactOffice[]; responseTime: string; date: Date }): OfficeHoursVisual {
  const change = clockChange(input.offices, input.date);
  return {
    kind: 'office-hours',
    title: `A reply within ${input.responseTime}`,
    note: `Or call the office in your time zone. Bars: weekday hours on a UTC day${change ? `, until ${change.date}` : ''}.`,
    ownContent: true,
    max: 24,
    rows: input.offices.map((office) => {
      const weekday = weekdayHours(office);
      const zone = timeZoneAbbreviation(office.timeZone, `en-${office.countryCode}`, input.date);
      return {
        city: office.city,
        phone: office.phone,
        hours: `${office.hours.map((slot) => `${slot.days} ${slot.label}`).join(', ')} ${zone}`,
        segments: weekday ? hoursOnClock(weekday.from, weekday.to, office.timeZone, 'UTC', input.date).map((span) => ({ ...span, tone: 'main' })) : [],
      };
    }),
  };
}
