/** Renders stored enquiries for staff: an aligned table for the terminal, or CSV / JSON for other tools. */
import type { EnquiryRow } from '../../src/lib/enquiry.ts';

/** A row as the table holds it: what the form sent, plus what the server adds. */
export interface StoredEnquiry extends Omit<EnquiryRow, 'service'> {
  created_at: string;
  /** Text as stored (rows older than a change to the service list may hold a former choice). */
  service: string | null;
  client_address?: string | null;
}

const csvColumns = ['id', 'created_at', 'name', 'email', 'company', 'phone', 'service', 'message', 'client_address'] as const;

/** Spreadsheet apps run cells starting with these as formulas; enquiries are written by strangers. */
const formulaStart = /^[=+\-@\t\r]/;
/** Phone is limited by the database to digits, spaces and + ( ) . / -, which cannot call a function. */
const formulaSafeColumns = new Set<string>(['id', 'created_at', 'phone', 'client_address']);

function csvField(column: string, value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = !formulaSafeColumns.has(column) && formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: StoredEnquiry[]): string {
  const lines = [csvColumns.join(',')];
  for (const row of rows) lines.push(csvColumns.map((column) => csvField(column, row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function toJson(rows: StoredEnquiry[]): string {
  return `${JSON.stringify(rows, null, 2)}\n`;
}

const tableColumns: Array<{ title: string; width: number; value: (row: StoredEnquiry) => string }> = [
  { title: 'Received (UTC)', width: 16, value: (row) => new Date(row.created_at).toISOString().slice(0, 16).replace('T', ' ') },
  { title: 'Name', width: 24, value: (row) => row.name },
  { title: 'Email', width: 32, value: (row) => row.email },
  { title: 'Company', width: 20, value: (row) => row.company ?? '' },
  { title: 'Phone', width: 18, value: (row) => row.phone ?? '' },
  { title: 'Service', width: 27, value: (row) => row.service ?? '' },
  { title: 'Message', width: 50, value: (row) => row.message },
];

function cell(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

export function toTable(rows: StoredEnquiry[]): string {
  const cells = [tableColumns.map((c) => c.title), ...rows.map((row) => tableColumns.map((c) => cell(c.value(row), c.width)))];
  const widths = tableColumns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  const render = (line: string[]) => line.map((text, i) => text.padEnd(widths[i]!)).join('  ').trimEnd();
  const [header, ...body] = cells;
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return `${[render(header!), rule, ...body.map(render)].join('\n')}\n`;
}
