/**
 * How well the site kept its promise of a reply within 24 hours of our working time (src/config/company.ts) for the
 * enquiries received in a period, states as they are now: on the calendar, then, as the promise is made, on each
 * answering office's working clock (its week, public holidays and the company's closures) per office, owner and person
 * who answered. A breach the office's clock also counts was avoidable; one only the calendar counts was not.
 */
import { responseTimeHours } from '../../src/config/company.ts';
import { officeByCode, officeClock, officeList, type Closure } from '../../supabase/functions/_shared/offices.ts';
import { workingSecondsBetween, zonedInstant, type WorkingClock } from '../../supabase/functions/_shared/working-clock.ts';
import type { StoredEnquiry } from './enquiry-export-format.ts';

/** A command-line value that cannot be used, with what to write instead. */
export class ArgumentError extends Error {}

/** The period a report covers, from `start` up to (not including) `end`: whole days in `timeZone`, an IANA name. */
export interface ReportPeriod {
  start: Date;
  end: Date;
  timeZone: string;
}

export const defaultPeriodDays = 30;
const hour = 3_600_000;
const day = 24 * hour;

/** The instant the day `daysLater` days after `date` (YYYY-MM-DD) starts in `timeZone`; an ArgumentError naming `option` if it is no date. */
function startOfDay(option: '--from' | '--to', date: string, timeZone: string, daysLater = 0): number {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  // A date is real only if it reads back as written, YYYY-MM-DD (Date.parse rolls 2026-11-31 over to 1 December).
  if (Number.isNaN(midnightUtc) || new Date(midnightUtc).toISOString().slice(0, 10) !== date) {
    throw new ArgumentError(`${option} ${JSON.stringify(date)} is not a date: write it as YYYY-MM-DD, for example ${option} 2026-11-01.`);
  }
  return zonedInstant(new Date(midnightUtc + daysLater * day).toISOString().slice(0, 10), '00:00', timeZone).getTime();
}

/** Both days included; without --to the period ends now, without --from it starts 30 days before its end; UTC unless told. */
export function reportPeriod(options: { from?: string; to?: string; timeZone?: string }, now: Date): ReportPeriod {
  const timeZone = options.timeZone ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone }); // a check only: the name stays as written (Intl would call Asia/Kolkata Asia/Calcutta)
  } catch {
    throw new ArgumentError(`--time-zone ${JSON.stringify(timeZone)} is not a time zone: write an IANA name such as UTC, Asia/Kolkata or Europe/London.`);
  }
  const from = options.from === undefined ? undefined : startOfDay('--from', options.from, timeZone);
  const end = options.to === undefined ? now.getTime() : startOfDay('--to', options.to, timeZone, 1);
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

