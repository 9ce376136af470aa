/**
 * The response-time report (`npm run enquiries -- --report`) on seeded enquiries, on PGlite and (with DATABASE_URL)
 * PostgreSQL 15: its counts, median, worst and broken-promise count equal what this file works out from the seed by
 * itself, for periods with an even and an odd number of answers, an empty period, and enquiries on a period's edges.
 * Then the command itself, through the REST API of the local backend, as staff run it.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseTimeHours } from '../../src/config/company.ts';
import { reportPeriod, responseTimeReport } from '../../scripts/enquiry-export/response-time-report.ts';
import { reportCsv, reportJson, reportText } from '../../scripts/enquiry-export/response-time-report-format.ts';
import { localSupabaseServiceRoleKey } from '../../scripts/local-backend/local-api-keys.ts';
import { openLocalDatabase } from '../../scripts/local-backend/local-database.ts';
import { migrationsDir } from '../../scripts/local-backend/repo-paths.ts';
import { startLocalBackend } from '../../scripts/local-backend.ts';
import { storedEnquiries } from './support/stored-enquiries.ts';
import { databaseTargets, openMigrated, type TestDatabase } from './support/test-databases.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

interface Seed {
  label: string;
  created: string | number;
  state: 'new' | 'answered' | 'closed';
  /** Milliseconds from arrival to the answer or close. */
  after?: number;
}

/** Stores the seed as the service would have (states set as set_enquiry_state would have set them, at chosen times). */
async function seed(db: { query(sql: string, params?: unknown[]): Promise<unknown> }, enquiries: Seed[]): Promise<void> {
  for (const [i, enquiry] of enquiries.entries()) {
    const created = new Date(enquiry.created);
    const changed = enquiry.state === 'new' ? null : new Date(created.getTime() + enquiry.after!);
    await db.query(
      `insert into public.contact_submissions (id, name, email, company, message, created_at, state, state_changed_at, state_changed_by)
       values ($1, $2, $3, 'Acme', 'Hello', $4, $5, $6, $7)`,
      [randomUUID(), enquiry.label, `seed${i}@example.com`, created.toISOString(), enquiry.state, changed?.toISOString() ?? null, changed ? 'Priya' : null],
    );
  }
}

/** What the report must say, worked out here from the seed alone. */
function expected(enquiries: Seed[], start: number, end: number, now: number) {
  const promise = responseTimeHours * hour;
  const inPeriod = enquiries.filter((e) => new Date(e.created).getTime() >= start && new Date(e.created).getTime() < end);
  const times = inPeriod.filter((e) => e.state === 'answered').map((e) => e.after!);
  times.sort((a, b) => a - b);
  const n = times.length;
  const open = inPeriod.filter((e) => e.state === 'new');
  const overdue = open.filter((e) => now - new Date(e.created).getTime() > promise);
  overdue.sort((a, b) => new Date(a.created).getTime() - new Date(b.created).getTime());
  return {
    received: inPeriod.length,
    answered: n,
    closed: inPeriod.filter((e) => e.state === 'closed').length,
    open: open.length,
    median: n === 0 ? null : n % 2 === 1 ? times[(n - 1) / 2]! : (times[n / 2 - 1]! + times[n / 2]!) / 2,
    worst: n === 0 ? null : times[n - 1]!,
    answeredLate: times.filter((t) => t > promise).length,
    overdue: overdue.map((e) => e.label),
    broken: times.filter((t) => t > promise).length + overdue.length,
  };
}

