/**
 * Stored enquiries as staff read them: an aligned table for the terminal, or CSV / JSON for other tools; and the
 * pieces the report and the state commands print with.
 */
import { responseTimeHours } from '../../src/config/company.ts';
import type { EnquiryRow } from '../../src/enquiry/enquiry.ts';
import { table } from '../shared/table.ts';
import { visibleText } from './visible-text.ts';

/**
 * A row as the table holds it: what the form sent, plus what the server, the notifier and staff add. A field is
 * optional where a project may lack the migration that adds it (the outbox, states, working clocks, owners).
 */
export interface StoredEnquiry extends Omit<EnquiryRow, 'service' | 'office'> {
  office?: string | null;
  /** When it is due on the office's working clock (set by the notifier), ISO 8601. */
  due_at?: string | null;
  /** Who took it with an "I'll take it" link; null while nobody has. */
  owner_name?: string | null;
  owner_address?: string | null;
  created_at: string;
  /** Text as stored (rows older than a change to the service list may hold a former choice). */
  service: string | null;
  client_address?: string | null;
  notification?: EnquiryNotification | null;
  state?: 'new' | 'answered' | 'closed';
  /** Who answered or closed it, and when, as the link or command recorded them; null while new. */
  state_changed_at?: string | null;
  state_changed_by?: string | null;
}

export interface EnquiryNotification {
  /** handed: given to the mail server by a run that stopped before it could mark it sent; never sent again. */
  status: 'pending' | 'sending' | 'handed' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  next_attempt_at: string;
}

/** "2026-11-23 22:05" in UTC. */
export const utcMinute = (value: string | Date) => new Date(value).toISOString().slice(0, 16).replace('T', ' ');

