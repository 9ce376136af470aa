/**
 * How well the site's promise of a reply within 24 hours (src/config/company.ts) was kept, for the enquiries that came
 * in during a period, with each enquiry's state as it is now. Answered enquiries are timed from arrival to the moment
 * someone marked them answered; closed ones need no answer and are only counted.
 */
import { responseTimeHours } from '../../src/config/company.ts';
import type { Closure } from '../../supabase/functions/_shared/offices.ts';
import type { StoredEnquiry } from './enquiry-export-format.ts';
import { workingTimeReport, type WorkingTimeReport } from './office-report.ts';
import type { ReportPeriod } from './report-period.ts';

export interface OpenPastPromise {
  id: string;
  created_at: string;
  name: string;
  company: string | null;
  email: string;
  /** Milliseconds since it came in, at the report's `now`. */
  ageMs: number;
}

export interface ResponseTimeReport {
  period: ReportPeriod;
  /** When the report was made: what "still open" and ages are measured against. */
  now: Date;
  promiseHours: number;
  received: number;
  answered: number;
  closed: number;
  open: number;
  /** Middle time to answer (the mean of the middle two for an even count); null when none was answered. */
  medianTimeToAnswerMs: number | null;
  worstTimeToAnswerMs: number | null;
  /** Answered more than promiseHours after arriving. */
  answeredLate: number;
  /** Still new more than promiseHours after arriving; the list holds them oldest first. */
  openPastPromise: OpenPastPromise[];
  /** answeredLate + openPastPromise.length. */
  brokenPromise: number;
  /** The same enquiries per office and per person who answered, on each office's working clock. */
  workingTime: WorkingTimeReport;
}

export const brokenPromiseDefinition = (hours = responseTimeHours): string =>
  `An enquiry broke the ${hours}-hour promise when it was marked answered more than ${hours} hours after it came in, or is still open ` +
  `more than ${hours} hours after it came in. Closed enquiries (no answer needed) never count.`;

/** Thrown for rows read from a project that has not had the enquiry states migration. */
export class NoStatesError extends Error {}

export function responseTimeReport(
  rows: StoredEnquiry[],
  period: ReportPeriod,
  now: Date,
  promiseHours = responseTimeHours,
  closures: readonly Closure[] = [],
): ResponseTimeReport {
  if (rows.some((row) => row.state === undefined)) {
    throw new NoStatesError(
      'These enquiries have no state: the project lacks the migration 20261128090000_enquiry_states.sql (apply it with `supabase db push`).',
    );
  }
  const promiseMs = promiseHours * 3_600_000;
  const inPeriod = rows.filter((row) => {
    const at = Date.parse(row.created_at);
    return at >= period.start.getTime() && at < period.end.getTime();
  });
  const answered = inPeriod.filter((row) => row.state === 'answered');
  const times = answered.map((row) => Date.parse(row.state_changed_at!) - Date.parse(row.created_at)).sort((a, b) => a - b);
  const middle = Math.floor(times.length / 2);
  const open = inPeriod.filter((row) => row.state === 'new');
  const openPastPromise = open
    .map((row) => ({
      id: row.id,
      created_at: row.created_at,
      name: row.name,
      company: row.company,
      email: row.email,
      ageMs: now.getTime() - Date.parse(row.created_at),
    }))
    .filter((row) => row.ageMs > promiseMs)
    .sort((a, b) => b.ageMs - a.ageMs || a.id.localeCompare(b.id));
  const answeredLate = times.filter((ms) => ms > promiseMs).length;
  return {
    period,
    now,
    promiseHours,
    received: inPeriod.length,
    answered: answered.length,
    closed: inPeriod.filter((row) => row.state === 'closed').length,
    open: open.length,
    medianTimeToAnswerMs: times.length === 0 ? null : times.length % 2 ? times[middle]! : (times[middle - 1]! + times[middle]!) / 2,
    worstTimeToAnswerMs: times.length === 0 ? null : times[times.length - 1]!,
    answeredLate,
    openPastPromise,
    brokenPromise: answeredLate + openPastPromise.length,
    workingTime: workingTimeReport(inPeriod, now, promiseHours, closures),
  };
}
