/**
 * The reminder step of the Edge Function notify-enquiry, run under Deno as Supabase runs it, against PostgreSQL 15
 * (DATABASE_URL) and a real SMTP server: each call schedules what is due and sends it, so calling the function twice
 * at each step still sends one reminder and one overdue warning, each with its signed links.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkActionLink } from '../../supabase/functions/_shared/enquiry-links.ts';
import { serveFunction, type RunningFunction } from '../support/deno-function.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtp-sink.ts';
import { openMigrated, openThrowawayPostgres, postgresOnly, queryAs, type TestDatabase } from './support/test-databases.ts';

const entry = 'supabase/functions/notify-enquiry/index.ts';
const token = `test-token-${randomUUID()}`;
const secret = `link-secret-${randomUUID()}`;
const staff = 'enquiries@company.test';
const escalation = 'duty-manager@company.test';

describe('notify-enquiry reminders under Deno, with PostgreSQL and SMTP', postgresOnly(), () => {
  let db: TestDatabase & { url: string };
  let smtp: SmtpSink;
  let notifier: RunningFunction;

  beforeAll(async () => {
    ({ db } = await openMigrated(() => openThrowawayPostgres(process.env.DATABASE_URL!)));
    smtp = await startSmtpSink();
    notifier = await serveFunction(entry, {
      SUPABASE_DB_URL: db.url,
      ENQUIRY_NOTIFY_TOKEN: token,
      ENQUIRY_NOTIFY_TO: staff,
      ENQUIRY_NOTIFY_FROM: 'Company Website <website@company.test>',
      ENQUIRY_ESCALATE_TO: escalation,
      ENQUIRY_STAFF_IN: 'Olivia Grant <olivia@company.test>; Tom Hale <tom@company.test>',
      ENQUIRY_MANAGER_IN: 'Helen Price <helen@company.test>',
      SITE_URL: 'https://www.company.test',
      ENQUIRY_LINK_SECRET: secret,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'false',
      SMTP_ALLOW_PLAINTEXT_LOOPBACK: 'true',
      SMTP_TIMEOUT_SECONDS: '5',
    });
  }, 90_000);

  afterAll(async () => {
    await notifier?.kill();
    await smtp?.stop();
    await db?.close();
  });

  async function callTwice(): Promise<Array<Record<string, unknown>>> {
    const reports = [];
    for (let call = 0; call < 2; call += 1) {
      const result = await notifier.invoke(token);
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      reports.push(result.body.reminders as Record<string, unknown>);
    }
    return reports;
  }

  /** What staff received about an enquiry: not the visitor's acknowledgement (tests/db/enquiry-acknowledgements.db.test.ts). */
  const about = (id: string): ReceivedMail[] =>
    smtp.received.filter((mail) => mail.parsed.messageId?.includes(id) && !mail.parsed.messageId.startsWith('<enquiry-acknowledgement-'));

  /**
   * Moves an enquiry back in time, with the times the notifier stored for it on the working clock, so what is owed
   * now is the calendar's: reminded after 20 hours, due and warned at 24.
   */
  const receivedAgo = (id: string, interval: string) =>
    db.query(
      `update public.contact_submissions
       set created_at = now() - interval '${interval}',
           remind_at = now() - interval '${interval}' + interval '20 hours',
           due_at = now() - interval '${interval}' + interval '24 hours',
           warn_at = now() - interval '${interval}' + interval '24 hours'
       where id = $1`,
      [id],
    );

  it('sends the reminder at 20 hours to the office with its people\'s "I\'ll take it" links, and the overdue warning at 24 to its manager and the owner', async () => {
    const id = randomUUID();
    await queryAs(
      db,
      'anon',
      `insert into public.contact_submissions (id, name, email, company, message) values ($1, 'Asha Rao', 'asha@acme.example', 'Acme', 'Hello')`,
      [id],
    );
    await callTwice();
    expect(about(id).map((mail) => mail.parsed.messageId)).toEqual([`<enquiry-${id}@company.test>`]);
    // The staff e-mail offers the enquiry to each person of the office's list, each link signed for that person.
    const takeLinks = [...(about(id)[0]!.parsed.text ?? '').matchAll(/^ {2}(Olivia Grant|Tom Hale): (\S+)$/gm)];
    const owners = await Promise.all(takeLinks.map(([, , link]) => checkActionLink(new URL(link!).searchParams, secret)));
    expect(owners.map((check) => check.ok && [check.claims.action, check.claims.owner])).toEqual([
      ['own', 'olivia@company.test'],
      ['own', 'tom@company.test'],
    ]);

    await receivedAgo(id, '20 hours 30 seconds');
    // The first call sends the reminder (and today's digest, once the digest hour has passed); the second, nothing.
    const [first, second] = await callTwice();
    expect(first).toMatchObject({ retrying: 0, failed: 0, errors: [] });
    expect(second).toEqual({ sent: 0, acknowledged: 0, retrying: 0, failed: 0, errors: [] });
    const reminder = about(id)[1]!;
    // Nobody owns it yet: the office's address, and the people's links again.
    expect([reminder.rcptTo, reminder.parsed.subject]).toEqual([[staff], 'Reminder: answer Asha Rao (Acme) within 3 h 59 min']);
    expect(reminder.parsed.text).toContain('Nobody has taken this enquiry yet.');
    const answer = new URL(/^Mark as answered: (\S+)$/m.exec(reminder.parsed.text ?? '')![1]!);
    expect(await checkActionLink(answer.searchParams, secret)).toMatchObject({ ok: true, claims: { enquiry: id, action: 'answered' } });

    // Tom takes it, as the enquiry-action function records it; the overdue warning escalates to the manager, with him.
    await queryAs(db, 'service_role', "select * from public.record_enquiry_owner($1, 'tom@company.test', 'Tom Hale', null, 'Tom Hale', 'link')", [id]);
    await receivedAgo(id, '24 hours 30 seconds');
    await callTwice();
    const mails = about(id);
    expect(mails[2]?.rcptTo).toEqual(['helen@company.test', 'tom@company.test', staff]);
    expect(mails[2]?.parsed.text).toContain('Tom Hale owns this enquiry.');
    expect(mails.map((mail) => mail.parsed.messageId)).toEqual([
      `<enquiry-${id}@company.test>`,
      `<enquiry-reminder-${id}@company.test>`,
      `<enquiry-overdue-${id}@company.test>`,
    ]);
    expect(mails[2]?.parsed.subject).toBe('OVERDUE: Asha Rao (Acme) has waited 24 h 0 min for an answer');
  });

  it('sends nothing about an enquiry answered through set_enquiry_state', async () => {
    const id = randomUUID();
    await queryAs(db, 'anon', `insert into public.contact_submissions (id, name, email, message) values ($1, 'Ravi', 'ravi@example.com', 'Hello')`, [id]);
    await queryAs(db, 'service_role', `select * from public.set_enquiry_state($1, 'answered', 'staff@company.test')`, [id]);
    await db.query(`update public.contact_submissions set created_at = now() - interval '24 hours 30 seconds' where id = $1`, [id]);
    await callTwice();
    expect(about(id).map((mail) => mail.parsed.messageId)).toEqual([`<enquiry-${id}@company.test>`]);
  });
});