const hour = 3_600_000;
/** "42 min", "5 h 03 min", "71 h 59 min", then "3 d 4 h": hours up to three days, since the promise is counted in hours. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 72) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** One line of visible text: tab and line breaks become a space, as do runs of spaces. */
export function cell(text: string, width: number): string {
  const flat = visibleText(text).replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

/** Lossless JSON, with DEL and the C1 controls escaped as JSON.stringify already escapes C0, so printing it is safe. */
export const safeJson = (value: unknown): string =>
  `${JSON.stringify(value, null, 2).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;

/**
 * The start of a piece a spreadsheet would run as a formula (OWASP, CSV injection): = + - @ or their full-width and small
 * forms (＝＋－＠﹢﹣﹦﹫, which Excel reads as = in East Asian locales), even after spaces and quote marks, at the start
 * of the field or wherever a spreadsheet may start a cell or a row: after a comma, a semicolon (the separator in French,
 * German and other locales, where quotes around a comma mean nothing), a vertical bar (some systems' list separator), a
 * tab or a line break.
 */
const formulaStart = /(^|[,;|\t\r\n])(?=[^\S\t\r\n]*"*[^\S\t\r\n]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE62\uFE63\uFE66\uFE6B])/g;

/**
 * A CSV field (RFC 4180) with a ' before every piece of it that could start a formula in any locale, and before text
 * that starts with a tab or CR. Every column gets the guard: enquiries are written by strangers, and no column can be
 * trusted to hold only what its name promises. A phone number (+91 …) or a negative number gets the quote too.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  // Staff also print the CSV to a terminal, so it gets the same visible text as the table, but (deliberately) keeps tab,
  // CR and LF: they are part of what a visitor typed, and a field holding one is always quoted (below), as RFC 4180 allows.
  const printable = visibleText(String(value));
  const guarded = printable.replace(formulaStart, "$1'");
  const text = /^[\t\r]/.test(guarded) ? `'${guarded}` : guarded;
  return text !== printable || /[",;|\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Each set of columns added after the last, so a sheet that reads the older columns by position still finds them. */
const csvColumns = `id created_at name email company phone service message client_address
  notification_status notification_attempts notification_error notified_at
  state state_changed_at state_changed_by
  office visitor_time_zone due_at`.split(/\s+/);

export function toCsv(rows: StoredEnquiry[]): string {
  const lines = rows.map(({ notification: n, ...row }) => {
    const fields: Record<string, unknown> = {
      ...row,
      notification_status: n?.status,
      notification_attempts: n?.attempts,
      notification_error: n?.last_error,
      notified_at: n?.sent_at,
    };
    return csvColumns.map((column) => csvField(fields[column])).join(',');
  });
  return `${[csvColumns.join(','), ...lines].join('\r\n')}\r\n`;
}

export const toJson = (rows: StoredEnquiry[]): string => safeJson(rows);

/** Open past its due time on the office's working clock (due_at, once the notifier has set it), else past the promise's hours. */
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

/** The notification in a few words: "sent 2026-11-23 22:05", "retrying (2 tries): ECONNREFUSED …", "FAILED: …". */
function notificationSummary({ notification: n }: StoredEnquiry): string {
  if (!n) return '';
  if (n.status === 'sent') return `sent ${n.sent_at ? utcMinute(n.sent_at) : ''}`.trim();
  if (n.status === 'failed') return `FAILED after ${n.attempts} tries: ${n.last_error ?? ''}`;
  if (n.status === 'sending') return `sending (try ${n.attempts})`;
  if (n.status === 'handed') return 'UNCONFIRMED: handed to the mail server; check the mailbox';
  return n.attempts === 0 ? 'pending' : `retrying at ${utcMinute(n.next_attempt_at)} (${n.attempts} tries): ${n.last_error ?? ''}`;
}

/** The table's columns: title, widest cell, and what it shows. */
const tableColumns: Array<[string, number, (row: StoredEnquiry, now: Date) => string]> = [
  // The first 8 characters of the id: what --answered, --closed, --undo and --history take.
  ['Id', 8, (row) => row.id.slice(0, 8)],
  ['Received (UTC)', 16, (row) => utcMinute(row.created_at)],
  ['Age', 14, (row, now) => formatDuration(now.getTime() - Date.parse(row.created_at))],
  ['State', 70, stateSummary],
  ['Name', 24, (row) => row.name],
  ['Email', 32, (row) => row.email],
  ['Company', 20, (row) => row.company ?? ''],
  ['Phone', 18, (row) => row.phone ?? ''],
  ['Service', 27, (row) => row.service ?? ''],
  ['Message', 50, (row) => row.message],
  ['Staff e-mail', 60, notificationSummary],
];

/** One line per enquiry; ages and overdue marks are as of `now`. */
export function toTable(rows: StoredEnquiry[], now = new Date()): string {
  const cells = rows.map((row) => tableColumns.map(([, width, value]) => cell(value(row, now), width)));
  return `${table([tableColumns.map(([title]) => title), ...cells]).join('\n')}\n`;
}

const mailWords = { sent: 'sent', sending: 'sending', handed: 'UNCONFIRMED', pending: 'owed', failed: 'FAILED' } as const;

/** "9 enquiries; 3 new (1 OVERDUE), 5 answered, 1 closed; staff e-mails: 8 sent, 1 FAILED (retry the FAILED with: …)" */
export function totals(rows: StoredEnquiry[], now: Date): string {
  const count = (test: (row: StoredEnquiry) => boolean) => rows.filter(test).length;
  const inState = (state: StoredEnquiry['state']) => count((row) => row.state === state);
  const parts = [`${rows.length} ${rows.length === 1 ? 'enquiry' : 'enquiries'}`];
  if (rows.length > 0 && rows.every((row) => row.state !== undefined)) {
    const overdue = count((row) => isOverdue(row, now));
    parts.push(`${inState('new')} new${overdue ? ` (${overdue} OVERDUE)` : ''}, ${inState('answered')} answered, ${inState('closed')} closed`);
  }
  const mails = Object.entries(mailWords)
    .map(([status, word]) => `${count((row) => row.notification?.status === status)} ${word}`)
    .filter((text) => !text.startsWith('0 '));
  const advice = [
    ...(mails.some((text) => text.endsWith('UNCONFIRMED')) ? ['check the staff mailbox for the UNCONFIRMED: they are never sent again'] : []),
    ...(mails.some((text) => text.endsWith('FAILED')) ? ['retry the FAILED with: select public.retry_failed_enquiry_notifications()'] : []),
  ];
  if (mails.length > 0) parts.push(`staff e-mails: ${mails.join(', ')}${advice.length > 0 ? ` (${advice.join('; ')})` : ''}`);
  return parts.join('; ');
}