describe.each(databaseTargets)('the response-time report on $label', ({ open }) => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const enquiries: Seed[] = [
    { label: 'before November, answered in 40 h', created: '2026-10-31T23:59:59.999Z', state: 'answered', after: 40 * hour },
    { label: 'first instant of November', created: '2026-11-01T00:00:00.000Z', state: 'answered', after: 2 * hour },
    { label: 'answered in 10 min', created: '2026-11-03T08:00:00Z', state: 'answered', after: 10 * minute },
    { label: 'open since 5 November', created: '2026-11-05T09:00:00Z', state: 'new' },
    { label: 'answered in 5 h 30', created: '2026-11-06T10:00:00Z', state: 'answered', after: 5.5 * hour },
    { label: 'closed after 48 h', created: '2026-11-08T10:00:00Z', state: 'closed', after: 48 * hour },
    { label: 'answered in exactly 24 h', created: '2026-11-10T10:00:00Z', state: 'answered', after: 24 * hour },
    { label: 'answered a second late', created: '2026-11-12T10:00:00Z', state: 'answered', after: 24 * hour + 1000 },
    { label: 'answered in 30 h', created: '2026-11-15T10:00:00Z', state: 'answered', after: 30 * hour },
    { label: 'closed after 1 h', created: '2026-11-18T10:00:00Z', state: 'closed', after: hour },
    { label: 'last instant of 20 November', created: '2026-11-20T23:59:59.999Z', state: 'new' },
    { label: 'first instant of 21 November', created: '2026-11-21T00:00:00.000Z', state: 'new' },
    { label: 'answered in 50 h', created: '2026-11-25T00:00:00Z', state: 'answered', after: 50 * hour },
    { label: 'open for 25 h', created: now - 25 * hour, state: 'new' },
    { label: 'open for 3 h', created: now - 3 * hour, state: 'new' },
  ];

  let db: TestDatabase;
  beforeAll(async () => {
    ({ db } = await openMigrated(open));
    await seed(db, enquiries);
  });
  afterAll(async () => {
    await db?.close();
  });

  const periods = [
    {
      name: '1 to 20 November (UTC): six answered, an even count, and both edges',
      options: { from: '2026-11-01', to: '2026-11-20' },
      start: '2026-11-01T00:00:00Z',
      end: '2026-11-21T00:00:00Z',
    },
    {
      name: '1 to 12 November: five answered, an odd count',
      options: { from: '2026-11-01', to: '2026-11-12' },
      start: '2026-11-01T00:00:00Z',
      end: '2026-11-13T00:00:00Z',
    },
    {
      name: '1 to 20 November in India (UTC+05:30), which moves both edges',
      options: { from: '2026-11-01', to: '2026-11-20', timeZone: 'Asia/Kolkata' },
      start: '2026-10-31T18:30:00Z',
      end: '2026-11-20T18:30:00Z',
    },
    {
      name: 'October in London, whose clocks go back on the 25th (UTC+01:00, then UTC)',
      options: { from: '2026-10-01', to: '2026-10-31', timeZone: 'Europe/London' },
      start: '2026-09-30T23:00:00Z',
      end: '2026-11-01T00:00:00Z',
    },
    { name: 'the last 30 days (the default)', options: {}, start: '2026-10-28T12:00:00Z', end: '2026-11-27T12:00:00Z' },
    { name: 'September, when nothing came in', options: { from: '2026-09-01', to: '2026-09-30' }, start: '2026-09-01T00:00:00Z', end: '2026-10-01T00:00:00Z' },
  ];

  it.each(periods)('$name', async ({ options, start, end }) => {
    const period = reportPeriod(options, new Date(now));
    expect([period.start.toISOString(), period.end.toISOString()]).toEqual([new Date(start).toISOString(), new Date(end).toISOString()]);
    const report = responseTimeReport(await storedEnquiries(db), period, new Date(now));
    const want = expected(enquiries, Date.parse(start), Date.parse(end), now);
    expect({
      received: report.received,
      answered: report.answered,
      closed: report.closed,
      open: report.open,
      median: report.medianTimeToAnswerMs,
      worst: report.worstTimeToAnswerMs,
      answeredLate: report.answeredLate,
      overdue: report.openPastPromise.map((e) => e.name),
      broken: report.brokenPromise,
    }).toEqual(want);
  });

  it('gives the figures a manager would count by hand for 1 to 20 November', async () => {
    const report = responseTimeReport(await storedEnquiries(db), reportPeriod({ from: '2026-11-01', to: '2026-11-20' }, new Date(now)), new Date(now));
    // 10 min, 2 h, 5 h 30, 24 h, 24 h 1 s, 30 h: the median is halfway between 5 h 30 and 24 h.
    expect(report).toMatchObject({ received: 10, answered: 6, closed: 2, open: 2, medianTimeToAnswerMs: 14.75 * hour, worstTimeToAnswerMs: 30 * hour });
    expect(report).toMatchObject({ answeredLate: 2, brokenPromise: 4 });
    expect(report.openPastPromise.map((e) => e.name)).toEqual(['open since 5 November', 'last instant of 20 November']);

    const text = reportText(report);
    expect(text).toContain('Enquiries received 2026-11-01 to 2026-11-20 (whole days, UTC), states as of 2026-11-27 12:00.');
    expect(text).toMatch(/^Received {2,}10$/m);
    expect(text).toMatch(/^ {2}Answered {2,}6$/m);
    expect(text).toMatch(/^ {2}Closed, no answer needed {2,}2$/m);
    expect(text).toMatch(/^ {2}Still open {2,}2$/m);
    expect(text).toMatch(/^ {2}Median {2,}14 h 45 min$/m);
    expect(text).toMatch(/^ {2}Worst {2,}30 h 00 min$/m);
    expect(text).toMatch(/^Broke the 24-hour promise {2,}4$/m);
    expect(text.replace(/\n/g, ' ')).toContain('answered more than 24 hours after it came in, or is still open more than 24 hours after it came in.');
    // The figures end in one column.
    const figureLines = text
      .slice(0, text.indexOf('By answering office'))
      .split('\n')
      .filter((line) => / {2}(\d+|\d+ h \d\d min)$/.test(line));
    expect(figureLines).toHaveLength(9);
    expect(new Set(figureLines.map((line) => line.length)).size).toBe(1);
    const list = text.slice(text.indexOf('Open past the promise, oldest first:')).split('\n');
    expect(list[1]).toMatch(/^Received \(UTC\)\s+Open for\s+Name\s+Company\s+Email$/);
    expect(list[3]).toMatch(/^2026-11-05 09:00 {2}22 d 3 h\s+open since 5 November\s+Acme\s+seed3@example\.com$/);
    expect(list[4]).toMatch(/^2026-11-20 23:59 {2}6 d 12 h\s+last instant of 20 November/);

    expect(JSON.parse(reportJson(report))).toMatchObject({
      period_start: '2026-11-01T00:00:00.000Z',
      period_end: '2026-11-21T00:00:00.000Z',
      time_zone: 'UTC',
      received: 10,
      answered: 6,
      closed: 2,
      open: 2,
      median_time_to_answer_seconds: 14.75 * 3600,
      worst_time_to_answer_seconds: 30 * 3600,
      broken_promise: 4,
      answered_late: 2,
      open_past_promise: 2,
      open_past_promise_enquiries: [{ name: 'open since 5 November', age_seconds: (now - Date.parse('2026-11-05T09:00:00Z')) / 1000 }, {}],
    });
    const csv = Object.fromEntries(
      reportCsv(report)
        .trimEnd()
        .split('\r\n')
        .map((line) => [line.slice(0, line.indexOf(',')), line.slice(line.indexOf(',') + 1)]),
    );
    expect(csv).toMatchObject({
      figure: 'value',
      received: '10',
      median_time_to_answer_seconds: '53100',
      worst_time_to_answer_seconds: '108000',
      broken_promise: '4',
    });
  });

  it('an empty period says so, with no median or worst', async () => {
    const report = responseTimeReport(await storedEnquiries(db), reportPeriod({ from: '2026-09-01', to: '2026-09-30' }, new Date(now)), new Date(now));
    const text = reportText(report);
    expect(text).toMatch(/^Received {2,}0$/m);
    expect(text).toMatch(/^ {2}Median {2,}-$/m);
    expect(text).toMatch(/^Broke the 24-hour promise {2,}0$/m);
    expect(text).toContain('No enquiries came in during this period.');
    expect(JSON.parse(reportJson(report))).toMatchObject({ received: 0, median_time_to_answer_seconds: null, worst_time_to_answer_seconds: null });
    expect(reportCsv(report)).toContain('\r\nmedian_time_to_answer_seconds,\r\n');
  });
});

