/** Renders stored enquiries for staff: an aligned table for the terminal, or CSV / JSON for other tools. */
import { responseTimeHours } from '../../src/config/company.ts';
import type { EnquiryRow } from '../../src/enquiry/enquiry.ts';
import { visibleText } from './visible-text.ts';

/** A row as the table holds it: what the form sent, plus what the server adds. */
export interface StoredEnquiry extends Omit<EnquiryRow, 'service' | 'office' | 'visitor_time_zone'> {
  /** The office the visitor asked to answer, and their time zone (stored since the offices' working clocks). */
  office?: string | null;
  visitor_time_zone?: string | null;
  /** When it is due on the office's working clock (set by the notifier), ISO 8601. */
  due_at?: string | null;
  /** Who took it with an "I'll take it" link (20261206140000_enquiry_owners.sql); null while nobody has. */
  owner_name?: string | null;
  owner_address?: string | null;
  created_at: string;
  /** Text as stored (rows older than a change to the service list may hold a former choice). */
  service: string | null;
  client_address?: string | null;
  /** Its staff notification (absent where the outbox does not exist, e.g. a project not yet migrated). */
  notification?: EnquiryNotification | null;
  /** new, answered or closed (absent on a project without the enquiry states migration). */
  state?: EnquiryState;
  /** When it was answered or closed; null while new. */
  state_changed_at?: string | null;
  /** Who answered or closed it, as the link recorded them. */
  state_changed_by?: string | null;
}

export type EnquiryState = 'new' | 'answered' | 'closed';

export interface EnquiryNotification {
  /** handed: given to the mail server by a run that stopped before it could mark it sent; never sent again. */
  status: 'pending' | 'sending' | 'handed' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  next_attempt_at: string;
}

const csvColumns = ['id', 'created_at', 'name', 'email', 'company', 'phone', 'service', 'message', 'client_address'] as const;
const csvNotificationColumns = ['notification_status', 'notification_attempts', 'notification_error', 'notified_at'] as const;
/** Last, so a sheet or script that reads the older columns by position still finds them where they were. */
const csvStateColumns = ['state', 'state_changed_at', 'state_changed_by'] as const;
/** After those, for the same reason: the office that answers, the visitor's zone, and when it is due on its clock. */
const csvOfficeColumns = ['office', 'visitor_time_zone', 'due_at'] as const;

function notificationCells(row: StoredEnquiry): string[] {
  const n = row.notification;
  return n ? [n.status, String(n.attempts), n.last_error ?? '', n.sent_at ?? ''] : ['', '', '', ''];
}

/** The notification in a few words: "sent 2026-11-23 22:05", "retrying (2 tries): ECONNREFUSED …", "FAILED: …". */
function notificationSummary(row: StoredEnquiry): string {
  const n = row.notification;
  if (!n) return '';
  const at = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace('T', ' ');
  switch (n.status) {
    case 'sent':
      return `sent ${n.sent_at ? at(n.sent_at) : ''}`.trim();
    case 'failed':
      return `FAILED after ${n.attempts} tries: ${n.last_error ?? ''}`;
    case 'sending':
      return `sending (try ${n.attempts})`;
    case 'handed':
      return 'UNCONFIRMED: handed to the mail server; check the mailbox';
    case 'pending':
      return n.attempts === 0 ? 'pending' : `retrying at ${at(n.next_attempt_at)} (${n.attempts} tries): ${n.last_error ?? ''}`;
  }
}

/**
 * Where a spreadsheet may start a cell or a row: after a comma, a semicolon (the separator in French, German and
 * other locales, where the quotes around a comma-separated field mean nothing), a vertical bar (the list separator
 * some systems are set to) or a tab, and after a line break.
 */
const cellBreak = /([,;|\t\r\n])/;

/**
 * A piece a spreadsheet would run as a formula (OWASP, CSV injection): one starting with = + - @ or their full-width and
 * small forms (＝＋－＠﹢﹣﹦﹫, which Excel reads as = in East Asian locales), even after spaces and quote marks.
 */
const formulaStart = /^[^\S\t\r\n]*"*[^\S\t\r\n]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE62\uFE63\uFE66\uFE6B]/;

/**
 * Puts a ' before every piece of `text` that could start a formula in any locale, and before text that starts with a
 * tab or CR. Every column gets the guard: enquiries are written by strangers, and no column can be trusted to hold
 * only what its name promises. A phone number (+91 …) or a negative number gets the quote too.
 */
function defuseFormulas(text: string): string {
  const pieces = text.split(cellBreak).map((piece, i) => (i % 2 === 0 && formulaStart.test(piece) ? `'${piece}` : piece));
  const defused = pieces.join('');
  return /^[\t\r]/.test(defused) ? `'${defused}` : defused;
}

