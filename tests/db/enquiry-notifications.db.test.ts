/**
 * The notification outbox in SQL, on PGlite and (with DATABASE_URL) PostgreSQL 15: every stored enquiry owes exactly
 * one notification, visitors can neither see nor touch the outbox, and claims, leases and marks behave as the
 * notifier relies on. The notifier itself is tested in notify-enquiry.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  oldPermissiveDefaults,
  openMigrated,
  openThrowawayPostgres,
  postgresOnly,
  queryAs,
  type TestDatabase,
} from './support/test-databases.ts';

const insertSql = `insert into public.contact_submissions (id, name, email, company, phone, service, message)
  values ($1, 'Asha Rao', $2, 'Acme Pvt Ltd', null, 'Cloud Infrastructure', 'We would like to move our ERP to the cloud.')`;

async function storeEnquiry(db: TestDatabase): Promise<string> {
  const id = randomUUID();
  await queryAs(db, 'anon', insertSql, [id, `visitor.${id.slice(0, 8)}@example.com`]);
  return id;
}

interface Notification {
  enquiry_id: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

async function notification(db: TestDatabase, id: string): Promise<Notification | undefined> {
  const { rows } = await db.query<Notification>('select enquiry_id, status, attempts, last_error from public.enquiry_notifications where enquiry_id = $1', [
    id,
  ]);
  return rows[0];
}

async function claim(db: TestDatabase, batch: number, lease = '2 minutes'): Promise<Array<{ enquiry_id: string; attempt: number; name: string }>> {
  return queryAs(db, 'service_role', 'select * from public.claim_enquiry_notifications($1, $2::interval)', [batch, lease]);
}

const serviceFunctions = [
  'public.enquiry_notification_is_due(public.enquiry_notifications)',
  'public.claim_enquiry_notifications(integer, interval)',
  'public.enquiry_notification_handed(uuid, integer)',
  'public.enquiry_notification_sent(uuid)',
  'public.enquiry_notification_failed(uuid, integer, text, timestamptz)',
  'public.retry_failed_enquiry_notifications()',
  'public.wake_enquiry_notifier(boolean)',
];
const triggerFunctions = ['public.contact_submissions_owe_notification()', 'public.enquiry_notifications_wake()'];

describe.each(databaseTargets)('enquiry_notifications on $label', ({ open }) => {
  let db: TestDatabase;

  beforeAll(async () => {
    ({ db } = await openMigrated(open));
  });

  afterAll(async () => {
    await db?.close();
  });

  beforeEach(async () => {
    // Each test starts with nothing owed; enquiries from earlier tests are already notified.
    await db.exec(`update public.enquiry_notifications set status = 'sent', sent_at = now(), claimed_until = null where status <> 'sent'`);
  });

  it('owes exactly one notification for each enquiry a visitor stores, in the same insert', async () => {
    const id = await storeEnquiry(db);
    expect(await notification(db, id)).toEqual({ enquiry_id: id, status: 'pending', attempts: 0, last_error: null });
  });

  it('owes nothing for an insert that fails, such as a retry of a stored enquiry (23505)', async () => {
    const id = await storeEnquiry(db);
    await expect(queryAs(db, 'anon', insertSql, [id, 'someone@example.com'])).rejects.toMatchObject({ code: '23505' });
    const { rows } = await db.query<{ count: number }>('select count(*)::int as count from public.enquiry_notifications where enquiry_id = $1', [id]);
    expect(rows[0]?.count).toBe(1);
  });

  it('is invisible and untouchable for visitors (anon) and signed-in users', async () => {
    const id = await storeEnquiry(db);
    for (const role of ['anon', 'authenticated'] as const) {
      for (const sql of [
        'select * from public.enquiry_notifications',
        `insert into public.enquiry_notifications (enquiry_id) values ('${randomUUID()}')`,
        `update public.enquiry_notifications set status = 'sent', sent_at = now() where enquiry_id = '${id}'`,
        `delete from public.enquiry_notifications where enquiry_id = '${id}'`,
        'truncate public.enquiry_notifications',
      ]) {
        await expect(queryAs(db, role, sql), `${role}: ${sql}`).rejects.toMatchObject({ code: '42501' });
      }
    }
    expect((await notification(db, id))?.status).toBe('pending');
  });

  it('lets visitors call none of its functions', async () => {
    for (const fn of [...serviceFunctions, ...triggerFunctions]) {
      for (const role of ['anon', 'authenticated']) {
        const { rows } = await db.query<{ allowed: boolean }>(`select has_function_privilege($1, $2, 'execute') as allowed`, [role, fn]);
        expect(rows[0]?.allowed, `${role} may execute ${fn}`).toBe(false);
      }
    }
    await expect(queryAs(db, 'anon', `select * from public.claim_enquiry_notifications(10, '1 minute')`)).rejects.toMatchObject({ code: '42501' });
  });

  it('hands out each owed notification to one claim only, with its enquiry', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await storeEnquiry(db));
    const first = await claim(db, 5);
    const second = await claim(db, 100);
    const third = await claim(db, 100);
    expect(first).toHaveLength(5);
    expect(third).toEqual([]);
    const claimed = [...first, ...second].map((row) => row.enquiry_id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect([...claimed].sort()).toEqual([...ids].sort());
    expect(first[0]).toMatchObject({ attempt: 1, name: 'Asha Rao' });
  });

  it('owes a claimed notification again once its lease has run out (the run died), as attempt 2', async () => {
    const id = await storeEnquiry(db);
    expect((await claim(db, 10, '1 second')).map((row) => row.enquiry_id)).toEqual([id]);
    expect(await claim(db, 10)).toEqual([]);
    await db.query(`update public.enquiry_notifications set claimed_until = now() - interval '1 second' where enquiry_id = $1`, [id]);
    expect(await claim(db, 10)).toMatchObject([{ enquiry_id: id, attempt: 2 }]);
  });

  it('records a failure as owed again later, or as failed for good with its reason; staff can owe failed ones again', async () => {
    const id = await storeEnquiry(db);
    await claim(db, 10);
    await queryAs(db, 'service_role', `select public.enquiry_notification_failed($1, 1, 'connection refused', now() + interval '1 hour')`, [id]);
    expect(await notification(db, id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'connection refused' });
    expect(await claim(db, 10)).toEqual([]);

    await db.query(`update public.enquiry_notifications set next_attempt_at = now() where enquiry_id = $1`, [id]);
    await claim(db, 10);
    await queryAs(db, 'service_role', `select public.enquiry_notification_failed($1, 2, '535 authentication failed', null)`, [id]);
    expect(await notification(db, id)).toMatchObject({ status: 'failed', attempts: 2, last_error: '535 authentication failed' });
    expect(await claim(db, 10)).toEqual([]);

    const [retried] = await queryAs<{ count: number }>(db, 'service_role', 'select public.retry_failed_enquiry_notifications() as count');
    expect(retried?.count).toBeGreaterThanOrEqual(1);
    expect(await claim(db, 10)).toMatchObject([{ enquiry_id: id, attempt: 1 }]);
  });

  it('never lets a late failure undo a delivery', async () => {
    const id = await storeEnquiry(db);
    await claim(db, 10);
    await queryAs(db, 'service_role', 'select public.enquiry_notification_sent($1)', [id]);
    await queryAs(db, 'service_role', `select public.enquiry_notification_failed($1, 1, 'timeout', now())`, [id]);
    expect(await notification(db, id)).toMatchObject({ status: 'sent', last_error: null });
  });

  it('never claims a notification again once it was handed to the mail server; a refusal owes it again', async () => {
    const handed = (id: string, attempt: number) =>
      queryAs<{ handed: boolean }>(db, 'service_role', 'select public.enquiry_notification_handed($1, $2) as handed', [id, attempt]);
    const id = await storeEnquiry(db);
    await claim(db, 10);
    expect(await handed(id, 2)).toEqual([{ handed: false }]);
    expect(await handed(id, 1)).toEqual([{ handed: true }]);
    expect(await notification(db, id)).toMatchObject({ status: 'handed', attempts: 1 });
    expect(await claim(db, 10)).toEqual([]);
    await queryAs(db, 'service_role', `select public.enquiry_notification_failed($1, 1, '550 mailbox unavailable', now())`, [id]);
    expect(await notification(db, id)).toMatchObject({ status: 'pending', last_error: '550 mailbox unavailable' });

    // A claim that ran out before the hand-off may belong to another run by now: this one must not send.
    await claim(db, 10);
    await db.query(`update public.enquiry_notifications set claimed_until = now() - interval '1 second' where enquiry_id = $1`, [id]);
    expect(await handed(id, 2)).toEqual([{ handed: false }]);
  });

  describe('waking the Edge Function (pg_net and Vault, stood in for here)', () => {
    beforeAll(async () => {
      // The same names and signature as pg_net's net.http_post and Vault's vault.decrypted_secrets.
      await db.exec(`
        create schema net;
        create table net.calls (url text, body jsonb, headers jsonb, timeout_milliseconds integer);
        create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
            headers jsonb default '{}', timeout_milliseconds integer default 5000) returns bigint
          language plpgsql as $$
          begin
            if url like '%fail%' then raise exception 'pg_net is down'; end if;
            insert into net.calls values (url, body, headers, timeout_milliseconds);
            return 1;
          end $$;
        create schema vault;
        create table vault.decrypted_secrets (name text primary key, decrypted_secret text);
      `);
    });

    afterAll(async () => {
      await db.exec('drop schema net cascade; drop schema vault cascade;');
    });

    beforeEach(async () => {
      await db.exec('delete from net.calls; delete from vault.decrypted_secrets;');
    });

    async function calls(): Promise<Array<{ url: string; headers: Record<string, string> }>> {
      return (await db.query<{ url: string; headers: Record<string, string> }>('select url, headers from net.calls')).rows;
    }

    it('calls the function with its token right after a visitor stores an enquiry', async () => {
      await db.exec(`insert into vault.decrypted_secrets values
        ('notify_enquiry_url', 'https://example.supabase.co/functions/v1/notify-enquiry'), ('notify_enquiry_token', 's3cret')`);
      await storeEnquiry(db);
      expect(await calls()).toEqual([
        {
          url: 'https://example.supabase.co/functions/v1/notify-enquiry',
          headers: { 'content-type': 'application/json', authorization: 'Bearer s3cret' },
        },
      ]);
    });

    it('stores the enquiry even when the secrets are missing or the call fails', async () => {
      const quiet = await storeEnquiry(db);
      await db.exec(`insert into vault.decrypted_secrets values ('notify_enquiry_url', 'https://fail.example'), ('notify_enquiry_token', 't')`);
      const failing = await storeEnquiry(db);
      expect(await calls()).toEqual([]);
      expect((await notification(db, quiet))?.status).toBe('pending');
      expect((await notification(db, failing))?.status).toBe('pending');
    });

    it('on the schedule, calls only when something is owed', async () => {
      await db.exec(`insert into vault.decrypted_secrets values ('notify_enquiry_url', 'https://x.example/f'), ('notify_enquiry_token', 't')`);
      await queryAs(db, 'service_role', 'select public.wake_enquiry_notifier(true)');
      expect(await calls()).toEqual([]);
      await db.exec(
        `update public.enquiry_notifications set status = 'pending', sent_at = null where enquiry_id = (select enquiry_id from public.enquiry_notifications limit 1)`,
      );
      await queryAs(db, 'service_role', 'select public.wake_enquiry_notifier(true)');
      expect(await calls()).toHaveLength(1);
    });
  });
});

describe.each(databaseTargets)('enquiry_notifications on $label with the old permissive Supabase defaults', ({ open }) => {
  let db: TestDatabase;

  beforeAll(async () => {
    ({ db } = await openMigrated(open, oldPermissiveDefaults));
  });

  afterAll(async () => {
    await db?.close();
  });

  it('grants visitors nothing on the outbox or its functions', async () => {
    const { rows } = await db.query(
      `select grantee, privilege_type from information_schema.role_table_grants
       where table_name = 'enquiry_notifications' and grantee in ('anon', 'authenticated')`,
    );
    expect(rows).toEqual([]);
    for (const fn of [...serviceFunctions, ...triggerFunctions]) {
      const { rows: allowed } = await db.query<{ allowed: boolean }>(`select has_function_privilege('anon', $1, 'execute') as allowed`, [fn]);
      expect(allowed[0]?.allowed, fn).toBe(false);
    }
  });
});

describe('claims on PostgreSQL from concurrent sessions', postgresOnly(), () => {
  let db: TestDatabase & { url: string };

  beforeAll(async () => {
    ({ db } = await openMigrated(() => openThrowawayPostgres(process.env.DATABASE_URL!)));
  });

  afterAll(async () => {
    await db?.close();
  });

  it('four runs claiming 300 owed notifications at once, 7 at a time, take each exactly once', async () => {
    await db.exec(`
      insert into public.contact_submissions (name, email, company, message)
      select 'Visitor ' || n, 'visitor' || n || '@example.com', 'Company ' || n, 'Message ' || n from generate_series(1, 300) n`);
    const pg = (await import('pg')).default;
    const runners = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const client = new pg.Client({ connectionString: db.url });
        await client.connect();
        return client;
      }),
    );
    try {
      const taken = await Promise.all(
        runners.map(async (client) => {
          const mine: string[] = [];
          for (;;) {
            const { rows: batch } = await client.query<{ enquiry_id: string }>(`select enquiry_id from public.claim_enquiry_notifications(7, '5 minutes')`);
            if (batch.length === 0) return mine;
            mine.push(...batch.map((row) => row.enquiry_id));
          }
        }),
      );
      const all = taken.flat();
      expect(all).toHaveLength(300);
      expect(new Set(all).size).toBe(300);
      expect(taken.filter((mine) => mine.length > 0).length).toBeGreaterThan(1);
    } finally {
      await Promise.all(runners.map((client) => client.end()));
    }
  });
});
