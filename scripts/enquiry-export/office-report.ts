/**
 * The response-time report per answering office, per owner (who took the enquiry) and per person who marked enquiries
 * answered, counted on each
 * office's working clock (supabase/functions/_shared/working-clock.ts), as the promise is: "within 24 hours of our
 * working time": the office's week, its public holidays and the company's closures (public.office_closures). Lateness
 * is read against the due time the notifier stored, when it has dated the enquiry. A breach that the
 * office's clock also counts was avoidable; one that only the calendar counts (the office was closed: a weekend, a
 * public holiday, a company closure) was not.
 */
import { officeByCode, officeClock, officeList, type Closure, type OfficeCode } from '../../supabase/functions/_shared/offices.ts';
import { workingSecondsBetween } from '../../supabase/functions/_shared/working-clock.ts';
import type { StoredEnquiry } from './enquiry-export-format.ts';

export interface WorkingTimeFigures {
  received: number;
  answered: number;
  open: number;
  /** Median and worst working time from arrival to the answer; null when none was answered. */
  medianWorkingMs: number | null;
  worstWorkingMs: number | null;
  /** Answered, or still open, past the promise on the office's working clock: breaches staff could have avoided. */
  lateOnWorkingTime: number;
  /** Past the promise on the calendar only, because the office was closed for part of it: not avoidable. */
  lateOnCalendarOnly: number;
}

export interface OfficeFigures extends WorkingTimeFigures {
  office: OfficeCode;
  city: string;
}

export interface AnswererFigures extends Omit<WorkingTimeFigures, 'received' | 'open'> {
  /** The name given when marking the enquiries answered. */
  by: string;
}

export interface OwnerFigures extends WorkingTimeFigures {
  /** Who took the enquiries with an "I'll take it" link, and owns them now. */
  owner: string;
}

export interface WorkingTimeReport {
  offices: OfficeFigures[];
  answerers: AnswererFigures[];
  /** Per owner, and how many enquiries of the period nobody took. */
  owners: OwnerFigures[];
  unowned: number;
}

interface Timed {
  row: StoredEnquiry;
  /** Working and calendar time from arrival to the answer, or to `now` while open. */
  workingMs: number;
  calendarMs: number;
  /** Past the promise on the office's clock: answered, or still open at `now`, after its due time. */
  late: boolean;
}

const median = (sorted: number[]): number | null => {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function figures(timed: Timed[], promiseMs: number): WorkingTimeFigures {
  const answeredTimes = timed
    .filter(({ row }) => row.state === 'answered')
    .map(({ workingMs }) => workingMs)
    .sort((a, b) => a - b);
  const counted = timed.filter(({ row }) => row.state !== 'closed');
  return {
    received: timed.length,
    answered: answeredTimes.length,
    open: timed.filter(({ row }) => row.state === 'new').length,
    medianWorkingMs: median(answeredTimes),
    worstWorkingMs: answeredTimes.at(-1) ?? null,
    lateOnWorkingTime: counted.filter(({ late }) => late).length,
    lateOnCalendarOnly: counted.filter(({ late, calendarMs }) => calendarMs > promiseMs && !late).length,
  };
}

/**
 * Figures for `rows` (the enquiries of the report's period, closed ones included and never counted late), one line per
 * office (every office, so a quiet one shows its zeros), per owner and per person who marked one answered. An enquiry with no
 * office asked for is answered by the headquarters, as the notifier routes it. `closures` as the notifier reads them.
 */
export function workingTimeReport(rows: StoredEnquiry[], now: Date, promiseHours: number, closures: readonly Closure[] = []): WorkingTimeReport {
  const promiseMs = promiseHours * 3_600_000;
  const clocks = new Map(officeList.map((office) => [office.code, officeClock(office, closures)]));
  const timed = rows.map((row): Timed => {
    const clock = clocks.get(officeByCode(row.office).code)!;
    const from = new Date(row.created_at);
    const to = row.state === 'new' || !row.state_changed_at ? now : new Date(row.state_changed_at);
    const workingMs = workingSecondsBetween(from, to, clock) * 1000;
    // The due time the notifier stored counts the company's closures too; an enquiry it has not dated yet is timed here.
    const late = row.due_at ? to.getTime() > Date.parse(row.due_at) : workingMs > promiseMs;
    return { row, workingMs, calendarMs: to.getTime() - from.getTime(), late };
  });
  const offices = officeList.map((office) => ({
    office: office.code,
    city: office.city,
    ...figures(
      timed.filter(({ row }) => officeByCode(row.office).code === office.code),
      promiseMs,
    ),
  }));
  const names = [...new Set(timed.filter(({ row }) => row.state === 'answered').map(({ row }) => row.state_changed_by ?? ''))].sort((a, b) =>
    a.localeCompare(b),
  );
  const answerers = names.map((by) => {
    const {
      received: _received,
      open: _open,
      ...rest
    } = figures(
      timed.filter(({ row }) => row.state === 'answered' && (row.state_changed_by ?? '') === by),
      promiseMs,
    );
    return { by, ...rest };
  });
  const ownerNames = [...new Set(rows.flatMap((row) => (row.owner_name ? [row.owner_name] : [])))].sort((a, b) => a.localeCompare(b));
  const owners = ownerNames.map((owner) => ({
    owner,
    ...figures(
      timed.filter(({ row }) => row.owner_name === owner),
      promiseMs,
    ),
  }));
  return { offices, answerers, owners, unowned: rows.filter((row) => !row.owner_name).length };
}
