/**
 * How well the site's promise of a reply within 24 hours of our working time (src/config/company.ts) was kept, for the
 * enquiries that came in during a period, with each enquiry's state as it is now. First on the calendar: answered
 * enquiries are timed from arrival to the moment someone marked them answered; closed ones need no answer and are only
 * counted. Then per answering office, per owner and per person who answered, on each office's working clock
 * (supabase/functions/_shared/working-clock.ts: its week, its public holidays and the company's closures), as the
 * promise is made. Lateness there is read against the due time the notifier stored, when it has dated the enquiry. A
 * breach that the office's clock also counts was avoidable; one that only the calendar counts (the office was closed:
 * a weekend, a public holiday, a company closure) was not.
 */
import { responseTimeHours } from '../../src/config/company.ts';
import { utcOffsetMinutes } from '../../src/config/time-zone.ts';
import { officeByCode, officeClock, officeList, type Closure } from '../../supabase/functions/_shared/offices.ts';
import { workingSecondsBetween } from '../../supabase/functions/_shared/working-clock.ts';
import type { StoredEnquiry } from './enquiry-export-format.ts';

/** A command-line value that cannot be used, with what to write instead. */
export class ArgumentError extends Error {}

/** The period a report covers: whole days in one time zone, as --from, --to and --time-zone give them. */
export interface ReportPeriod {
  /** First instant inside the period. */
  start: Date;
  /** First instant after it. */
  end: Date;
  /** IANA name the dates were read in. */
  timeZone: string;
}

export const defaultPeriodDays = 30;
const hour = 3_600_000;
const day = 24 * hour;

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

/** --to included; without --to the period ends now, without --from it starts 30 days before its end; UTC unless told. */
export function reportPeriod(options: { from?: string; to?: string; timeZone?: string }, now: Date): ReportPeriod {
  const timeZone = checkedTimeZone(options.timeZone ?? 'UTC');
  const from = options.from === undefined ? undefined : startOfDay('--from', options.from, timeZone);
  let end = now.getTime();
  if (options.to !== undefined) {
    startOfDay('--to', options.to, timeZone); // checked as written, so a mistake is reported in the user's words
    const nextDay = new Date(Date.parse(`${options.to}T00:00:00Z`) + day).toISOString().slice(0, 10);
    end = startOfDay('--to', nextDay, timeZone);
  }
  const start = from ?? end - defaultPeriodDays * day;
  if (start >= end) {
    const to = options.to === undefined ? 'now' : `--to ${options.to}`;
    throw new ArgumentError(`--from ${options.from} is after ${to}: the period must start on or before the day it ends.`);
  }
  return { start: new Date(start), end: new Date(end), timeZone };
}

export const brokenPromiseDefinition = (hours = responseTimeHours): string =>
  `An enquiry broke the ${hours}-hour promise when it was marked answered more than ${hours} hours after it came in, or is still open ` +
  `more than ${hours} hours after it came in. Closed enquiries (no answer needed) never count.`;

