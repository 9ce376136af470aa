/**
 * The local backend's timer sends reminders too (`ENQUIRY_REMIND_AFTER=30s ENQUIRY_CLOCK=calendar npm run dev` shows one in the mail
 * viewer): the Edge Function's reminder step on PGlite, once per enquiry however often the timer runs.
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLocalNotifier, type LocalNotifier } from '../../scripts/local-backend/local-notifier.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { openFreshPglite } from '../../scripts/local-backend/local-database.ts';
import { openMigrated } from './support/test-databases.ts';

let db: PGlite;
let smtp: SmtpSink;
let notifier: LocalNotifier;
const log: string[] = [];

async function storeAsVisitor(name: string): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.query(`select set_config('role', 'anon', true)`);
    await tx.query(`insert into public.contact_submissions (id, name, email, company, message) values ($1, $2, $3, 'Acme Pvt Ltd', 'Hello')`, [
      id,
      name,
      `visitor.${id.slice(0, 8)}@example.com`,
    ]);
  });
  return id;
}

beforeAll(async () => {
  ({ db } = await openMigrated(openFreshPglite));
  smtp = await startSmtpSink();
  notifier = startLocalNotifier(db, {
    intervalMs: 200,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_ALLOW_PLAINTEXT_LOOPBACK: 'true', ENQUIRY_REMIND_AFTER: '2s', ENQUIRY_CLOCK: 'calendar' },
    log: (line) => log.push(line),
  });
}, 60_000);

afterAll(async () => {
  await notifier?.close();
  await smtp?.stop();
  await db?.close();
});

/** What staff received: every message but the visitors' acknowledgements. */
const staffMail = () => smtp.received.filter((mail) => !mail.parsed.messageId?.startsWith('<enquiry-acknowledgement-'));

it('e-mails a reminder about an enquiry still new after the reminder delay, once, on its timer', async () => {
  const id = await storeAsVisitor('Nisha Verma');
  notifier.wake();
  // The staff e-mail, the visitor's acknowledgement and the reminder.
  await smtp.waitFor(3, 30_000);
  // The sink has the message before the notifier has the server's answer to it, and logs the send only after that.
  await notifier.settled();
  const [notification, reminder] = staffMail();
  expect(notification?.parsed.messageId).toBe(`<enquiry-${id}@example.com>`);
  expect(reminder?.parsed.messageId).toBe(`<enquiry-reminder-${id}@example.com>`);
  expect(reminder?.rcptTo).toEqual(['hello@example.com']);
  expect(reminder?.parsed.subject).toMatch(/^Reminder: answer Nisha Verma \(Acme Pvt Ltd\) within 23 h 59 min$/);
  expect(log).toContain(`sent 1 reminder about open enquiries through 127.0.0.1:${smtp.port}`);

  // More runs of the timer, and wakes on top: nothing more is owed.
  for (let run = 0; run < 3; run += 1) {
    notifier.wake();
    await notifier.settled();
  }
  expect(staffMail()).toHaveLength(2);
  expect(smtp.received).toHaveLength(3);
});

it('sends none about an enquiry answered before the delay is up', async () => {
  const id = await storeAsVisitor('Kabir Das');
  await db.query(`select * from public.set_enquiry_state($1, 'answered', 'staff@example.com')`, [id]);
  await db.query(`update public.contact_submissions set created_at = now() - interval '1 hour' where id = $1`, [id]);
  for (let run = 0; run < 3; run += 1) {
    notifier.wake();
    await notifier.settled();
  }
  expect(smtp.received.map((mail) => mail.parsed.messageId)).not.toContain(`<enquiry-reminder-${id}@example.com>`);
  const { rows } = await db.query("select kind from public.enquiry_reminders where enquiry_id = $1 and kind <> 'acknowledgement'", [id]);
  expect(rows).toEqual([]);
});
