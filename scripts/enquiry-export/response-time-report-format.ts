/**
 * The response-time report as a manager reads it (aligned text: whole minutes, times in the period's time zone), and
 * its figures as JSON or CSV (seconds, ISO 8601 UTC times).
 */
import { table } from '../shared/table.ts';
import { cell, csvField, formatDuration, safeJson } from './enquiry-export-format.ts';
import { brokenPromiseDefinition, type Figures, type ReportPeriod, type ResponseTimeReport } from './response-time-report.ts';

/** "2026-11-01 00:00" as the clock reads in `timeZone` (Sweden's date and time format is ISO 8601's). */
const localMinute = (date: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(date);

/** "2026-11-01 to 2026-11-30 (whole days, UTC)" when the period is whole days, else "2026-10-28 15:59 up to 2026-11-27 15:59 (UTC)". */
function describePeriod({ start, end, timeZone }: ReportPeriod): string {
  const [first, afterLast] = [localMinute(start, timeZone), localMinute(end, timeZone)];
  if (first.endsWith(' 00:00') && afterLast.endsWith(' 00:00')) {
    return `${first.slice(0, 10)} to ${localMinute(new Date(end.getTime() - 1), timeZone).slice(0, 10)} (whole days, ${timeZone})`;
  }
  return `${first} up to ${afterLast} (${timeZone})`;
}

const seconds = (ms: number | null): number | null => (ms === null ? null : ms / 1000);
const duration = (ms: number | null): string => (ms === null ? '-' : formatDuration(ms));

/** The figures by the names JSON and CSV give them, in the order the text prints them. */
function figures(report: ResponseTimeReport) {
  return {
    period_start: report.period.start.toISOString(),
    period_end: report.period.end.toISOString(),
    time_zone: report.period.timeZone,
    as_of: report.now.toISOString(),
    promise_hours: report.promiseHours,
    received: report.received,
    answered: report.answered,
    closed: report.closed,
    open: report.open,
    median_time_to_answer_seconds: seconds(report.medianTimeToAnswerMs),
    worst_time_to_answer_seconds: seconds(report.worstTimeToAnswerMs),
    broken_promise: report.brokenPromise,
    answered_late: report.answeredLate,
    open_past_promise: report.openPastPromise.length,
    broken_promise_definition: brokenPromiseDefinition(report.promiseHours),
  };
}

/** One office's or person's working-clock figures by the names JSON gives them. */
const workingFigures = (row: Figures) => ({
  answered: row.answered,
  median_working_time_to_answer_seconds: seconds(row.medianWorkingMs),
  worst_working_time_to_answer_seconds: seconds(row.worstWorkingMs),
  late_on_working_time: row.lateOnWorkingTime,
  late_on_calendar_only: row.lateOnCalendarOnly,
});

export function reportJson(report: ResponseTimeReport): string {
  const { offices, answerers, owners, unowned } = report.workingTime;
  return safeJson({
    ...figures(report),
    open_past_promise_enquiries: report.openPastPromise.map(({ ageMs, ...enquiry }) => ({ ...enquiry, age_seconds: ageMs / 1000 })),
    offices: offices.map((row) => ({ office: row.office, city: row.name, received: row.received, open: row.open, ...workingFigures(row) })),
    answered_by: answerers.map((row) => ({ by: row.name, ...workingFigures(row) })),
    owners: owners.map((row) => ({ owner: row.name, received: row.received, open: row.open, ...workingFigures(row) })),
    taken_by_nobody: unowned,
  });
}

/** Two columns, figure and value, one figure a line (the open enquiries themselves are in the text and JSON). */
export function reportCsv(report: ResponseTimeReport): string {
  const lines = ['figure,value', ...Object.entries(figures(report)).map(([name, value]) => `${name},${csvField(value)}`)];
  return `${lines.join('\r\n')}\r\n`;
}

/** Words in lines of at most `width` characters: each line is the longest run of them that fits. */
const wrap = (text: string, width = 100): string[] => text.match(new RegExp(`\\S.{0,${width - 1}}(?= |$)`, 'g')) ?? [];

const figureTitles = ['Received', 'Answered', 'Open', 'Median', 'Worst', 'Late', 'Late on the calendar only'];

/** Working-clock figures, one line per office or person; `answersOnly` leaves out what they received and left open. */
function figuresTable(nameTitle: string, rows: Array<Figures & { name: string }>, answersOnly = false): string[] {
  const keep = (_: unknown, column: number) => !answersOnly || (column !== 0 && column !== 2);
  const cells = (row: Figures) =>
    [row.received, row.answered, row.open, duration(row.medianWorkingMs), duration(row.worstWorkingMs), row.lateOnWorkingTime, row.lateOnCalendarOnly]
      .map(String)
      .filter(keep);
  const lines = rows.map((row) => [cell(row.name || '(no name)', 30), ...cells(row)]);
  return table([[nameTitle, ...figureTitles.filter(keep)], ...lines], (column) => column > 0);
}

export function reportText(report: ResponseTimeReport): string {
  const { period, promiseHours: hours, openPastPromise } = report;
  const calendarFigures = [
    ['Received', String(report.received)],
    ['  Answered', String(report.answered)],
    ['  Closed, no answer needed', String(report.closed)],
    ['  Still open', String(report.open)],
    ['', ''],
    [`Time to answer (${report.answered} answered)`, ''],
    ['  Median', duration(report.medianTimeToAnswerMs)],
    ['  Worst', duration(report.worstTimeToAnswerMs)],
    ['', ''],
    [`Broke the ${hours}-hour promise`, String(report.brokenPromise)],
    [`  Answered after more than ${hours} hours`, String(report.answeredLate)],
    [`  Still open after more than ${hours} hours`, String(openPastPromise.length)],
  ];
  const lines = [
    `Enquiries received ${describePeriod(period)}, states as of ${localMinute(report.now, period.timeZone)}.`,
    `The site promises a reply within ${hours} hours of our working time. These first figures count calendar hours;`,
    'the tables at the end count each answering office’s working clock, as the promise does.',
    '',
    ...table(calendarFigures, (column) => column === 1, false),
    '',
    ...wrap(brokenPromiseDefinition(hours)),
    '',
  ];
  if (report.received === 0) return `${[...lines, 'No enquiries came in during this period.'].join('\n')}\n`;
  if (openPastPromise.length === 0) lines.push('No enquiry is open past the promise.');
  else {
    const open = openPastPromise.map((row) => [
      localMinute(new Date(row.created_at), period.timeZone),
      formatDuration(row.ageMs),
      cell(row.name, 30),
      cell(row.company ?? '', 24),
      cell(row.email, 40),
    ]);
    lines.push('Open past the promise, oldest first:', ...table([[`Received (${period.timeZone})`, 'Open for', 'Name', 'Company', 'Email'], ...open]));
  }
  const { offices, answerers, owners, unowned } = report.workingTime;
  lines.push(
    '',
    `By answering office, on its working clock (the ${hours} hours run only on its working days):`,
    ...figuresTable('Office', offices),
    '',
    ...wrap(
      'Late: answered, or still open, after the due time on the office’s clock, a breach staff could have avoided. ' +
        'Late on the calendar only: more than the promise by the calendar, but the office was closed for part of it ' +
        '(a weekend, a public holiday or a company closure), so not avoidable.',
    ),
  );
  if (owners.length > 0) lines.push('', `By owner (who took them with "I'll take it"; ${unowned} taken by nobody):`, ...figuresTable('Owner', owners));
  if (answerers.length > 0) lines.push('', 'By who marked them answered:', ...figuresTable('Name', answerers, true));
  return `${lines.join('\n')}\n`;
}