/** The middle of sorted times (the mean of the middle two for an even count); null when there are none. */
function median(sorted: number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** An enquiry timed on its office's clock: working and calendar time from arrival to the answer, or to `now` while open. */
interface Timed {
  row: StoredEnquiry;
  workingMs: number;
  calendarMs: number;
  /** Past the promise on the office's clock: answered, or still open at `now`, after its due time. */
  late: boolean;
}

function workingFigures(timed: Timed[], promiseMs: number) {
  const answeredTimes = timed
    .filter(({ row }) => row.state === 'answered')
    .map(({ workingMs }) => workingMs)
    .sort((a, b) => a - b);
  const counted = timed.filter(({ row }) => row.state !== 'closed');
  return {
    received: timed.length,
    answered: answeredTimes.length,
    open: timed.filter(({ row }) => row.state === 'new').length,
    /** Median and worst working time from arrival to the answer; null when none was answered. */
    medianWorkingMs: median(answeredTimes),
    worstWorkingMs: answeredTimes.at(-1) ?? null,
    /** Answered, or still open, past the promise on the office's working clock: breaches staff could have avoided. */
    lateOnWorkingTime: counted.filter(({ late }) => late).length,
    /** Past the promise on the calendar only, because the office was closed for part of it: not avoidable. */
    lateOnCalendarOnly: counted.filter(({ late, calendarMs }) => calendarMs > promiseMs && !late).length,
  };
}

export type WorkingTimeFigures = ReturnType<typeof workingFigures>;

/**
 * Figures for `rows` (the enquiries of the period, closed ones included and never counted late), one line per office
 * (every office, so a quiet one shows its zeros), per owner and per person who marked one answered. An enquiry with no
 * office asked for is answered by the headquarters, as the notifier routes it.
 */
function workingTimeReport(rows: StoredEnquiry[], now: Date, promiseMs: number, closures: readonly Closure[]) {
  const clocks = new Map(officeList.map((office) => [office.code, officeClock(office, closures)]));
  const timed = rows.map((row): Timed => {
    const from = new Date(row.created_at);
    const to = row.state === 'new' || !row.state_changed_at ? now : new Date(row.state_changed_at);
    const workingMs = workingSecondsBetween(from, to, clocks.get(officeByCode(row.office).code)!) * 1000;
    // The due time the notifier stored counts the company's closures too; an enquiry it has not dated yet is timed here.
    const late = row.due_at ? to.getTime() > Date.parse(row.due_at) : workingMs > promiseMs;
    return { row, workingMs, calendarMs: to.getTime() - from.getTime(), late };
  });
  /** The figures of each distinct name `nameOf` gives, in alphabetical order. */
  const byName = (nameOf: (row: StoredEnquiry) => string | null | undefined) =>
    [...new Set(timed.flatMap(({ row }) => nameOf(row) ?? []))]
      .sort((a, b) => a.localeCompare(b))
      .map((name) => ({
        name,
        ...workingFigures(
          timed.filter(({ row }) => nameOf(row) === name),
          promiseMs,
        ),
      }));
  return {
    offices: officeList.map((office) => ({
      office: office.code,
      city: office.city,
      ...workingFigures(
        timed.filter(({ row }) => officeByCode(row.office).code === office.code),
        promiseMs,
      ),
    })),
    /** By the name given when marking them answered. */
    answerers: byName((row) => (row.state === 'answered' ? (row.state_changed_by ?? '') : null)).map(({ name, ...figures }) => ({ by: name, ...figures })),
    /** By who took them with an "I'll take it" link and owns them now, and how many nobody took. */
    owners: byName((row) => row.owner_name || null).map(({ name, ...figures }) => ({ owner: name, ...figures })),
    unowned: rows.filter((row) => !row.owner_name).length,
  };
}

export function responseTimeReport(
  rows: StoredEnquiry[],
  period: ReportPeriod,
  now: Date,
  promiseHours = responseTimeHours,
  closures: readonly Closure[] = [],
) {
  if (rows.some((row) => row.state === undefined)) {
    throw new Error('These enquiries have no state: the project lacks the migration 20261128090000_enquiry_states.sql (apply it with `supabase db push`).');
  }
  const promiseMs = promiseHours * hour;
  const inPeriod = rows.filter((row) => Date.parse(row.created_at) >= period.start.getTime() && Date.parse(row.created_at) < period.end.getTime());
  const times = inPeriod
    .filter((row) => row.state === 'answered')
    .map((row) => Date.parse(row.state_changed_at!) - Date.parse(row.created_at))
    .sort((a, b) => a - b);
  const open = inPeriod.filter((row) => row.state === 'new');
  // Still new more than promiseHours after arriving, oldest first.
  const openPastPromise = open
    .map(({ id, created_at, name, company, email }) => ({ id, created_at, name, company, email, ageMs: now.getTime() - Date.parse(created_at) }))
    .filter((row) => row.ageMs > promiseMs)
    .sort((a, b) => b.ageMs - a.ageMs || a.id.localeCompare(b.id));
  const answeredLate = times.filter((ms) => ms > promiseMs).length;
  return {
    period,
    /** When the report was made: what "still open" and ages are measured against. */
    now,
    promiseHours,
    received: inPeriod.length,
    answered: times.length,
    closed: inPeriod.filter((row) => row.state === 'closed').length,
    open: open.length,
    medianTimeToAnswerMs: median(times),
    worstTimeToAnswerMs: times.at(-1) ?? null,
    answeredLate,
    openPastPromise,
    brokenPromise: answeredLate + openPastPromise.length,
    workingTime: workingTimeReport(inPeriod, now, promiseMs, closures),
  };
}

export type ResponseTimeReport = ReturnType<typeof responseTimeReport>;
