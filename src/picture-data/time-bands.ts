/**
 * Working hours of offices drawn on one 24-hour clock: each office's local hours, moved into the clock's time
 * zone with the offsets Intl gives for a date (so daylight saving time is the one in force on that date).
 */
import { nextOffsetChangeOf, utcOffsetMinutes } from '../config/time-zone.ts';

/** A stretch of the 24-hour clock in hours, from ≥ 0 to ≤ 24. */
export interface Span {
  from: number;
  to: number;
}

/** "09:00" → 9, "13:30" → 13.5 */
export const hoursOf = (time: string): number => {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) + Number(minutes) / 60;
};

/** The local opening hours of an office in `timeZone`, on the clock of `clockZone`: one span, or two when they cross midnight. */
export function hoursOnClock(opens: number, closes: number, timeZone: string, clockZone: string, date: Date): Span[] {
  const shift = (utcOffsetMinutes(clockZone, date) - utcOffsetMinutes(timeZone, date)) / 60;
  const from = (((opens + shift) % 24) + 24) % 24;
  const to = from + (closes - opens);
  return to <= 24
    ? [{ from, to }]
    : [
        { from, to: 24 },
        { from: 0, to: to - 24 },
      ];
}

/** Where two sets of spans overlap, in clock order. */
export function overlap(a: readonly Span[], b: readonly Span[]): Span[] {
  return a
    .flatMap((x) => b.map((y) => ({ from: Math.max(x.from, y.from), to: Math.min(x.to, y.to) })))
    .filter((span) => span.to > span.from)
    .sort((x, y) => x.from - y.from);
}

const total = (spans: readonly Span[]) => spans.reduce((sum, span) => sum + span.to - span.from, 0);
export const spanHours = total;

/** 13.5 → "13:30", 24 → "24:00" */
export const clockTime = (hours: number): string => {
  const minutes = Math.round(hours * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/** 4.5 → "4 h 30 min", 0 → "none" */
export const duration = (hours: number): string => {
  const minutes = Math.round(hours * 60);
  if (minutes === 0) return 'none';
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  return [h > 0 && `${h} h`, m > 0 && `${m} min`].filter(Boolean).join(' ');
};

/** Spans as text, joining a span that crosses midnight back into one: "19:30-04:30". */
export function spansText(spans: readonly Span[]): string {
  const [first, second] = spans;
  if (first && second && first.to === 24 && second.from === 0) return `${clockTime(first.from)}-${clockTime(second.to)}`;
  return spans.map((span) => `${clockTime(span.from)}-${clockTime(span.to)}`).join(', ');
}

/**
 * The next time any of the offices' clocks change after `date` (src/config/time-zone.ts), as copy writes it: the
 * local date of the first zone to change, and the countries whose clocks change that weekend ("the USA and Canada":
 * a country written in capitals, an initialism, takes "the").
 */
export function clockChange(offices: readonly { timeZone: string; country: string }[], date: Date): { date: string; countries: string } | undefined {
  const change = nextOffsetChangeOf([...new Set(offices.map((office) => office.timeZone))], date);
  if (!change) return undefined;
  const countries = [...new Set(offices.filter((office) => change.timeZones.includes(office.timeZone)).map((office) => office.country))];
  return {
    date: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: change.timeZones[0] }).format(change.at),
    countries: new Intl.ListFormat('en-GB').format(countries.map((country) => (/^[A-Z]+$/.test(country) ? `the ${country}` : country))),
  };
}
