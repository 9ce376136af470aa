/**
 * Each change of an enquiry's state as an event, and undoing it, in SQL on PGlite and (with DATABASE_URL) PostgreSQL
 * 15 (supabase/migrations/20261206110000_enquiry_events.sql): a change records who, when and how; the latest change
 * can be undone within the window, once; visitors can neither read events nor call anything, even on an old project
 * that grants everything by default.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../scripts/local-backend/repo-paths.ts';
import { createSupabaseRoles, databaseTargets, oldPermissiveDefaults, openMigrated, queryAs, type TestDatabase } from './support/test-databases.ts';

const insertSql = `insert into public.contact_submissions (id, name, email, company, phone, service, message)
  values ($1, 'Asha Rao', $2, 'Acme Pvt Ltd', null, 'Cloud Infrastructure', 'We would like to move our ERP to the cloud.')`;

interface Recorded {
  state: string;
  state_changed_by: string | null;
  changed: boolean;
  event_id: string | null;
}

interface EventRow {
  kind: string;
  from_value: string | null;
  to_value: string | null;
  by: string;
  via: string;
  undone_by: string | null;
}

describe.each(databaseTargets)('enquiry events on $label', ({ open }) => {
  describe.each([
    { grants: 'explicit grants', setup: '' },
    { grants: 'the old permissive defaults', setup: oldPermissiveDefaults },
  ])('with $grants', ({ setup }) => {
    let db: TestDatabase;

    beforeAll(async () => {
      ({ db } = await openMigrated(open, setup));
    });

    afterAll(async () => {
      await db?.close();
    });

    async function storeEnquiry(): Promise<string> {
      const id = randomUUID();
      await queryAs(db, 'anon', insertSql, [id, `visitor.${id.slice(0, 8)}@example.com`]);
      return id;
    }

    const record = async (id: string, state: string, by: string, via = 'command') =>
      (await queryAs<Recorded>(db, 'service_role', 'select * from public.record_enquiry_state($1, $2, $3, $4)', [id, state, by, via]))[0];
    const undo = async (event: string | null, by: string) =>
      (await queryAs<{ result: string }>(db, 'service_role', 'select public.undo_enquiry_event($1, $2) as result', [event, by]))[0]!.result;
    const stateOf = async (id: string) =>
      (
        await queryAs<{ state: string; state_changed_at: Date | null; state_changed_by: string | null }>(
          db,
          'service_role',
          'select state, state_changed_at, state_changed_by from public.contact_submissions where id = $1',
          [id],
        )
      )[0];
    const eventsOf = (id: string) =>
      queryAs<EventRow>(
        db,
        'service_role',
        'select kind, from_value, to_value, by, via, undone_by from public.enquiry_events where enquiry_id = $1 order by id',
        [id],
      );

    it('a change records an event with who and how; a change that changes nothing records none', async () => {
      const id = await storeEnquiry();
      const first = await record(id, 'answered', 'Priya', 'command');
      expect(first).toMatchObject({ state: 'answered', state_changed_by: 'Priya', changed: true });
      expect(first!.event_id).not.toBeNull();
      expect(await record(id, 'closed', 'Ravi', 'link')).toMatchObject({ state: 'answered', changed: false, event_id: null });
      expect(await eventsOf(id)).toEqual([{ kind: 'state', from_value: 'new', to_value: 'answered', by: 'Priya', via: 'command', undone_by: null }]);
      expect(await record(randomUUID(), 'answered', 'Priya')).toBeUndefined();
    });

    it('set_enquiry_state still works, recorded as a link', async () => {
      const id = await storeEnquiry();
      const [row] = await queryAs<{ changed: boolean }>(db, 'service_role', 'select * from public.set_enquiry_state($1, $2, $3)', [id, 'closed', 'Priya']);
      expect(row).toMatchObject({ state: 'closed', changed: true });
      expect(await eventsOf(id)).toEqual([expect.objectContaining({ to_value: 'closed', via: 'link', by: 'Priya' })]);
    });

    it('undoing the latest change makes the enquiry new again, once; it can then be changed again', async () => {
      const id = await storeEnquiry();
      const { event_id: event } = (await record(id, 'closed', 'Priya'))!;
      expect(await undo(event, 'Ravi')).toBe('undone');
      expect(await stateOf(id)).toEqual({ state: 'new', state_changed_at: null, state_changed_by: null });
      expect(await undo(event, 'Ravi')).toBe('already-undone');
      expect(await record(id, 'answered', 'Ravi', 'link')).toMatchObject({ state: 'answered', changed: true });
      expect(await eventsOf(id)).toEqual([
        { kind: 'state', from_value: 'new', to_value: 'closed', by: 'Priya', via: 'command', undone_by: 'Ravi' },
        { kind: 'state', from_value: 'new', to_value: 'answered', by: 'Ravi', via: 'link', undone_by: null },
      ]);
    });

    it('refuses an undo after the window, of a change that is not the latest, and of no event', async () => {
      const [window] = await queryAs<{ minutes: number }>(db, 'service_role', 'select extract(epoch from public.enquiry_undo_window()) / 60 as minutes');
      expect(Number(window!.minutes)).toBe(30);

      const late = await storeEnquiry();
      const { event_id: old } = (await record(late, 'answered', 'Priya'))!;
      await queryAs(db, 'service_role', `update public.enquiry_events set at = now() - interval '31 minutes' where id = $1`, [old]);
      expect(await undo(old, 'Ravi')).toBe('too-late');
      expect(await stateOf(late)).toMatchObject({ state: 'answered', state_changed_by: 'Priya' });

      // Only state events exist so far, and a state changes only from new: a later live event is made by hand here.
      const id = await storeEnquiry();
      const { event_id: earlier } = (await record(id, 'answered', 'Priya'))!;
      await queryAs(
        db,
        'service_role',
        `insert into public.enquiry_events (enquiry_id, kind, from_value, to_value, by, via) values ($1, 'state', 'new', 'answered', 'x', 'command')`,
        [id],
      );
      expect(await undo(earlier, 'Ravi')).toBe('not-latest');
      expect(await stateOf(id)).toMatchObject({ state: 'answered' });

      expect(await undo('999999999', 'Ravi')).toBe('missing');
    });

    it('refuses what the table does not allow: another kind or way, a name over 200 characters is cut', async () => {
      const id = await storeEnquiry();
      await expect(record(id, 'answered', 'Priya', 'telepathy')).rejects.toThrow(/enquiry_events_via/);
      await expect(record(id, 'new', 'Priya')).rejects.toThrow(/answered or closed/);
      expect(await stateOf(id)).toMatchObject({ state: 'new' });
      const long = await record(id, 'answered', 'x'.repeat(300));
      expect(long!.state_changed_by).toHaveLength(200);
    });

    it('takes an open enquiry for one person, once; only its owner hands it over; each change is an owner event', async () => {
      const own = async (id: string, to: string, name: string, from: string | null) =>
        (
          await queryAs<{ outcome: string; owner_address: string | null; owner_name: string | null }>(
            db,
            'service_role',
            "select outcome, owner_address, owner_name from public.record_enquiry_owner($1, $2, $3, $4, $3, 'link')",
            [id, to, name, from],
          )
        )[0];
      const id = await storeEnquiry();
      expect(await own(id, 'olivia@company.test', 'Olivia', null)).toEqual({ outcome: 'taken', owner_address: 'olivia@company.test', owner_name: 'Olivia' });
      expect(await own(id, 'olivia@company.test', 'Olivia', null)).toMatchObject({ outcome: 'already-yours' });
      expect(await own(id, 'tom@company.test', 'Tom', null)).toMatchObject({ outcome: 'owned', owner_name: 'Olivia' });
      expect(await own(id, 'tom@company.test', 'Tom', 'tom@company.test')).toMatchObject({ outcome: 'not-owner', owner_name: 'Olivia' });
      expect(await own(id, 'tom@company.test', 'Tom', 'olivia@company.test')).toMatchObject({ outcome: 'handed-over', owner_name: 'Tom' });
      // Answered, it needs nobody to take it; an undo of the answer leaves the owner as it was.
      const { event_id: answered } = (await record(id, 'answered', 'Tom'))!;
      expect(await own(id, 'olivia@company.test', 'Olivia', 'tom@company.test')).toMatchObject({ outcome: 'settled', owner_name: 'Tom' });
      expect(await undo(answered, 'Tom')).toBe('undone');
      expect(await own(id, 'olivia@company.test', 'Olivia', null)).toMatchObject({ outcome: 'owned', owner_name: 'Tom' });
      const owners = (await eventsOf(id)).filter((event) => event.kind === 'owner');
      expect(owners.map(({ from_value, to_value, by }) => [from_value, to_value, by])).toEqual([
        [null, 'olivia@company.test', 'Olivia'],
        ['olivia@company.test', 'tom@company.test', 'Tom'],
      ]);
      // An owner is handed over, never undone: its event is not one undo knows.
      const [taking] = await queryAs<{ id: string }>(
        db,
        'service_role',
        "select id::text as id from public.enquiry_events where enquiry_id = $1 and kind = 'owner' order by id desc limit 1",
        [id],
      );
      expect(await undo(taking!.id, 'Tom')).toBe('missing');
      expect(await stateOf(id)).toMatchObject({ state: 'new' });
      // No row for an enquiry that does not exist.
      expect(await own(randomUUID(), 'tom@company.test', 'Tom', null)).toBeUndefined();
    });

    it('visitors can neither read events nor change or undo anything', async () => {
      const id = await storeEnquiry();
      const { event_id: event } = (await record(id, 'answered', 'Priya'))!;
      for (const role of ['anon', 'authenticated'] as const) {
        await expect(queryAs(db, role, 'select * from public.enquiry_events')).rejects.toThrow(/permission denied/);
        await expect(queryAs(db, role, `update public.enquiry_events set undone_by = 'x', undone_at = now()`)).rejects.toThrow(/permission denied/);
        await expect(queryAs(db, role, 'select public.undo_enquiry_event($1, $2)', [event, 'x'])).rejects.toThrow(/permission denied/);
        await expect(queryAs(db, role, 'select * from public.record_enquiry_state($1, $2, $3, $4)', [id, 'closed', 'x', 'link'])).rejects.toThrow(
          /permission denied/,
        );
        await expect(queryAs(db, role, 'select public.enquiry_undo_window()')).rejects.toThrow(/permission denied/);
        await expect(queryAs(db, role, "select * from public.record_enquiry_owner($1, 'eve@example.net', 'Eve', null, 'Eve', 'link')", [id])).rejects.toThrow(
          /permission denied/,
        );
      }
      // Nor name an owner when sending an enquiry.
      const forged = randomUUID();
      await expect(
        queryAs(
          db,
          'anon',
          "insert into public.contact_submissions (id, name, email, message, owner_address, owner_name, owned_at) values ($1, 'Eve', 'eve@example.net', 'Hi', 'eve@example.net', 'Eve', now())",
          [forged],
        ),
      ).rejects.toThrow(/permission denied/);
      expect(await stateOf(id)).toMatchObject({ state: 'answered', state_changed_by: 'Priya' });
      expect(await eventsOf(id)).toEqual([expect.objectContaining({ undone_by: null })]);
    });
  });
});

describe.each(databaseTargets)('enquiries answered before events existed, on $label', ({ open }) => {
  let db: TestDatabase | undefined;
  let eventsMigration: string;
  const [answered, open_] = [randomUUID(), randomUUID()];

  // A new database with every migration but the events', an enquiry answered and one left new: set-up under the
  // hook's limit (a new database and a dozen migrations take seconds on a loaded 2-core machine).
  beforeAll(async () => {
    db = await open();
    await createSupabaseRoles(db);
    const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
    const events = files.findIndex((name) => name.endsWith('_enquiry_events.sql'));
    expect(events, 'the events migration among supabase/migrations').toBeGreaterThan(0);
    for (const name of files.slice(0, events)) await db.exec(await readFile(join(migrationsDir, name), 'utf8'));
    for (const id of [answered, open_]) await queryAs(db, 'anon', insertSql, [id, `visitor.${id.slice(0, 8)}@example.com`]);
    await queryAs(db, 'service_role', 'select * from public.set_enquiry_state($1, $2, $3)', [answered, 'answered', 'Priya']);
    eventsMigration = await readFile(join(migrationsDir, files[events]!), 'utf8');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('get an event each, so their history is not empty', async () => {
    await db!.exec(eventsMigration);
    const { rows } = await db!.query<EventRow & { enquiry_id: string }>('select enquiry_id, to_value, by, via from public.enquiry_events');
    expect(rows).toEqual([{ enquiry_id: answered, to_value: 'answered', by: 'Priya', via: 'link' }]);
  });
});
