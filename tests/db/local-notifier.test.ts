/** The local backend's staff notifications: the Edge Function's code on PGlite, after an insert and on its timer. */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLocalNotifier, type LocalNotifier } from '../../scripts/local-backend/local-notifier.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { openFreshPglite } from '../../scripts/local-backend/local-database.ts';
import { openMigrated } from './support/test-databases.ts';
import { officeByCode, officeClock } from '../../supabase/functions/_shared/offices.ts';
import { enquiryDue } from '../../supabase/functions/notify-enquiry/enquiry-due.ts';
import { zoneTime } from '../../supabase/functions/notify-enquiry/message.ts';
import { defaultRemindAfterSeconds } from '../../supabase/functions/notify-enquiry/reminders.ts';

let db: PGlite;
let smtp: SmtpSink;
let notifier: LocalNotifier;
const log: string[] = [];

async function storeAsVisitor(): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.query(`select set_config('role', 'anon', true)`);
    await tx.query(`insert into public.contact_submissions (id, name, email, message) values ($1, 'Ravi', $2, 'Hello')`, [
      id,
      `ravi.${id.slice(0, 8)}@example.com`,
    ]);
  });
  return id;
}

async function status(id: string): Promise<{ status: string; last_error: string | null }> {
  const { rows } = await db.query<{ status: string; last_error: string | null }>(
    'select status, last_error from public.enquiry_notifications where enquiry_id = $1',
    [id],
  );
  return rows[0]!;
}

beforeAll(async () => {
  ({ db } = await openMigrated(openFreshPglite));
  smtp = await startSmtpSink();
  notifier = startLocalNotifier(db, {
    intervalMs: 200,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_ALLOW_PLAINTEXT_LOOPBACK: 'true', ENQUIRY_NOTIFY_RETRY_BASE_SECONDS: '0.2' },
    log: (line) => log.push(line),
  });
});

afterAll(async () => {
  await notifier?.close();
  await smtp?.stop();
  await db?.close();
});

/** What staff received: every message but the visitors' acknowledgements. */
const staffMail = () => smtp.received.filter((mail) => !mail.parsed.messageId?.startsWith('<enquiry-acknowledgement-'));

it('e-mails the company address when woken after an insert, and acknowledges the enquiry to the visitor', async () => {
  const id = await storeAsVisitor();
  notifier.wake();
  await notifier.settled();
  expect(staffMail().map((mail) => mail.rcptTo)).toEqual([['hello@example.com']]);
  expect(staffMail()[0]?.parsed.messageId).toBe(`<enquiry-${id}@example.com>`);
  expect(await status(id)).toEqual({ status: 'sent', last_error: null });
  expect(log).toContain(`e-mailed 1 enquiry to hello@example.com through 127.0.0.1:${smtp.port}`);
  expect(smtp.received.filter((mail) => mail.parsed.messageId === `<enquiry-acknowledgement-${id}@example.com>`)).toHaveLength(1);
});

it('keeps an enquiry owed while the mail server is down, says so once, and sends it on its timer when it is back', async () => {
  await smtp.stop();
  const id = await storeAsVisitor();
  notifier.wake();
  await notifier.settled();
  expect(await status(id)).toMatchObject({ status: 'pending', last_error: expect.stringMatching(/ECONNREFUSED/) });
  expect(log).toContainEqual(expect.stringMatching(/^could not send 1 \(.*ECONNREFUSED.*\); will retry; see npm run enquiries$/));
  await smtp.start();
  await expect.poll(() => staffMail().length, { timeout: 10_000 }).toBe(2);
  await notifier.settled();
  expect(staffMail()[1]?.parsed.messageId).toBe(`<enquiry-${id}@example.com>`);
  expect(staffMail()).toHaveLength(2);
});

it('dates an enquiry for London on London’s working clock and e-mails London’s address, with both times', async () => {
  // Only this notifier, with London's own address, may send it.
  await notifier.close();
  const london = startLocalNotifier(db, {
    intervalMs: 60_000,
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_ALLOW_PLAINTEXT_LOOPBACK: 'true',
      ENQUIRY_NOTIFY_TO_GB: 'london@example.com',
    },
    log: () => {},
  });
  await london.settled();
  const before = smtp.received.length;
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.query(`select set_config('role', 'anon', true)`);
    await tx.query(
      `insert into public.contact_submissions (id, name, email, message, office, visitor_time_zone) values ($1, 'Tom', $2, 'Hello', 'GB', 'America/New_York')`,
      [id, `tom.${id.slice(0, 8)}@example.com`],
    );
  });
  london.wake();
  await london.settled();
  await london.close();
  const mail = smtp.received.slice(before).find((received) => received.parsed.messageId === `<enquiry-${id}@example.com>`);
  expect(mail?.rcptTo).toEqual(['london@example.com']);
  const { rows } = await db.query<{ created_at: Date; due_at: Date; remind_at: Date; warn_at: Date }>(
    'select created_at, due_at, remind_at, warn_at from public.contact_submissions where id = $1',
    [id],
  );
  const { created_at, due_at, remind_at, warn_at } = rows[0]!;
  const expected = enquiryDue(created_at, officeClock(officeByCode('GB')), defaultRemindAfterSeconds);
  expect({ due_at, remind_at, warn_at }).toEqual({ due_at: expected.due, remind_at: expected.remind, warn_at: expected.warn });
  expect(mail?.parsed.text).toContain(`Due:      ${zoneTime(expected.due, 'Europe/London')} London time; ${zoneTime(expected.due, 'America/New_York')}`);
  expect(mail?.parsed.text).toContain('Office:   London, as the visitor chose');
});
