/**
 * Each enquiry's state in SQL, on PGlite and (with DATABASE_URL) PostgreSQL 15: a new enquiry is new, only the service
 * role answers or closes it, once, and visitors can neither read nor set a state, even on an old project that grants
 * everything by default.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, oldPermissiveDefaults, openMigrated, queryAs, type TestDatabase } from './support/test-databases.ts';

const insertSql = `insert into public.contact_submissions (id, name, email, company, phone, service, message)
  values ($1, 'Asha Rao', $2, 'Acme Pvt Ltd', null, 'Cloud Infrastructure', 'We would like to move our ERP to the cloud.')`;

interface StateRow {
  state: string;
  state_changed_at: Date | null;
  state_changed_by: string | null;
  changed: boolean;
}

describe.each(databaseTargets)('enquiry states on $label', ({ open }) => {
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

    const setState = (id: string, state: string, by: string) =>
      queryAs<StateRow>(db, 'service_role', 'select * from public.set_enquiry_state($1, $2, $3)', [id, state, by]);

    it('a stored enquiry starts as new, with nobody and no time recorded', async () => {
      const id = await storeEnquiry();
      const rows = await queryAs<StateRow>(
        db,
        'service_role',
        'select state, state_changed_at, state_changed_by from public.contact_submissions where id = $1',
        [id],
      );
      expect(rows).toEqual([{ state: 'new', state_changed_at: null, state_changed_by: null }]);
    });

    it('answering records who and when, once: a second answer or a later close changes nothing', async () => {
      const id = await storeEnquiry();
      const [first] = await setState(id, 'answered', 'Priya (sales@kalpaka.example)');
      expect(first).toMatchObject({ state: 'answered', state_changed_by: 'Priya (sales@kalpaka.example)', changed: true });
      expect(first!.state_changed_at).toBeInstanceOf(Date);
      const [again] = await setState(id, 'answered', 'Someone else');
      expect(again).toMatchObject({ state: 'answered', state_changed_by: 'Priya (sales@kalpaka.example)', changed: false });
      expect(again!.state_changed_at).toEqual(first!.state_changed_at);
      const [closed] = await setState(id, 'closed', 'Someone else');
      expect(closed).toMatchObject({ state: 'answered', changed: false });
    });

    it('closing works the same way, and an unknown enquiry returns no row', async () => {
      const id = await storeEnquiry();
      expect(await setState(id, 'closed', 'Priya')).toEqual([expect.objectContaining({ state: 'closed', changed: true })]);
      expect(await setState(randomUUID(), 'answered', 'Priya')).toEqual([]);
    });

    it('a state other than answered or closed is refused', async () => {
      const id = await storeEnquiry();
      await expect(setState(id, 'new', 'Priya')).rejects.toThrow(/answered or closed/);
      await expect(setState(id, 'deleted', 'Priya')).rejects.toThrow(/answered or closed/);
    });

    it('visitors can neither set a state on insert, nor read, change or call anything about states', async () => {
      const id = randomUUID();
      await expect(
        queryAs(
          db,
          'anon',
          `insert into public.contact_submissions (id, name, email, company, message, state) values ($1, 'A', 'a@example.com', 'B', 'Hello', 'answered')`,
          [id],
        ),
      ).rejects.toThrow(/permission denied/);
      const stored = await storeEnquiry();
      await expect(queryAs(db, 'anon', 'select state from public.contact_submissions')).rejects.toThrow(/permission denied/);
      await expect(queryAs(db, 'anon', `update public.contact_submissions set state = 'closed' where id = $1`, [stored])).rejects.toThrow(/permission denied/);
      for (const role of ['anon', 'authenticated'] as const) {
        await expect(queryAs(db, role, 'select * from public.set_enquiry_state($1, $2, $3)', [stored, 'answered', 'x'])).rejects.toThrow(/permission denied/);
      }
      const [row] = await queryAs<{ state: string }>(db, 'service_role', 'select state from public.contact_submissions where id = $1', [stored]);
      expect(row!.state).toBe('new');
    });
  });
});
