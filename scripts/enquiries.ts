/**
 * Staff export of contact form enquiries, newest first. Run `npm run enquiries -- --help`.
 */
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { localSupabasePort, localSupabaseUrl } from '../src/config/local-supabase.ts';
import { localSupabaseServiceRoleKey } from './local-backend/local-api-keys.ts';
import { toCsv, toJson, toTable, type StoredEnquiry } from './enquiry-export/enquiry-export-format.ts';
import { readDataDir, readViaApi } from './enquiry-export/enquiry-sources.ts';
import { isListening } from './shared/ports.ts';
import { defaultDataDir } from './local-backend/repo-paths.ts';

const usage = `Usage: npm run enquiries -- [--json | --csv]

Lists contact form enquiries, newest first, as an aligned table (default), JSON or CSV, each with
the state of its staff e-mail (sent, owed, retrying with the last error, or FAILED with the reason).

Source, in this order:
  1. SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY set: the hosted project (service role key).
  2. Something listening on ${localSupabaseUrl}: the local backend (npm run backend).
  3. Otherwise: the local data in .local-data/pglite, opened directly and only read.

Options:
  --json      print JSON (all columns)
  --csv       print CSV (RFC 4180), safe to open in a spreadsheet in any locale: text that could
              start a formula (= + - @, also full-width, even after spaces, at the start of a
              field or after a comma, semicolon, vertical bar, tab or line break in it) gets a ' before it and
              the field is quoted, so a phone number (+91 …) or a negative number shows a ' too
  -h, --help  show this help`;

class UsageError extends Error {}

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

/** "; staff e-mails: 10 sent, 1 retrying, 1 FAILED (see the Staff e-mail column)" */
function notificationTotals(rows: StoredEnquiry[]): string {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const status = row.notification?.status;
    if (status) counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  if (counts.size === 0) return '';
  const words = { sent: 'sent', sending: 'sending', pending: 'owed', failed: 'FAILED' } as const;
  const parts = (['sent', 'sending', 'pending', 'failed'] as const).filter((s) => counts.has(s)).map((s) => `${counts.get(s)} ${words[s]}`);
  return `; staff e-mails: ${parts.join(', ')}${counts.has('failed') ? ' (retry them with: select public.retry_failed_enquiry_notifications())' : ''}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { json: { type: 'boolean' }, csv: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  if (values.json && values.csv) throw new UsageError('Choose one of --json and --csv.');
  const rows = await readEnquiries();
  const format = values.json ? toJson : values.csv ? toCsv : toTable;
  process.stdout.write(format(rows));
  if (!values.json && !values.csv) console.error(`${rows.length} ${rows.length === 1 ? 'enquiry' : 'enquiries'}${notificationTotals(rows)}`);
}

main().catch((error: unknown) => {
  console.error(`enquiries: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error('Run with --help for usage.');
    process.exit(2);
  }
  process.exit(1);
});