export function csvField(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  // Staff also print the CSV to a terminal, so it gets the same visible text as the table, but (deliberately) keeps tab,
  // CR and LF: they are part of what a visitor typed, and a field holding one is always quoted (below), as RFC 4180 allows.
  const printable = visibleText(value);
  const text = defuseFormulas(printable);
  return text !== printable || /[",;|\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: StoredEnquiry[]): string {
  const lines = [[...csvColumns, ...csvNotificationColumns, ...csvStateColumns, ...csvOfficeColumns].join(',')];
  for (const row of rows) {
    lines.push(
      [
        ...csvColumns.map((column) => csvField(row[column])),
        ...notificationCells(row).map(csvField),
        ...csvStateColumns.map((column) => csvField(row[column])),
        ...csvOfficeColumns.map((column) => csvField(row[column])),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Lossless, but with DEL and the C1 controls escaped as JSON.stringify already escapes C0, so printing it is safe. */
export function toJson(rows: StoredEnquiry[]): string {
  const json = JSON.stringify(rows, null, 2).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `${json}\n`;
}

const hour = 3_600_000;
/** "42 min", "5 h 03 min", "71 h 59 min", then "3 d 4 h": hours up to three days, since the promise is counted in hours. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 72) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** "2026-11-23 22:05" in UTC. */
const utcMinute = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace('T', ' ');

/**
 * Still open past its due time on the answering office's working clock, once the notifier has dated it (due_at); until
 * then, open for longer than the promise's hours on the calendar.
 */
export const isOverdue = (row: StoredEnquiry, now: Date): boolean =>
  row.state === 'new' && (row.due_at ? now.getTime() > Date.parse(row.due_at) : now.getTime() - Date.parse(row.created_at) > responseTimeHours * hour);

/**
 * "new, due 2026-11-23 17:30", "new, OVERDUE (due 2026-11-23 17:30)", "new, OVERDUE (over 24 h)" before it is dated,
 * "answered 2026-11-22 10:00 by Priya, after 3 h 05 min", "closed 2026-11-22 10:00 by Priya"; an open one's owner
 * follows its due time ("new, due 2026-11-23 17:30, owner Tom Hale").
 */
function stateSummary(row: StoredEnquiry, now: Date): string {
  if (!row.state) return '';
  if (row.state === 'new') {
    const owner = row.owner_name ? `, owner ${row.owner_name}` : '';
    if (row.due_at) return `${isOverdue(row, now) ? `new, OVERDUE (due ${utcMinute(row.due_at)})` : `new, due ${utcMinute(row.due_at)}`}${owner}`;
    return `${isOverdue(row, now) ? `new, OVERDUE (over ${responseTimeHours} h)` : 'new'}${owner}`;
  }
  const at = row.state_changed_at ? ` ${utcMinute(row.state_changed_at)}` : '';
  const by = row.state_changed_by ? ` by ${row.state_changed_by}` : '';
  const after =
    row.state === 'answered' && row.state_changed_at ? `, after ${formatDuration(Date.parse(row.state_changed_at) - Date.parse(row.created_at))}` : '';
  return `${row.state}${at}${by}${after}`;
}

type TableColumn = { title: string; width: number; value: (row: StoredEnquiry, now: Date) => string };

const tableColumns: TableColumn[] = [
  // The first 8 characters of the id: what --answered, --closed, --undo and --history take.
  { title: 'Id', width: 8, value: (row) => row.id.slice(0, 8) },
  { title: 'Received (UTC)', width: 16, value: (row) => utcMinute(row.created_at) },
  { title: 'Age', width: 14, value: (row, now) => formatDuration(now.getTime() - Date.parse(row.created_at)) },
  { title: 'State', width: 70, value: stateSummary },
  { title: 'Name', width: 24, value: (row) => row.name },
  { title: 'Email', width: 32, value: (row) => row.email },
  { title: 'Company', width: 20, value: (row) => row.company ?? '' },
  { title: 'Phone', width: 18, value: (row) => row.phone ?? '' },
  { title: 'Service', width: 27, value: (row) => row.service ?? '' },
  { title: 'Message', width: 50, value: (row) => row.message },
  { title: 'Staff e-mail', width: 60, value: notificationSummary },
];

/** One line of visible text: tab and line breaks become a space, as do runs of spaces. */
export function cell(text: string, width: number): string {
  const flat = visibleText(text).replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

/** One line per enquiry; ages and overdue marks are as of `now`. */
export function toTable(rows: StoredEnquiry[], now = new Date()): string {
  const cells = [tableColumns.map((c) => c.title), ...rows.map((row) => tableColumns.map((c) => cell(c.value(row, now), c.width)))];
  const widths = tableColumns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  const render = (line: string[]) =>
    line
      .map((text, i) => text.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const [header, ...body] = cells;
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return `${[render(header!), rule, ...body.map(render)].join('\n')}\n`;
}