const run = promisify(execFile);

/** `npm run enquiries -- …args` as staff run it, its output and exit code. */
async function enquiries(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/enquiries.ts', ...args], { env: { ...process.env, ...env }, timeout: 60_000 });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

describe('npm run enquiries', () => {
  it.each([
    [['--report', '--from', '2026-11-31'], /--from "2026-11-31" is not a date: write it as YYYY-MM-DD, for example --from 2026-11-01\./],
    [['--report', '--to', '30/11/2026'], /--to "30\/11\/2026" is not a date: write it as YYYY-MM-DD/],
    [['--report', '--from', '2026-12-01', '--to', '2026-11-30'], /--from 2026-12-01 is after --to 2026-11-30/],
    [['--report', '--time-zone', 'Asia/Noida'], /--time-zone "Asia\/Noida" is not a time zone: write an IANA name such as UTC, Asia\/Kolkata/],
    [['--from', '2026-11-01'], /--from sets the report's period: add --report/],
    [['--report', '--json', '--csv'], /Choose one of --json and --csv/],
  ])('refuses %j, naming the argument and what to write', async (args, message) => {
    const { stderr, stdout, code } = await enquiries(args);
    expect(stderr).toMatch(message);
    expect(stderr).toContain('Run with --help for usage.');
    expect(stdout).toBe('');
    expect(code).toBe(2);
  });

  describe('on the local backend, with seeded enquiries', () => {
    const now = Date.now();
    const enquiries_: Seed[] = [
      { label: 'Older than the period', created: now - 31 * day, state: 'answered', after: 100 * hour },
      { label: 'Asha', created: now - 29 * day, state: 'answered', after: 3 * hour },
      { label: 'Bilal', created: now - 20 * day, state: 'answered', after: 26 * hour },
      { label: 'Chen', created: now - 10 * day, state: 'closed', after: 50 * hour },
      { label: 'Divya', created: now - 5 * day, state: 'answered', after: hour },
      { label: 'Erik', created: now - 3 * day, state: 'answered', after: 20 * hour },
      { label: 'Fatima', created: now - 2 * day, state: 'new' },
      { label: 'Gopal', created: now - 25 * hour, state: 'new' },
      { label: 'Hana', created: now - 3 * hour, state: 'new' },
    ];
    let dataDir: string;
    let backend: Awaited<ReturnType<typeof startLocalBackend>>;
    let env: Record<string, string>;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'enquiry-report-'));
      const db = await openLocalDatabase({ dataDir, migrationsDir });
      await seed(db, enquiries_);
      await db.close();
      backend = await startLocalBackend({ port: 0, dataDir });
      env = { SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: localSupabaseServiceRoleKey };
    });
    afterAll(async () => {
      await backend?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    // Each of these runs npm run enquiries three times, a new Node process each that loads its TypeScript and
    // supabase-js: about 1 core-second each, many times that on a loaded 2-core machine.
    const threeRuns = { timeout: 120_000 };

    it('--report prints the counts, median and worst time to answer and the broken promises of the last 30 days', threeRuns, async () => {
      const want = expected(enquiries_, now - 30 * day, now, now);
      // The margins are hours, so the seconds between seeding and running the command change nothing.
      expect(want).toMatchObject({ received: 8, answered: 4, median: 11.5 * hour, worst: 26 * hour, broken: 3, overdue: ['Fatima', 'Gopal'] });
      const { stdout, code } = await enquiries(['--report'], env);
      expect(code).toBe(0);
      const hm = (ms: number) => `${Math.floor(ms / hour)} h ${String(Math.floor((ms % hour) / minute)).padStart(2, '0')} min`;
      expect(stdout).toMatch(new RegExp(`^Received {2,}${want.received}$`, 'm'));
      expect(stdout).toMatch(new RegExp(`^ {2}Answered {2,}${want.answered}$`, 'm'));
      expect(stdout).toMatch(new RegExp(`^ {2}Closed, no answer needed {2,}${want.closed}$`, 'm'));
      expect(stdout).toMatch(new RegExp(`^ {2}Still open {2,}${want.open}$`, 'm'));
      expect(stdout).toMatch(new RegExp(`^ {2}Median {2,}${hm(want.median!)}$`, 'm'));
      expect(stdout).toMatch(new RegExp(`^ {2}Worst {2,}${hm(want.worst!)}$`, 'm'));
      expect(stdout).toMatch(new RegExp(`^Broke the 24-hour promise {2,}${want.broken}$`, 'm'));
      expect(stdout).toMatch(new RegExp(`^ {2}Answered after more than 24 hours {2,}${want.answeredLate}$`, 'm'));
      expect(stdout).toMatch(new RegExp(`^ {2}Still open after more than 24 hours {2,}${want.overdue.length}$`, 'm'));
      const list = stdout.slice(stdout.indexOf('Open past the promise, oldest first:')).split('\n\n')[0]!.trimEnd().split('\n');
      expect(list.slice(3).map((line) => line.split(/ {2,}/)[2])).toEqual(want.overdue);

      const json = JSON.parse((await enquiries(['--report', '--json'], env)).stdout);
      expect(json).toMatchObject({
        received: want.received,
        answered: want.answered,
        closed: want.closed,
        open: want.open,
        median_time_to_answer_seconds: want.median! / 1000,
        worst_time_to_answer_seconds: want.worst! / 1000,
        broken_promise: want.broken,
      });
      const csv = (await enquiries(['--report', '--csv'], env)).stdout;
      expect(csv).toContain(`\r\nreceived,${want.received}\r\n`);
      expect(csv).toContain(`\r\nmedian_time_to_answer_seconds,${want.median! / 1000}\r\n`);
      expect(csv).toContain(`\r\nbroken_promise,${want.broken}\r\n`);
    });

    it('the list shows each enquiry state and age, and the exports carry the state columns', threeRuns, async () => {
      const { stdout, stderr } = await enquiries([], env);
      const lines = stdout.split('\n');
      expect(lines[0]).toMatch(/^Id\s+Received \(UTC\)\s+Age\s+State\s+Name\s+Email/);
      const line = (name: string) => lines.find((l) => l.includes(` ${name} `))!;
      expect(line('Hana')).toMatch(/ 3 h 0\d min {2,}new {2,}Hana /);
      expect(line('Gopal')).toMatch(/ 25 h 0\d min {2,}new, OVERDUE \(over 24 h\) {2,}Gopal /);
      expect(line('Erik')).toMatch(/ 3 d 0 h {2,}answered \d{4}-\d\d-\d\d \d\d:\d\d by Priya, after 20 h 00 min {2,}Erik /);
      expect(line('Chen')).toMatch(/ closed \d{4}-\d\d-\d\d \d\d:\d\d by Priya {2,}Chen /);
      expect(stderr).toMatch(/9 enquiries; 3 new \(2 OVERDUE\), 5 answered, 1 closed/);

      const rows = JSON.parse((await enquiries(['--json'], env)).stdout) as Array<Record<string, unknown>>;
      const erik = rows.find((row) => row.name === 'Erik')!;
      expect(erik).toMatchObject({ state: 'answered', state_changed_by: 'Priya' });
      expect(Date.parse(erik.state_changed_at as string) - Date.parse(erik.created_at as string)).toBe(20 * hour);
      expect(rows.find((row) => row.name === 'Hana')).toMatchObject({ state: 'new', state_changed_at: null, state_changed_by: null });

      const csv = (await enquiries(['--csv'], env)).stdout.split('\r\n');
      // The answering office, the visitor's zone and the due time come last (none asked for here; the due time is set
      // once the notifier dates the enquiry).
      expect(csv[0]).toMatch(/,state,state_changed_at,state_changed_by,office,visitor_time_zone,due_at$/);
      expect(csv.find((l) => l.includes(',Chen,'))).toMatch(/,closed,[^,]+,Priya,,,[^,]*$/);
      expect(csv.find((l) => l.includes(',Hana,'))).toMatch(/,new,,,,,[^,]*$/);
    });
  });
});
