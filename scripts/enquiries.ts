/**
 * Staff list, response-time report and state changes of contact form enquiries. Run `npm run enquiries -- --help`.
 */
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { responseTimeHours } from '../src/config/company.ts';
import { localSupabasePort, localSupabaseUrl } from '../src/config/local-supabase.ts';
import { enquiryApi } from './enquiry-export/enquiry-api.ts';
import { toCsv, toJson, toTable, totals } from './enquiry-export/enquiry-export-format.ts';
import { reportCsv, reportJson, reportText } from './enquiry-export/response-time-report-format.ts';
import { ArgumentError, defaultPeriodDays, reportPeriod, responseTimeReport } from './enquiry-export/response-time-report.ts';
import { checkEnquiryId, operatorName, stateCommand, stateCommands } from './enquiry-export/state-commands.ts';
import { localSupabaseServiceRoleKey } from './local-backend/local-api-keys.ts';
import { defaultDataDir } from './local-backend/repo-paths.ts';
import { isListening } from './shared/ports.ts';
import { table } from './shared/table.ts';

/** Each option once: what parseArgs reads, and what --help says of it (`value`: the name of what it takes). */
const options = {
  json: { type: 'boolean', help: 'print JSON (all columns)' },
  csv: { type: 'boolean', help: 'print CSV (RFC 4180), safe to open in a spreadsheet in any locale (docs/OPERATIONS.md)' },
  report: { type: 'boolean', help: `how the ${responseTimeHours}-hour reply promise was kept for the enquiries received in a period` },
  from: { type: 'string', value: 'DATE', help: `the report's first day, YYYY-MM-DD (default: ${defaultPeriodDays} days before the end)` },
  to: { type: 'string', value: 'DATE', help: 'its last day, included (default: up to now)' },
  'time-zone': { type: 'string', value: 'ZONE', help: 'IANA time zone the days are read and times shown in (default: UTC), e.g. Asia/Kolkata' },
  answered: { type: 'string', value: 'ID', help: 'mark the enquiry answered; ID is its id, or its first 8 characters, as the Id column shows' },
  closed: { type: 'string', value: 'ID', help: 'mark it closed (it needs no answer: spam, a duplicate, a job application)' },
  undo: { type: 'string', value: 'ID', help: 'undo its latest change (by a link or this command), within 30 minutes of it' },
  history: { type: 'string', value: 'ID', help: 'list its changes: when, which, by whom, how, and whether undone' },
  as: { type: 'string', value: 'NAME', help: 'who is recorded for a change (default: git config user.name, else $USER)' },
  help: { type: 'boolean', short: 'h', help: 'show this help' },
} as const;

const optionHelp = Object.entries(options as Record<string, { short?: string; value?: string; help: string }>).map(([name, { short, value, help }]) => [
  `  ${short ? `-${short}, ` : ''}--${name}${value ? ` ${value}` : ''}`,
  help,
]);

const usage = `Usage: npm run enquiries -- [--json | --csv]
       npm run enquiries -- --report [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--time-zone ZONE] [--json | --csv]
       npm run enquiries -- --answered ID | --closed ID | --undo ID [--as NAME]
       npm run enquiries -- --history ID

Lists contact form enquiries, newest first, with their state and their staff e-mail's. It reads the hosted project
when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set, else the local backend on ${localSupabaseUrl}, else .local-data/.
docs/STAFF.md explains every column, figure, message and option.

Options:
${table(optionHelp, undefined, false).join('\n')}`;

/** Where the enquiries are (see the usage): a REST API and its key, and what to close after; undefined when nowhere yet. */
async function findSource(): Promise<{ url: string; key: string; close?: () => Promise<void> } | undefined> {
  const { SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: key } = process.env;
  if (url || key) {
    if (!url || !key) throw new ArgumentError('Set both SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, or neither.');
    console.error(`Using the enquiries of ${url}`);
    return { url, key };
  }
  if (await isListening('127.0.0.1', localSupabasePort)) {
    console.error(`Using the enquiries of the local backend at ${localSupabaseUrl}`);
    return { url: localSupabaseUrl, key: localSupabaseServiceRoleKey };
  }
  const where = relative(process.cwd(), defaultDataDir) || defaultDataDir;
  if (!existsSync(defaultDataDir)) {
    console.error(`No enquiries stored locally yet (${where} does not exist): start npm run backend and send the contact form.`);
    return undefined;
  }
  console.error(`No local backend on ${localSupabaseUrl}; using ${where} through a backend of this command's own.`);
  // Loaded only here: the stand-in's modules cost a start-up the other sources need not pay.
  const { startLocalBackend } = await import('./local-backend.ts');
  const backend = await startLocalBackend({ port: 0 });
  return { url: backend.url, key: localSupabaseServiceRoleKey, close: () => backend.close() };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options });
  if (values.help) {
    console.log(usage);
    return;
  }
  // Every argument is checked before anything is read or opened, so a typing mistake costs no request.
  const given = <Name extends keyof typeof values>(names: readonly Name[]) => names.filter((name) => values[name] !== undefined);
  const commands = given(stateCommands);
  const command = commands[0];
  if (commands.length > 1) throw new ArgumentError(`Choose one of --${commands.join(' and --')}.`);
  if (command) {
    const [other] = given(['report', 'json', 'csv', 'from', 'to', 'time-zone']);
    if (other) throw new ArgumentError(`--${command} takes no --${other}: run it on its own (npm run enquiries -- --${command} ID).`);
    if (command === 'history' && values.as !== undefined) throw new ArgumentError('--as names who made a change: --history changes nothing.');
  } else if (values.as !== undefined) {
    throw new ArgumentError('--as names who made a change: use it with --answered, --closed or --undo.');
  }
  const id = command ? checkEnquiryId(values[command]!, command) : '';
  if (values.json && values.csv) throw new ArgumentError('Choose one of --json and --csv.');
  const [periodOption] = given(['from', 'to', 'time-zone']);
  if (periodOption && !values.report) {
    throw new ArgumentError(`--${periodOption} sets the report's period: add --report (npm run enquiries -- --report --${periodOption} …).`);
  }
  const now = new Date();
  const period = values.report ? reportPeriod({ from: values.from, to: values.to, timeZone: values['time-zone'] }, now) : undefined;
  const by = command && command !== 'history' ? operatorName(values.as) : '';

  const source = await findSource();
  const api = source && enquiryApi(source.url, source.key);
  try {
    const rows = (await api?.enquiries()) ?? [];
    if (command) {
      if (!api) throw new Error('Nothing was changed: there are no enquiries yet.');
      process.stdout.write(await stateCommand(api, rows, command, id, by));
    } else if (period) {
      const report = responseTimeReport(rows, period, now, responseTimeHours, (await api?.closures()) ?? []);
      process.stdout.write((values.json ? reportJson : values.csv ? reportCsv : reportText)(report));
    } else {
      process.stdout.write(values.json ? toJson(rows) : values.csv ? toCsv(rows) : toTable(rows, now));
      if (!values.json && !values.csv) console.error(totals(rows, now));
    }
  } finally {
    await source?.close?.();
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
