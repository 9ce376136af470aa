/**
 * Staff mail never goes out in clear: against an SMTP server that offers no STARTTLS (a downgrading attacker on port
 * 2587, say), the notifier sends neither its password nor the enquiry, and the outbox row says why. Driven through
 * the local backend's notifier on PGlite (Node) and through the Edge Function under Deno on PostgreSQL 15.
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inMemory, openLocalDatabase } from '../../scripts/local-backend/local-database.ts';
import { startLocalNotifier } from '../../scripts/local-backend/local-notifier.ts';
import { migrationsDir } from '../../scripts/local-backend/repo-paths.ts';
import { serveFunction } from '../support/deno-function.ts';
import { startDowngradingSmtp, type DowngradingSmtp } from '../support/downgrading-smtp.ts';
import { openMigrated, openThrowawayPostgres, postgresOnly, queryAs, type TestDatabase } from './support/test-databases.ts';

const password = `smtp-password-${randomUUID()}`;
const starttlsModes = ['refused', 'hidden'] as const;

/** The server saw no password, no envelope and no message. */
function expectNothingGivenAway(server: DowngradingSmtp): void {
  expect(server.credentials).toEqual([]);
  expect(server.envelopeCommands).toEqual([]);
  expect(server.messages).toEqual([]);
}

/** The enquiry's mail waits in the outbox to be retried, with the refusal as its error and no password in it. */
async function expectRefusalInOutbox(db: Pick<TestDatabase, 'query'>, id: string): Promise<void> {
  const { rows } = await db.query<{ status: string; last_error: string }>('select status, last_error from public.enquiry_notifications where enquiry_id = $1', [
    id,
  ]);
  expect(rows[0]).toMatchObject({ status: 'pending', last_error: expect.stringMatching(/ETLS: .*not sent in clear/) });
  expect(rows[0]!.last_error).not.toContain(password);
}

describe('the local notifier (Node, PGlite)', () => {
  let db: PGlite;
  const servers: DowngradingSmtp[] = [];

  beforeAll(async () => {
    db = await openLocalDatabase({ dataDir: inMemory, migrationsDir });
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await db?.close();
  });

  it.each(starttlsModes)('sends nothing to a server whose STARTTLS is %s, and records why', async (mode) => {
    const server = await startDowngradingSmtp(mode);
    servers.push(server);
    const id = randomUUID();
    await db.transaction(async (tx) => {
      await tx.query(`select set_config('role', 'anon', true)`);
      await tx.query(`insert into public.contact_submissions (id, name, email, message) values ($1, 'Ravi', $2, 'Confidential plans')`, [
        id,
        `ravi.${id.slice(0, 8)}@example.com`,
      ]);
    });
    const notifier = startLocalNotifier(db, {
      intervalMs: 60_000,
      // SMTP_SECURE unset: not port 465, so the connection starts in plain text and must be upgraded.
      env: {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(server.port),
        SMTP_USER: 'website',
        SMTP_PASSWORD: password,
      },
      log: () => {},
    });
    await notifier.settled();
    await notifier.close();

    expectNothingGivenAway(server);
    await expectRefusalInOutbox(db, id);
  });
});

describe('the Edge Function (Deno, PostgreSQL)', postgresOnly(), () => {
  let db: TestDatabase & { url: string };
  const servers: DowngradingSmtp[] = [];

  beforeAll(async () => {
    db = (await openMigrated(() => openThrowawayPostgres(process.env.DATABASE_URL!))).db;
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await db?.close();
  });

  it.each(starttlsModes)('sends nothing to a server whose STARTTLS is %s, and records why', async (mode) => {
    const server = await startDowngradingSmtp(mode);
    servers.push(server);
    const id = randomUUID();
    await queryAs(db, 'anon', `insert into public.contact_submissions (id, name, email, message) values ($1, 'Ravi', $2, 'Confidential plans')`, [
      id,
      `ravi.${id.slice(0, 8)}@example.com`,
    ]);
    const token = `test-token-${randomUUID()}`;
    const notifier = await serveFunction('supabase/functions/notify-enquiry/index.ts', {
      SUPABASE_DB_URL: db.url,
      ENQUIRY_NOTIFY_TOKEN: token,
      ENQUIRY_NOTIFY_TO: 'enquiries@company.test',
      ENQUIRY_NOTIFY_FROM: 'Company Website <website@company.test>',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(server.port),
      SMTP_USER: 'website',
      SMTP_PASSWORD: password,
      SMTP_TIMEOUT_SECONDS: '5',
    });
    try {
      const { status, body } = await notifier.invoke(token);
      expect(status).toBe(200);
      expect(body).toMatchObject({ sent: 0, retrying: 1 });
    } finally {
      await notifier.kill();
    }

    expectNothingGivenAway(server);
    await expectRefusalInOutbox(db, id);
    await db.exec(`update public.enquiry_notifications set status = 'sent', sent_at = now(), claimed_until = null where status <> 'sent'`);
  });
});
