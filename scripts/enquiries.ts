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
import { readClosuresViaApi, readDataDir, readFromDatabase, readViaApi } from './enquiry-export/enquiry-sources.ts';
import type { Closure } from '../supabase/functions/_shared/offices.ts';
import { apiStateStore, databaseStateStore, type SettableState, type StateStore } from './enquiry-export/state-changes.ts';
import { checkEnquiryId, findEnquiry, historyText, operatorName, setState, undoLatest } from './enquiry-export/state-commands.ts';
import { existsSync } from 'node:fs';
import { openLocalDatabase } from './local-backend/local-database.ts';
import { isListening } from './shared/ports.ts';
import { defaultDataDir, migrationsDir } from './local-backend/repo-paths.ts';

const usage = `Usage: npm run enquiries -- [--json | --csv]
       npm run enquiries -- --report [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--time-zone ZONE] [--json | --csv]
       npm run enquiries -- --answered ID | --closed ID | --undo ID [--as NAME]
       npm run enquiries -- --history ID

Lists contact form enquiries, newest first, as an aligned table (default), JSON or CSV, each with
its age, its state (new; answered or closed, with who and when; OVERDUE when new for more than
${responseTimeHours} hours) and the state of its staff e-mail (sent, owed, retrying with the last error,
FAILED with the reason, or UNCONFIRMED when the notifier stopped after handing it to the mail server). JSON and CSV carry the state columns: state, state_changed_at, state_changed_by.

With --report, prints how the ${responseTimeHours}-hour reply promise was kept for the enquiries received in a
period: how many came in, were answered, closed and are still open, the median and worst time
to answer, and how many broke the promise, then the open ones past the promise, oldest first.
See docs/STAFF.md.

With --answered or --closed, marks a new enquiry answered or closed (needs no answer), as the
staff e-mail's links do; with --undo, undoes its latest change (made by a link or this command)
if that was less than 30 minutes ago (enquiry_undo_window() in the database), so it is new again;
with --history, lists its changes: when, which, by whom, how, and whether undone. ID is the
enquiry's id, or its first 8 characters or more, as the list's Id column shows.

Source, in this order:
  1. SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY set: the hosted project (service role key).
  2. Something listening on ${localSupabaseUrl}: the local backend (npm run backend).
  3. Otherwise: the local data in .local-data/pglite, opened directly: only read for the list
     and the report; --answered, --closed, --undo and --history first apply any new migration,
     as the backend does.

Report period (whole days, both included, read in --time-zone):
  --from DATE       first day, YYYY-MM-DD (default: ${defaultPeriodDays} days before the end)
  --to DATE         last day, YYYY-MM-DD (default: up to now)
  --time-zone ZONE  IANA time zone the days are read and times shown in (default: UTC),
                    e.g. Asia/Kolkata, Europe/London, America/Chicago

Changing a state:
  --answered ID   mark the enquiry answered (a reply was sent)
  --closed ID     mark the enquiry closed (it needs no answer: spam, a duplicate, a job application)
  --undo ID       undo the enquiry's latest change, within 30 minutes of it
  --history ID    list the enquiry's changes
  --as NAME       who is recorded for a change (default: git config user.name, else $USER)

Options:
  --report    print the response-time report instead of the list
  --json      print JSON (all columns)
  --csv       print CSV (RFC 4180), safe to open in a spreadsheet in any locale: text that could
              start a formula (= + - @, also full-width, even after spaces, at the start of a
              field or after a comma, semicolon, vertical bar, tab or line break in it) gets a ' before it and
              the field is quoted, so a phone number (+91 …) or a negative number shows a ' too
  -h, --help  show this help`;

class UsageError extends ArgumentError {}

