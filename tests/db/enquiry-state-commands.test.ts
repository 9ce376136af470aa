/**
 * `npm run enquiries -- --answered | --closed | --undo | --history`, run as staff run it (a Node process of
 * scripts/enquiries.ts) against the local backend on seeded enquiries: a change is recorded with the operator's name
 * and can be undone within the window, once; history lists every change aligned; every refusal says what to do and
 * exits non-zero.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSupabaseServiceRoleKey } from '../../scripts/local-backend/local-api-keys.ts';
import { openLocalDatabase } from '../../scripts/local-backend/local-database.ts';
import { migrationsDir } from '../../scripts/local-backend/repo-paths.ts';
import { startLocalBackend } from '../../scripts/local-backend.ts';

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

describe('npm run enquiries refuses a state command it cannot run, before reading anything', () => {
  it.each([
    [['--answered', 'abc'], /--answered "abc" is not an enquiry's id: give the id, or its first 8 characters/],
    [['--undo', '3f2a9c1b', '--closed', '3f2a9c1b'], /Choose one of --closed and --undo/],
    [['--history', '3f2a9c1b', '--json'], /--history takes no --json/],
    [['--answered', '3f2a9c1b', '--as', '  '], /--as needs a name/],
    [['--as', 'Priya'], /--as names who made a change: use it with --answered, --closed or --undo/],
  ])('%j', async (args, message) => {
    const { stderr, stdout, code } = await enquiries(args);
    expect(stderr).toMatch(message);
    expect(stderr).toContain('Run with --help for usage.');
    expect(stdout).toBe('');
    expect(code).toBe(2);
  });
});

describe('npm run enquiries changes states on the local backend', () => {
  const asha = randomUUID();
  const late = randomUUID();
  let dataDir: string;
  let backend: Awaited<ReturnType<typeof startLocalBackend>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'enquiry-states-'));
    const db = await openLocalDatabase({ dataDir, migrationsDir });
    const insert = `insert into public.contact_submissions (id, name, email, company, message) values ($1, $2, $3, 'Acme Pvt Ltd', 'Hello')`;
    await db.query(insert, [asha, 'Asha Rao', 'asha@example.com']);
    await db.query(insert, [late, 'Bilal Khan', 'bilal@example.com']);
    // Bilal's enquiry was answered 31 minutes ago: past the undo window.
    await db.query(`select public.record_enquiry_state($1, 'answered', 'Priya', 'link')`, [late]);
    await db.query(`update public.enquiry_events set at = now() - interval '31 minutes' where enquiry_id = $1`, [late]);
    await db.close();
    backend = await startLocalBackend({ port: 0, dataDir });
    env = { SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: localSupabaseServiceRoleKey };
  });
  afterAll(async () => {
    await backend?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  // Each step runs a new Node process that loads its TypeScript and supabase-js: seconds each on a loaded machine.
  const manyRuns = { timeout: 240_000 };
  const short = asha.slice(0, 8);

  it('the list shows the short id each command takes', manyRuns, async () => {
    const { stdout, code } = await enquiries([], env);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^Id {8}Received \(UTC\)/);
    expect(lines.find((line) => line.includes('Asha Rao'))).toMatch(new RegExp(`^${short}  `));
  });

  it('marks answered with the name given, refuses a second change, undoes once, and lists the history', manyRuns, async () => {
    const answered = await enquiries(['--answered', short, '--as', 'Priya Sharma'], env);
    expect(answered.stderr).not.toMatch(/^enquiries:/m);
    expect(answered.code).toBe(0);
    expect(answered.stdout).toMatch(
      new RegExp(`^Marked answered: Asha Rao \\(Acme Pvt Ltd, ${short}\\), by Priya Sharma, \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\.$`, 'm'),
    );
    expect(answered.stdout).toMatch(new RegExp(`^Wrong one\\? Undo it until .* UTC: npm run enquiries -- --undo ${short}$`, 'm'));

    const closed = await enquiries(['--closed', asha, '--as', 'Ravi'], env);
    expect(closed.code).toBe(1);
    expect(closed.stderr).toMatch(
      /enquiries: Nothing was changed: Asha Rao \(Acme Pvt Ltd, \w{8}\) is already answered .* by Priya Sharma\. To change it, undo that first/,
    );

    const undone = await enquiries(['--undo', short, '--as', 'Ravi'], env);
    expect(undone.code).toBe(0);
    expect(undone.stdout).toMatch(
      /^Undone: Asha Rao \(Acme Pvt Ltd, \w{8}\) is new again \(it had been marked answered by Priya Sharma .* UTC, with npm run enquiries\)\.$/m,
    );

    const again = await enquiries(['--undo', short, '--as', 'Ravi'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/enquiries: Nothing to undo: Asha Rao \(Acme Pvt Ltd, \w{8}\) has no change to undo; it is new\./);

    expect((await enquiries(['--closed', short, '--as', 'Ravi'], env)).code).toBe(0);
    const history = await enquiries(['--history', short], env);
    expect(history.code).toBe(0);
    const lines = history.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^History of Asha Rao \(Acme Pvt Ltd, \w{8}\), received .* UTC, now closed:$/);
    expect(lines[1]).toMatch(/^When {2,}Change {2,}By {2,}How {2,}Undone$/);
    expect(lines[3]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC {2}new → answered {2}Priya Sharma {2}npm run enquiries {2}undone .* UTC by Ravi$/);
    expect(lines[4]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC {2}new → closed {4}Ravi {10}npm run enquiries {2}can be undone until .* UTC$/);
    // Aligned: each column starts where its title does.
    for (const title of ['Change', 'By', 'How', 'Undone']) {
      const at = lines[1]!.indexOf(title);
      expect(lines[3]![at - 1], title).toBe(' ');
      expect(lines[3]![at], title).not.toBe(' ');
      expect(lines[4]![at], title).not.toBe(' ');
    }
  });

  it('refuses to undo a change older than the window, and names an unknown id', manyRuns, async () => {
    const tooLate = await enquiries(['--undo', late.slice(0, 8), '--as', 'Ravi'], env);
    expect(tooLate.code).toBe(1);
    expect(tooLate.stderr).toMatch(
      /enquiries: Too late to undo: Bilal Khan \(Acme Pvt Ltd, \w{8}\) was marked answered by Priya .* UTC, from an e-mail link, and a change can be undone for 30 minutes only\. It stays answered; nothing was changed\./,
    );
    const unknown = await enquiries(['--history', 'ffffffff'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/enquiries: No enquiry has an id starting ffffffff: copy it from the Id column of npm run enquiries/);
    const state = JSON.parse((await enquiries(['--json'], env)).stdout) as Array<{ id: string; state: string }>;
    expect(state.find((row) => row.id === late)).toMatchObject({ state: 'answered' });
  });
});
