/**
 * Time counted on an office's working clock: the clock runs through each of the office's working days (midnight to
 * midnight in its own time zone) and stops on the days it does not open (its days off, public holidays, company
 * closures). The site's promise, an answer "within 24 hours of our working time", is 24 hours on this clock: an
 * enquiry on a Friday evening in London is due on Monday evening, not on Sunday when no one is there. Messages to
 * staff are sent inside the office's opening hours (`nextOpening`, `lastOpenBefore`). Plain TypeScript on Intl alone:
 * Deno runs it in the functions, Node in the local backend and the tests.
 */

/** A day's hours in the office's local time, "HH:MM" on a 24-hour clock; a missing day is a day off. */
export interface DayHours {
  opens: string;
  closes: string;
}

export interface WorkingClock {
  timeZone: string;
  /** Index 0 is Sunday, as Date#getDay counts. */
  week: ReadonlyArray<DayHours | null>;
  /** Why the office is closed on a local calendar day (YYYY-MM-DD) that is a working day of its week, or undefined. */
  closedOn(day: string): string | undefined;
}

const minuteMs = 60_000;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The local calendar day and weekday of `at` in `timeZone`. */
export function localDay(at: Date, timeZone: string): { day: string; weekday: number } {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!) };
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** Minutes to add to UTC for `timeZone`'s local time at `at`. */
function offsetMinutes(at: Date, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * The instant a local wall-clock time happens in `timeZone`: "2026-12-28" and "09:00" in Europe/London. A time that
 * a clock change skips is read as the first instant after it; an hour that happens twice, as its first passing.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, date, hour, minute);
  let guess = asUtc - offsetMinutes(new Date(asUtc), timeZone) * minuteMs;
  // A second pass settles a guess made across a clock change.
  guess = asUtc - offsetMinutes(new Date(guess), timeZone) * minuteMs;
  return new Date(guess);
}

/** The calendar day after `day` (YYYY-MM-DD). */
const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * minuteMs).toISOString().slice(0, 10);

/** Whether the office works on a local calendar day: a day of its week, not a holiday or closure. */
export function isWorkingDay(day: string, clock: WorkingClock): boolean {
  return clock.week[new Date(`${day}T12:00:00Z`).getUTCDay()] !== null && clock.closedOn(day) === undefined;
}

/** The whole of a working day, midnight to midnight local time, as instants; null on a day off. */
function workingDay(clock: WorkingClock, day: string): [number, number] | null {
  if (!isWorkingDay(day, clock)) return null;
  return [zonedInstant(day, '00:00', clock.timeZone).getTime(), zonedInstant(nextDay(day), '00:00', clock.timeZone).getTime()];
}

/** A working day's opening hours as instants; null on a day off. */
function openingHours(clock: WorkingClock, day: string): [number, number] | null {
  const hours = clock.week[new Date(`${day}T12:00:00Z`).getUTCDay()];
  if (!hours || !isWorkingDay(day, clock)) return null;
  return [zonedInstant(day, hours.opens, clock.timeZone).getTime(), zonedInstant(day, hours.closes, clock.timeZone).getTime()];
}

/** At most this many days are searched: a clock with no working day at all must not loop forever. */
const searchDays = 400;

function* daysFrom(at: Date, clock: WorkingClock): Generator<string> {
  let day = localDay(at, clock.timeZone).day;
  for (let i = 0; i < searchDays; i++, day = nextDay(day)) yield day;
  throw new Error(`No working day in ${searchDays} days on the clock of ${clock.timeZone}: check its working week.`);
}

/** The instant `seconds` of working time after `from`: the clock stops on the office's days off. */
export function addWorkingTime(from: Date, seconds: number, clock: WorkingClock): Date {
  let left = seconds * 1000;
  for (const day of daysFrom(from, clock)) {
    const span = workingDay(clock, day);
    if (!span) continue;
    const start = Math.max(span[0], from.getTime());
    if (span[1] - start >= left) return new Date(start + left);
    left -= Math.max(0, span[1] - start);
  }
  throw new Error('unreachable');
}

/** Seconds of working time between `from` and `to` (0 when `to` is not after `from`). */
export function workingSecondsBetween(from: Date, to: Date, clock: WorkingClock): number {
  if (to <= from) return 0;
  let total = 0;
  for (const day of daysFrom(from, clock)) {
    const span = workingDay(clock, day);
    if (span) total += Math.max(0, Math.min(span[1], to.getTime()) - Math.max(span[0], from.getTime()));
    if (zonedInstant(nextDay(day), '00:00', clock.timeZone) >= to) break;
  }
  return Math.round(total / 1000);
}

/** Whether the office is open (inside its opening hours on a working day) at `at`. */
export function isOpen(at: Date, clock: WorkingClock): boolean {
  const hours = openingHours(clock, localDay(at, clock.timeZone).day);
  return hours !== null && at.getTime() >= hours[0] && at.getTime() < hours[1];
}

/** `at` if the office is open then, or the next time it opens. */
export function nextOpening(at: Date, clock: WorkingClock): Date {
  for (const day of daysFrom(at, clock)) {
    const hours = openingHours(clock, day);
    if (hours && at.getTime() < hours[1]) return new Date(Math.max(hours[0], at.getTime()));
  }
  throw new Error('unreachable');
}

/** `at` if the office is open then, or the last open minute before it, if that is after `notBefore`; else undefined. */
export function lastOpenBefore(at: Date, notBefore: Date, clock: WorkingClock): Date | undefined {
  if (isOpen(at, clock)) return at;
  let day = localDay(at, clock.timeZone).day;
  for (let i = 0; i < searchDays; i++) {
    const hours = openingHours(clock, day);
    if (hours && hours[0] < at.getTime()) {
      const last = new Date(Math.min(hours[1], at.getTime()) - minuteMs);
      return last > notBefore ? last : undefined;
    }
    if (zonedInstant(day, '00:00', clock.timeZone) <= notBefore) return undefined;
    day = new Date(Date.parse(`${day}T00:00:00Z`) - 24 * 60 * minuteMs).toISOString().slice(0, 10);
  }
  return undefined;
}
