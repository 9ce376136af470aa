/**
 * Exactly once, even when killed (issue 44, point 6): the notifier, in a process of its own, is killed at each step
 * of sending a staff e-mail and a reminder (after the claim, after handing it to the mail server, after the server
 * accepted it and before it is marked sent), then run again once the dead run's claim has run out. The mail server
 * never gets a message twice: killed after the claim, it is sent by the next run; killed after the hand-off, it is
 * never sent again, and the row says so (handed), for staff to check the mailbox.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toTable } from '../../scripts/enquiry-export/enquiry-export-format.ts';
import { officeList } from '../../supabase/functions/_shared/offices.ts';
import { runNotifier, type Outbox, type Step } from '../support/killable-notifier.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { storedEnquiries } from './support/stored-enquiries.ts';
import { databaseTargets, openMigrated, queryAs, type TestDatabase } from './support/test-databases.ts';

const staff = 'enquiries@company.test';

/** What each kill leaves for the mail server, after the next run: the same message never twice. */
const cases: Array<{ step: Step; sends: number; status: string }> = [
  { step: 'claimed', sends: 1, status: 'sent' },
  { step: 'handed', sends: 0, status: 'handed' },
  { step: 'accepted', sends: 1, status: 'handed' },
];
const outboxes: Outbox[] = ['notification', 'reminder'];
/** Two notifier processes, each loading the function's code (2 to 10 s on a quiet machine, more under load). */
const notifierRuns = 90_000;

describe.each(databaseTargets)('the notifier killed at each step, on $label', ({ open }) => {
  let db: TestDatabase;
  let smtp: SmtpSink;
  let env: Record<string, string>;

  beforeAll(async () => {
    ({ db } = await openMigrated(open));
    smtp = await startSmtpSink();
    env = {
      ENQUIRY_NOTIFY_TO: staff,
      ENQUIRY_NOTIFY_FROM: 'Company Website <website@company.test>',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'false',
      SMTP_ALLOW_PLAINTEXT_LOOPBACK: 'true',
      SMTP_TIMEOUT_SECONDS: '5',
    };
    // Today's digests are taken, every office's, so each run sends only what the test owes (a digest goes the
    // reminders' way).
    for (const office of officeList) {
      await db.query(
        `insert into public.enquiry_reminders (kind, digest_day, office, status, sent_at) values ('digest', (now() at time zone $1)::date, $2, 'sent', now())`,
        [office.timeZone, office.code],
      );
    }
  }, 120_000);

  afterAll(async () => {
    await smtp?.stop();
    await db?.close();
  });

  const query = (sql: string, params: unknown[]) => queryAs(db, 'service_role', sql, params);

  /** A new enquiry, and for a reminder its staff e-mail already sent and 20 hours gone by. */
  async function owe(outbox: Outbox): Promise<{ id: string; messageId: string; status: () => Promise<string> }> {
    const id = randomUUID();
    await queryAs(
      db,
      'anon',
      `insert into public.contact_submissions (id, name, email, company, message) values ($1, 'Asha Rao', 'asha@acme.example', 'Acme', 'Hello')`,
      [id],
    );
    if (outbox === 'reminder') {
      await db.query(`update public.enquiry_notifications set status = 'sent', sent_at = now() where enquiry_id = $1`, [id]);
      await db.query(`update public.contact_submissions set created_at = now() - interval '20 hours 30 seconds' where id = $1`, [id]);
    }
    const table = outbox === 'reminder' ? 'enquiry_reminders' : 'enquiry_notifications';
    return {
      id,
      messageId: outbox === 'reminder' ? `<enquiry-reminder-${id}@company.test>` : `<enquiry-${id}@company.test>`,
      async status() {
        const { rows } = await db.query<{ status: string }>(`select status from public.${table} where enquiry_id = $1`, [id]);
        return rows.map((row) => row.status).join(',');
      },
    };
  }

  const received = (messageId: string) => smtp.received.filter((mail) => mail.parsed.messageId === messageId).length;

  for (const outbox of outboxes) {
    it.each(cases)(
      `never sends a ${outbox} twice when killed after the step "$step"`,
      async ({ step, sends, status }) => {
        smtp.received.length = 0;
        const owed = await owe(outbox);
        expect(await runNotifier(env, query, { step, outbox })).toEqual({ killed: true });
        // The dead run's claim runs out (as its lease would), then the scheduler calls the notifier again.
        await db.exec(`update public.enquiry_notifications set claimed_until = now() - interval '1 second' where status = 'sending'`);
        await db.exec(`update public.enquiry_reminders set claimed_until = now() - interval '1 second' where status = 'sending'`);
        expect(await runNotifier(env, query)).toMatchObject({ killed: false });

        console.info(
          `notifier killed after "${step}" (${outbox}): the mail server got it ${received(owed.messageId)} times; outbox row ${await owed.status()}`,
        );
        expect(received(owed.messageId)).toBe(sends);
        expect(await owed.status()).toBe(status);
        const repeated = smtp.received.map((mail) => mail.parsed.messageId).filter((id, i, all) => all.indexOf(id) !== i);
        expect(repeated).toEqual([]);
      },
      notifierRuns,
    );
  }

  it(
    'shows a staff e-mail left handed by a killed run as UNCONFIRMED in npm run enquiries',
    async () => {
      const owed = await owe('notification');
      expect(await runNotifier(env, query, { step: 'accepted', outbox: 'notification' })).toEqual({ killed: true });
      const table = toTable((await storedEnquiries(db)).filter((row) => row.id === owed.id));
      expect(table).toContain('UNCONFIRMED: handed to the mail server; check the mailbox');
    },
    notifierRuns,
  );
});