/** Every enquiry, and the company's declared closures the report's working clocks need. */
async function readEnquiries(): Promise<{ rows: StoredEnquiry[]; closures: Closure[] }> {
  const { SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: key } = process.env;
  const viaApi = async (from: string, serviceRoleKey: string) => ({
    rows: await readViaApi(from, serviceRoleKey),
    closures: await readClosuresViaApi(from, serviceRoleKey),
  });
  if (url || key) {
    if (!url || !key) throw new UsageError('Set both SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, or neither.');
    console.error(`Reading enquiries from ${url}`);
    return viaApi(url, key);
  }
  if (await isListening('127.0.0.1', localSupabasePort)) {
    console.error(`Reading enquiries from the local backend at ${localSupabaseUrl}`);
    return viaApi(localSupabaseUrl, localSupabaseServiceRoleKey);
  }
  const where = relative(process.cwd(), defaultDataDir) || defaultDataDir;
  console.error(`No local backend on ${localSupabaseUrl}; reading ${where} directly (read only).`);
  const stored = await readDataDir(defaultDataDir);
  if (stored === 'no-data') {
    console.error('No enquiries stored locally yet: start `npm run backend` and send the contact form.');
    return { rows: [], closures: [] };
  }
  return stored;
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

/** The enquiries and a way to change their states, from the same source as the list (see the usage). */
async function openStates(): Promise<{ rows: StoredEnquiry[]; store: StateStore; close: () => Promise<void> }> {
  const { SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: key } = process.env;
  const none = async () => {};
  if (url || key) {
    if (!url || !key) throw new UsageError('Set both SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, or neither.');
    console.error(`Using the enquiries of ${url}`);
    return { rows: await readViaApi(url, key), store: apiStateStore(url, key), close: none };
  }
  if (await isListening('127.0.0.1', localSupabasePort)) {
    console.error(`Using the enquiries of the local backend at ${localSupabaseUrl}`);
    return {
      rows: await readViaApi(localSupabaseUrl, localSupabaseServiceRoleKey),
      store: apiStateStore(localSupabaseUrl, localSupabaseServiceRoleKey),
      close: none,
    };
  }
  const where = relative(process.cwd(), defaultDataDir) || defaultDataDir;
  if (!existsSync(defaultDataDir))
    throw new Error(`No enquiries stored locally yet (${where} does not exist): start npm run backend and send the contact form.`);
  console.error(`No local backend on ${localSupabaseUrl}; using ${where} directly.`);
  const db = await openLocalDatabase({ dataDir: defaultDataDir, migrationsDir });
  return { rows: await readFromDatabase(db), store: databaseStateStore(db), close: () => db.close() };
}

async function changeState(command: 'answered' | 'closed' | 'undo' | 'history', id: string, as: string | undefined): Promise<void> {
  // Who and which enquiry are checked before anything is read or opened.
  const by = command === 'history' ? '' : operatorName(as);
  if (command === 'history' && as !== undefined) throw new UsageError('--as names who made a change: --history changes nothing.');
  checkEnquiryId(id, command);
  const { rows, store, close } = await openStates();
  try {
    const row = findEnquiry(rows, id, command);
    if (command === 'history') {
      process.stdout.write(historyText(row, await store.history(row.id), await store.undoWindowMinutes()));
    } else if (command === 'undo') {
      process.stdout.write(await undoLatest(store, row, by));
    } else {
      process.stdout.write(await setState(store, row, command as SettableState, by));
    }
  } finally {
    await close();
  }
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
      answered: { type: 'string' },
      closed: { type: 'string' },
      undo: { type: 'string' },
      history: { type: 'string' },
      as: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const commands = (['answered', 'closed', 'undo', 'history'] as const).filter((name) => values[name] !== undefined);
  if (commands.length > 0) {
    if (commands.length > 1) throw new UsageError(`Choose one of --${commands.join(' and --')}.`);
    const others = (['report', 'json', 'csv', 'from', 'to', 'time-zone'] as const).filter((name) => values[name] !== undefined);
    if (others.length > 0) throw new UsageError(`--${commands[0]} takes no --${others[0]}: run it on its own (npm run enquiries -- --${commands[0]} ID).`);
    return changeState(commands[0], values[commands[0]]!, values.as);
  }
  if (values.as !== undefined) throw new UsageError('--as names who made a change: use it with --answered, --closed or --undo.');
  if (values.json && values.csv) throw new UsageError('Choose one of --json and --csv.');
  const periodOptions = (['from', 'to', 'time-zone'] as const).filter((name) => values[name] !== undefined);
  if (!values.report && periodOptions.length > 0) {
    throw new UsageError(`--${periodOptions[0]} sets the report's period: add --report (npm run enquiries -- --report --${periodOptions[0]} …).`);
  }
  const now = new Date();
  // The period is checked before anything is read, so a typing mistake costs no request.
  const period = values.report ? reportPeriod({ from: values.from, to: values.to, timeZone: values['time-zone'] }, now) : undefined;
  const { rows, closures } = await readEnquiries();
  if (period) {
    const report = responseTimeReport(rows, period, now, responseTimeHours, closures);
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
