/**
 * The period a response-time report covers, from the command line's --from, --to and --time-zone: whole days in one
 * time zone (UTC unless told), --to included; without --to the period ends now, without --from it starts 30 days
 * before its end.
 */
import { utcOffsetMinutes } from '../../src/config/time-zone.ts';

export interface ReportPeriod {
  /** First instant inside the period. */
  start: Date;
  /** First instant after it. */
  end: Date;
  /** IANA name the dates were read in. */
  timeZone: string;
}

export const defaultPeriodDays = 30;
const day = 86_400_000;

/** A command-line value that cannot be used, with what to write instead. */
export class ArgumentError extends Error {}

/** "Asia/Kolkata" → itself; "Mars/Base" → an ArgumentError naming --time-zone. */
function checkedTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone; // as written: Intl would rename some (Asia/Kolkata → Asia/Calcutta)
  } catch {
    throw new ArgumentError(`--time-zone ${JSON.stringify(timeZone)} is not a time zone: write an IANA name such as UTC, Asia/Kolkata or Europe/London.`);
  }
}

/** The instant `date` (YYYY-MM-DD) starts in `timeZone`, or an ArgumentError naming `option`. */
function startOfDay(option: '--from' | '--to', date: string, timeZone: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const [year, month, dayOfMonth] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const midnightUtc = Date.UTC(year, month - 1, dayOfMonth);
  const real = match && new Date(midnightUtc).getUTCMonth() === month - 1 && new Date(midnightUtc).getUTCDate() === dayOfMonth;
  if (!real) throw new ArgumentError(`${option} ${JSON.stringify(date)} is not a date: write it as YYYY-MM-DD, for example ${option} 2026-11-01.`);
  // The zone's offset at local midnight; checked once more at the guess, for a day on which summer time starts or ends.
  const guess = midnightUtc - utcOffsetMinutes(timeZone, new Date(midnightUtc)) * 60_000;
  return midnightUtc - utcOffsetMinutes(timeZone, new Date(guess)) * 60_000;
}

export function reportPeriod(options: { from?: string; to?: string; timeZone?: string }, now: Date): ReportPeriod {
  const timeZone = checkedTimeZone(options.timeZone ?? 'UTC');
  const from = options.from === undefined ? undefined : startOfDay('--from', options.from, timeZone);
  let end = now.getTime();
  if (options.to !== undefined) {
    startOfDay('--to', options.to, timeZone); // checked as written, so a mistake is reported in the user's words
    end = startOfDay('--to', nextDay(options.to), timeZone);
  }
  const start = from ?? end - defaultPeriodDays * day;
  if (start >= end) {
    const to = options.to === undefined ? 'now' : `--to ${options.to}`;
    throw new ArgumentError(`--from ${options.from} is after ${to}: the period must start on or before the day it ends.`);
  }
  return { start: new Date(start), end: new Date(end), timeZone };
}

/** "2026-11-30" → "2026-12-01", for a date already checked. */
const nextDay = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + day).toISOString().slice(0, 10);

/** "2026-11-01 00:00" as the clock reads in `timeZone`. */
export function localMinute(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** "2026-11-01 to 2026-11-30 (whole days, UTC)" when the period is whole days, else "2026-10-28 15:59 up to 2026-11-27 15:59 (UTC)". */
export function describePeriod({ start, end, timeZone }: ReportPeriod): string {
  const [first, afterLast] = [localMinute(start, timeZone), localMinute(end, timeZone)];
  if (first.endsWith(' 00:00') && afterLast.endsWith(' 00:00')) {
    return `${first.slice(0, 10)} to ${localMinute(new Date(end.getTime() - 1), timeZone).slice(0, 10)} (whole days, ${timeZone})`;
  }
  return `${first} up to ${afterLast} (${timeZone})`;
}
