/**
 * Staff export of contact form enquiries, newest first. Run `npm run enquiries -- --help`.
 */
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { localSupabasePort, localSupabaseUrl } from '../src/config/local-supabase.ts';
import { localSupabaseServiceRoleKey } from './local-backend/local-api-keys.ts';
import { responseTimeHours } from '../src/config/company.ts';
import { isOverdue, toCsv, toJson, toTable, type StoredEnquiry } from './enquiry-export/enquiry-export-format.ts';
import { ArgumentError, defaultPeriodDays, reportPeriod } from './enquiry-export/report-period.ts';
import { responseTimeReport } from './enquiry-export/response-time-report.ts';
import { reportCsv, reportJson, reportText } from './enquiry-export/response-time-report-format.ts';
import { readDataDir, readViaApi } from './enquiry-export/enquiry-sources.ts';
import { isListening } from './shared/ports.ts';
import { defaultDataDir } from './local-backend/repo-paths.ts';

const usage = `Usage: npm run enquiries -- [--json | --csv]
       npm run enquiries -- --report [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--time-zone ZONE] [--json | --csv]

Lists contact form enquiries, newest first, as an aligned table (default), JSON or CSV, each with
its age, its state (new; answered or closed, with who and when; OVERDUE when new for more than
${responseTimeHours} hours) and the state of its staff e-mail (sent, owed, retrying with the last error,
FAILED with the reason, or UNCONFIRMED when the notifier stopped after handing it to the mail server). JSON and CSV carry the state columns: state, state_changed_at, state_changed_by.

With --report, prints how the ${responseTimeHours}-hour reply promise was kept for the enquiries received in a
period: how many came in, were answered, closed and are still open, the median and worst time
to answer, and how many broke the promise, then the open ones past the promise, oldest first.
See docs/STAFF.md.

Source, in this order:
  1. SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY set: the hosted project (service role key).
  2. Something listening on ${localSupabaseUrl}: the local backend (npm run backend).
  3. Otherwise: the local data in .local-data/pglite, opened directly and only read.

Report period (whole days, both included, read in --time-zone):
  --from DATE       first day, YYYY-MM-DD (default: ${defaultPeriodDays} days before the end)
  --to DATE         last day, YYYY-MM-DD (default: up to now)
  --time-zone ZONE  IANA time zone the days are read and times shown in (default: UTC),
                    e.g. Asia/Kolkata, Europe/London, America/Chicago

Options:
  --report    print the response-time report instead of the list
  --json      print JSON (all columns)
  --csv       print CSV (RFC 4180), safe to open in a spreadsheet in any locale: text that could
              start a formula (= + - @, also full-width, even after spaces, at the start of a
              field or after a comma, semicolon, vertical bar, tab or line break in it) gets a ' before it and
              the field is quoted, so a phone number (+91 …) or a negative number shows a ' too
  -h, --help  show this help`;

class UsageError extends ArgumentError {}

async function readEnquiries(): Promise<StoredEnquiry[]> {
  const { SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: key } = process.env;
  if (url || key) {
    if (!url || !key) throw new UsageError('Set both SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, or neither.');
    console.error(`Reading enquiries from ${url}`);
    return readViaApi(url, key);
  }
  if (await isListening('127.0.0.1', localSupabasePort)) {
    console.error(`Reading enquiries from the local backend at ${localSupabaseUrl}`);
    return readViaApi(localSupabaseUrl, localSupabaseServiceRoleKey);
  }
  const where = relative(process.cwd(), defaultDataDir) || defaultDataDir;
  console.error(`No local backend on ${localSupabaseUrl}; reading ${where} directly (read only).`);
  const rows = await readDataDir(defaultDataDir);
  if (rows === 'no-data') {
    console.error('No enquiries stored locally yet: start `npm run backend` and send the contact form.');
    return [];
  }
  return rows;
}

/** "; 3 new (1 OVERDUE), 8 answered, 1 closed" */
function stateTotals(rows: StoredEnquiry[], now: Date): string {
  if (rows.length === 0 || rows.some((row) => row.state === undefined)) return '';
  const count = (state: string) => rows.filter((row) => row.state === state).length;
  const overdue = rows.filter((row) => isOverdue(row, now)).length;
  return `; ${count('new')} new${overdue ? ` (${overdue} OVERDUE)` : ''}, ${count('answered')} answered, ${count('closed')} closed`;
}

/** "; staff e-mails: 10 sent, 1 retrying, 1 FAILED (see the Staff e-mail column)" */
function notificationTotals(rows: StoredEnquiry[]): string {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const status = row.notification?.status;
    if (status) counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  if (counts.size === 0) return '';
  const words = { sent: 'sent', sending: 'sending', handed: 'UNCONFIRMED', pending: 'owed', failed: 'FAILED' } as const;
  const parts = (['sent', 'sending', 'handed', 'pending', 'failed'] as const).filter((s) => counts.has(s)).map((s) => `${counts.get(s)} ${words[s]}`);
  const advice = [
    ...(counts.has('handed') ? ['check the staff mailbox for the UNCONFIRMED: they are never sent again'] : []),
    ...(counts.has('failed') ? ['retry the FAILED with: select public.retry_failed_enquiry_notifications()'] : []),
  ];
  return `; staff e-mails: ${parts.join(', ')}${advice.length > 0 ? ` (${advice.join('; ')})` : ''}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      json: { type: 'boolean' },
      csv: { type: 'boolean' },
      report: { type: 'boolean' },
      from: { type: 'string' },
      to: { type: 'string' },
      'time-zone': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  if (values.json && values.csv) throw new UsageError('Choose one of --json and --csv.');
  const periodOptions = (['from', 'to', 'time-zone'] as const).filter((name) => values[name] !== undefined);
  if (!values.report && periodOptions.length > 0) {
    throw new UsageError(`--${periodOptions[0]} sets the report's period: add --report (npm run enquiries -- --report --${periodOptions[0]} …).`);
  }
  const now = new Date();
  // The period is checked before anything is read, so a typing mistake costs no request.
  const period = values.report ? reportPeriod({ from: values.from, to: values.to, timeZone: values['time-zone'] }, now) : undefined;
  const rows = await readEnquiries();
  if (period) {
    const report = responseTimeReport(rows, period, now);
    process.stdout.write((values.json ? reportJson : values.csv ? reportCsv : reportText)(report));
    return;
  }
  if (values.json) process.stdout.write(toJson(rows));
  else if (values.csv) process.stdout.write(toCsv(rows));
  else process.stdout.write(toTable(rows, now));
  if (!values.json && !values.csv) {
    console.error(`${rows.length} ${rows.length === 1 ? 'enquiry' : 'enquiries'}${stateTotals(rows, now)}${notificationTotals(rows)}`);
  }
}

main().catch((error: unknown) => {
  console.error(`enquiries: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof ArgumentError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error('Run with --help for usage.');
    process.exit(2);
  }
  process.exit(1);
});