function median(sorted: number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * An enquiry timed from arrival to its answer (or close), or to `now` while open, on the calendar and on its office's
 * clock; past the promise on the calendar (`overPromise`) and on the office's clock, after its due time (`late`).
 */
function timeEnquiry(row: StoredEnquiry, now: Date, clock: WorkingClock, promiseMs: number) {
  const from = new Date(row.created_at);
  const to = row.state === 'new' || !row.state_changed_at ? now : new Date(row.state_changed_at);
  const calendarMs = to.getTime() - from.getTime();
  const workingMs = workingSecondsBetween(from, to, clock) * 1000;
  // The due time the notifier stored counts the company's closures too; an enquiry it has not dated yet is timed here.
  const late = row.due_at ? to.getTime() > Date.parse(row.due_at) : workingMs > promiseMs;
  return { row, calendarMs, workingMs, overPromise: calendarMs > promiseMs, late };
}

type Timed = ReturnType<typeof timeEnquiry>;

/** The figures of some timed enquiries: closed ones are counted, never timed and never late. */
function figures(timed: Timed[]) {
  const answered = timed.filter(({ row }) => row.state === 'answered');
  const counted = timed.filter(({ row }) => row.state !== 'closed');
  const calendarTimes = answered.map(({ calendarMs }) => calendarMs).sort((a, b) => a - b);
  const workingTimes = answered.map(({ workingMs }) => workingMs).sort((a, b) => a - b);
  return {
    received: timed.length,
    answered: answered.length,
    closed: timed.length - counted.length,
    open: counted.length - answered.length,
    /** On the calendar: the median and worst time to answer (null when none was answered), and the broken promises. */
    medianTimeToAnswerMs: median(calendarTimes),
    worstTimeToAnswerMs: calendarTimes.at(-1) ?? null,
    brokenPromise: counted.filter(({ overPromise }) => overPromise).length,
    answeredLate: answered.filter(({ overPromise }) => overPromise).length,
    /** The same on the office's working clock. */
    medianWorkingMs: median(workingTimes),
    worstWorkingMs: workingTimes.at(-1) ?? null,
    /** Answered, or still open, past the due time on the office's working clock: breaches staff could have avoided. */
    lateOnWorkingTime: counted.filter(({ late }) => late).length,
    /** Past the promise on the calendar only, because the office was closed for part of it: not avoidable. */
    lateOnCalendarOnly: counted.filter(({ late, overPromise }) => overPromise && !late).length,
  };
}

export type Figures = ReturnType<typeof figures>;

/**
 * The report on the enquiries of `rows` received in `period`: the figures of them all, the open ones past the promise
 * (oldest first), and the figures per office (every office, so a quiet one shows its zeros), per owner and per person
 * who marked one answered. An enquiry with no office asked for is answered by the headquarters, as the notifier routes it.
 */
export function responseTimeReport(rows: StoredEnquiry[], period: ReportPeriod, now: Date, promiseHours = responseTimeHours, closures: Closure[] = []) {
  if (rows.some((row) => row.state === undefined)) {
    throw new Error('These enquiries have no state: the project lacks the migration 20261128090000_enquiry_states.sql (apply it with `supabase db push`).');
  }
  const promiseMs = promiseHours * hour;
  const clocks = new Map(officeList.map((office) => [office.code, officeClock(office, closures)]));
  const received = rows
    .filter((row) => Date.parse(row.created_at) >= period.start.getTime() && Date.parse(row.created_at) < period.end.getTime())
    .map((row) => timeEnquiry(row, now, clocks.get(officeByCode(row.office).code)!, promiseMs));
  const figuresOf = (test: (row: StoredEnquiry) => boolean) => figures(received.filter(({ row }) => test(row)));
  const byName = (nameOf: (row: StoredEnquiry) => string | null | undefined) =>
    [...new Set(received.flatMap(({ row }) => nameOf(row) ?? []))]
      .sort((a, b) => a.localeCompare(b))
      .map((name) => ({ name, ...figuresOf((row) => nameOf(row) === name) }));
  return {
    period,
    /** When the report was made: what "still open" and ages are measured against. */
    now,
    promiseHours,
    ...figures(received),
    openPastPromise: received
      .filter(({ row, overPromise }) => row.state === 'new' && overPromise)
      .map(({ row: { id, created_at, name, company, email }, calendarMs }) => ({ id, created_at, name, company, email, ageMs: calendarMs }))
      .sort((a, b) => b.ageMs - a.ageMs || a.id.localeCompare(b.id)),
    workingTime: {
      offices: officeList.map((office) => ({ office: office.code, name: office.city, ...figuresOf((row) => officeByCode(row.office).code === office.code) })),
      answerers: byName((row) => (row.state === 'answered' ? (row.state_changed_by ?? '') : null)),
      /** By who took them with an "I'll take it" link and owns them now, and how many nobody took. */
      owners: byName((row) => row.owner_name || null),
      unowned: received.filter(({ row }) => !row.owner_name).length,
    },
  };
}

export type ResponseTimeReport = ReturnType<typeof responseTimeReport>;
