/**
 * Reminders before the 24-hour promise is broken, and the daily digest, on PGlite and (with DATABASE_URL) PostgreSQL
 * 15: the notifier's reminder step (supabase/functions/notify-enquiry/reminders.ts) against the migration's outbox,
 * sending to a real SMTP server. Time is moved by moving an enquiry's created_at back, or with the scheduler's clock
 * parameter; the scheduler runs twice at each step, and every message still goes out once. The pg_cron job is checked
 * in contact-submissions.db.test.ts, with the other jobs.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPolicy } from '../../supabase/functions/notify-enquiry/deliver.ts';
import type { MailSettings } from '../../supabase/functions/notify-enquiry/message.ts';
import {
  deliverReminders,
  readReminderConfig,
  sqlReminderStore,
  type ReminderSettings,
  type ReminderStore,
} from '../../supabase/functions/notify-enquiry/reminders.ts';
import { createSmtpTransport } from '../../supabase/functions/notify-enquiry/smtp-transport.ts';
import type { MailTransport } from '../../supabase/functions/notify-enquiry/types.ts';
import { checkActionLink } from '../../supabase/functions/_shared/enquiry-links.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtp-sink.ts';
import { databaseTargets, openMigrated, queryAs, type TestDatabase } from './support/test-databases.ts';

const staff = 'enquiries@company.test';
const escalation = 'duty-manager@company.test';
const secret = 'a-test-secret-of-at-least-32-characters-0123456789';
const mail: MailSettings = { from: { name: 'Company Website', address: 'website@company.test' }, to: [staff] };

function settingsFrom(env: Record<string, string>): ReminderSettings {
  const read = readReminderConfig((name) => env[name], [staff]);
  if ('problems' in read) throw new Error(read.problems.join('; '));
  return read.settings;
}

const settings = settingsFrom({ ENQUIRY_ESCALATE_TO: escalation, SITE_URL: 'https://www.company.test', ENQUIRY_LINK_SECRET: secret });

const serviceFunctions = [
  'public.enquiry_promise()',
  'public.schedule_enquiry_reminders(interval, integer, text, timestamptz)',
  'public.schedule_office_digests(jsonb, timestamptz)',
  'public.enquiry_reminder_is_due(public.enquiry_reminders)',
  'public.enquiry_reminder_still_owed(public.enquiry_reminders)',
  'public.claim_enquiry_reminders(integer, interval)',
  'public.open_enquiries()',
  'public.enquiry_reminder_handed(bigint, integer)',
  'public.enquiry_reminder_sent(bigint)',
  'public.enquiry_reminder_failed(bigint, integer, text, timestamptz)',
  'public.wake_enquiry_reminders()',
];

describe.each(databaseTargets)('reminders on $label', ({ open }) => {
  let db: TestDatabase;
  let smtp: SmtpSink;
  let transport: MailTransport;
  let store: ReminderStore;

  beforeAll(async () => {
    ({ db } = await openMigrated(open));
    smtp = await startSmtpSink();
    transport = createSmtpTransport({ host: '127.0.0.1', port: smtp.port, secure: false, requireTls: false, timeoutSeconds: 5 });
    store = sqlReminderStore((sql, params) => queryAs(db, 'service_role', sql, params));
  }, 90_000);

  afterAll(async () => {
    transport?.close();
    await smtp?.stop();
    await db?.close();
  });

  async function storeEnquiry(name: string, company: string | null = 'Acme Pvt Ltd'): Promise<string> {
    const id = randomUUID();
    await queryAs(db, 'anon', `insert into public.contact_submissions (id, name, email, company, message) values ($1, $2, $3, $4, 'Please call us.')`, [
      id,
      name,
      `visitor.${id.slice(0, 8)}@example.com`,
      company,
    ]);
    return id;
  }

  /** Makes the enquiry `hours` old (and 30 seconds, so the minutes in its messages are certain), as if it had arrived then. */
  async function age(id: string, hours: number): Promise<void> {
    await db.query(`update public.contact_submissions set created_at = now() - make_interval(hours => $2) - interval '30 seconds' where id = $1`, [id, hours]);
  }

  /** Runs the reminder step as the scheduler would, twice, and returns what reached the mail server for `id`. */
  async function runTwice(id: string): Promise<ReceivedMail[]> {
    for (let run = 0; run < 2; run += 1) await deliverReminders(store, transport, mail, settings, defaultPolicy);
    return smtp.received.filter((received) => received.parsed.messageId?.includes(id));
  }

  it('sends one reminder after 20 hours, then one overdue warning after 24, however often the scheduler runs', async () => {
    const id = await storeEnquiry('Asha Rao');
    await age(id, 19);
    expect(await runTwice(id)).toEqual([]);

    await age(id, 20);
    const [reminder, ...extra] = await runTwice(id);
    expect(extra).toEqual([]);
    // Nobody owns it: the reminder goes to its office's staff; when overdue, it escalates.
    expect(reminder?.rcptTo).toEqual([staff]);
    expect(reminder?.parsed.messageId).toBe(`<enquiry-reminder-${id}@company.test>`);
    expect(reminder?.parsed.inReplyTo).toBe(`<enquiry-${id}@company.test>`);
    expect(reminder?.parsed.subject).toBe('Reminder: answer Asha Rao (Acme Pvt Ltd) within 3 h 59 min');
    const text = reminder?.parsed.text ?? '';
    expect(text).toContain('Asha Rao (Acme Pvt Ltd) sent an enquiry 20 h 0 min ago');
    expect(text).toContain('3 h 59 min left');
    for (const place of ['Noida:', 'Austin:', 'London:', 'Toronto:', 'Sydney:', 'UTC:']) expect(text).toContain(place);

    // Each link opens the confirmation page for this enquiry and its action, signed with the functions' secret.
    const links = [...text.matchAll(/^(Mark as answered|Close, no answer needed): (\S+)$/gm)].map((match) => new URL(match[2]!));
    expect(links.map((url) => `${url.origin}${url.pathname}`)).toEqual(['https://www.company.test/staff/enquiry', 'https://www.company.test/staff/enquiry']);
    const checks = await Promise.all(links.map((url) => checkActionLink(url.searchParams, secret)));
    expect(checks.map((check) => check.ok && [check.claims.enquiry, check.claims.action])).toEqual([
      [id, 'answered'],
      [id, 'closed'],
    ]);

    await age(id, 24);
    const [, overdue, ...more] = await runTwice(id);
    expect(more).toEqual([]);
    expect(overdue?.rcptTo).toEqual([escalation, staff]);
    expect(overdue?.parsed.messageId).toBe(`<enquiry-overdue-${id}@company.test>`);
    expect(overdue?.parsed.subject).toBe('OVERDUE: Asha Rao (Acme Pvt Ltd) has waited 24 h 0 min for an answer');
    expect(overdue?.parsed.text).toContain('that promise was broken 30 s ago');

    expect(await runTwice(id)).toHaveLength(2);
    const { rows } = await db.query<{ kind: string; status: string; attempts: number }>(
      'select kind, status, attempts from public.enquiry_reminders where enquiry_id = $1 order by id',
      [id],
    );
    expect(rows).toEqual([
      { kind: 'reminder', status: 'sent', attempts: 1 },
      { kind: 'overdue', status: 'sent', attempts: 1 },
    ]);
  });

  it('sends the reminder to the owner alone once someone took the enquiry, and names the owner in the digest', async () => {
    const id = await storeEnquiry('Meera Iyer');
    const [taken] = await queryAs<{ outcome: string }>(
      db,
      'service_role',
      "select outcome from public.record_enquiry_owner($1, 'tom@company.test', 'Tom Hale', null, 'Tom Hale', 'link')",
      [id],
    );
    expect(taken?.outcome).toBe('taken');
    await age(id, 20);
    const [reminder, ...extra] = await runTwice(id);
    expect(extra).toEqual([]);
    expect(reminder?.rcptTo).toEqual(['tom@company.test']);
    expect(reminder?.parsed.text).toContain('Tom Hale owns this enquiry.');
    const open = await store.openEnquiries();
    expect(open.find((enquiry) => enquiry.enquiry_id === id)).toMatchObject({ owner_name: 'Tom Hale' });
    await db.query("update public.contact_submissions set state = 'closed', state_changed_at = now(), state_changed_by = 'test' where id = $1", [id]);
  });

  it('owes each reminder once when the scheduler runs twice at the same moment', async () => {
    const id = await storeEnquiry('Ravi Kumar', null);
    await age(id, 21);
    const owed = [];
    for (let run = 0; run < 2; run += 1) {
      owed.push(...(await queryAs<{ owed: number }>(db, 'service_role', `select public.schedule_enquiry_reminders('20 hours', 9, 'Asia/Kolkata') as owed`)));
    }
    const { rows } = await db.query<{ count: number }>(`select count(*)::int as count from public.enquiry_reminders where enquiry_id = $1`, [id]);
    expect(rows[0]?.count).toBe(1);
    expect(owed[1]).toEqual({ owed: 0 });
  });

  it('sends nothing about an enquiry answered before its reminder, or answered after it was owed', async () => {
    const answeredFirst = await storeEnquiry('Meera Iyer');
    await age(answeredFirst, 20);
    await queryAs(db, 'service_role', `select * from public.set_enquiry_state($1, 'answered', 'meera@company.test')`, [answeredFirst]);
    expect(await runTwice(answeredFirst)).toEqual([]);

    const answeredLater = await storeEnquiry('Arjun Singh');
    await age(answeredLater, 20);
    await store.schedule(settings.remindAfterSeconds, settings.digestHour, settings.digestTimeZone);
    await queryAs(db, 'service_role', `select * from public.set_enquiry_state($1, 'closed', 'arjun@company.test')`, [answeredLater]);
    expect(await runTwice(answeredLater)).toEqual([]);
    const { rows } = await db.query<{ enquiry_id: string; status: string }>(
      'select enquiry_id, status from public.enquiry_reminders where enquiry_id in ($1, $2)',
      [answeredFirst, answeredLater],
    );
    expect(rows).toEqual([{ enquiry_id: answeredLater, status: 'cancelled' }]);
  });

  it('owes one digest per day in the head office time zone, from the digest hour, only while enquiries are open', async () => {
    // Clock: tomorrow in Asia/Kolkata, whatever the date is here; the open enquiries above arrived before it.
    const [{ day }] = (await db.query<{ day: string }>(`select ((now() at time zone 'Asia/Kolkata')::date + 1)::text as day`)).rows as [{ day: string }];
    const at = (time: string) => `${day} ${time}+05:30`;
    const schedule = (moment: string) =>
      queryAs<{ owed: number }>(db, 'service_role', `select public.schedule_enquiry_reminders('20 hours', 9, 'Asia/Kolkata', $1::timestamptz) as owed`, [
        moment,
      ]);
    const digests = async () =>
      (await db.query<{ status: string }>(`select status from public.enquiry_reminders where kind = 'digest' and digest_day = $1`, [day])).rows;

    await schedule(at('08:59'));
    expect(await digests()).toEqual([]);
    await schedule(at('09:00'));
    await schedule(at('09:01'));
    expect(await digests()).toEqual([{ status: 'pending' }]);

    // Sent when due, listing every open enquiry oldest first with its age and two links.
    await db.query(`update public.enquiry_reminders set next_attempt_at = now() where kind = 'digest' and digest_day = $1`, [day]);
    const before = smtp.received.length;
    await deliverReminders(store, transport, mail, settings, defaultPolicy);
    const sent = smtp.received.slice(before).filter((received) => received.parsed.messageId === `<enquiry-digest-${day}@company.test>`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.rcptTo).toEqual([staff]);
    const openRows = await queryAs<{ enquiry_id: string; name: string }>(db, 'service_role', 'select * from public.open_enquiries()');
    const text = sent[0]?.parsed.text ?? '';
    const listed = [...text.matchAll(/^\d+\. (.+?)(?: \(.*\))?: waited (.+?), /gm)].map((match) => match[1]);
    expect(listed).toEqual(openRows.map((row) => row.name));
    expect(listed).toContain('Asha Rao');
    expect(listed).not.toContain('Meera Iyer');
    expect([...text.matchAll(/Mark as answered: /g)]).toHaveLength(openRows.length);
    expect(sent[0]?.parsed.subject).toMatch(new RegExp(`^Enquiries waiting for an answer, ${day}: ${openRows.length} open enquir`));

    await schedule(at('18:00'));
    expect(await digests()).toEqual([{ status: 'sent' }]);
  });

  it('owes each office its own digest at its own hour, listing only its enquiries, to its own staff', async () => {
    const id = randomUUID();
    await queryAs(
      db,
      'anon',
      `insert into public.contact_submissions (id, name, email, company, message, office) values ($1, 'Tom Reed', $2, 'Reed Freight', 'Hello', 'GB')`,
      [id, `tom.${id.slice(0, 8)}@example.com`],
    );
    // A London working day ahead, so no digest of today's real runs can be that day's.
    const day = '2030-01-07';
    const london = [{ office: 'GB', day, at: '2030-01-07T09:00:00.000Z' }];
    const schedule = (moment: string) =>
      queryAs<{ owed: number }>(db, 'service_role', 'select public.schedule_office_digests($1::text::jsonb, $2::timestamptz) as owed', [
        JSON.stringify(london),
        moment,
      ]);
    const digests = async () =>
      (
        await db.query<{ office: string; status: string }>(`select office, status from public.enquiry_reminders where kind = 'digest' and digest_day = $1`, [
          day,
        ])
      ).rows;
    expect((await schedule('2030-01-07T08:59:00Z'))[0]?.owed).toBe(0);
    expect((await schedule('2030-01-07T09:00:00Z'))[0]?.owed).toBe(1);
    expect((await schedule('2030-01-07T09:01:00Z'))[0]?.owed).toBe(0);
    expect(await digests()).toEqual([{ office: 'GB', status: 'pending' }]);

    await db.query(`update public.enquiry_reminders set next_attempt_at = now() where kind = 'digest' and digest_day = $1`, [day]);
    const recipients = Object.fromEntries(
      ['IN', 'US', 'GB', 'CA', 'AU'].map((code) => [code, [`${code.toLowerCase()}@company.test`]]),
    ) as MailSettings['recipients'];
    const before = smtp.received.length;
    await deliverReminders(store, transport, { ...mail, recipients }, settings, defaultPolicy);
    const sent = smtp.received.slice(before).filter((received) => received.parsed.messageId === `<enquiry-digest-${day}-gb@company.test>`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.rcptTo).toEqual(['gb@company.test']);
    expect(sent[0]?.parsed.subject).toMatch(new RegExp(`^London enquiries waiting for an answer, ${day}: 1 open enquiry, `));
    const text = sent[0]?.parsed.text ?? '';
    expect([...text.matchAll(/^\d+\. (.+?)(?: \(.*\))?: waited /gm)].map((match) => match[1])).toEqual(['Tom Reed']);
    expect(text).toMatch(/London time/);
    expect(text).toContain("Sent at 09:00 London time on London's working days with open enquiries.");
    expect(await digests()).toEqual([{ office: 'GB', status: 'sent' }]);
    await queryAs(db, 'service_role', `select * from public.set_enquiry_state($1, 'answered', 'tom@company.test')`, [id]);
  });

  it('owes no digest on a day when every enquiry is answered or closed', async () => {
    await db.query(`update public.contact_submissions set state = 'closed', state_changed_at = now(), state_changed_by = 'test' where state = 'new'`);
    const [{ owed }] = await queryAs<{ owed: number }>(
      db,
      'service_role',
      `select public.schedule_enquiry_reminders('20 hours', 9, 'Asia/Kolkata', now() + interval '3 days') as owed`,
    );
    expect(owed).toBe(0);
    expect(await store.openEnquiries()).toEqual([]);
  });

  it('is invisible and untouchable for visitors (anon) and signed-in users', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      for (const sql of [
        'select * from public.enquiry_reminders',
        `insert into public.enquiry_reminders (kind, digest_day) values ('digest', '2030-01-01')`,
        `update public.enquiry_reminders set status = 'sent', sent_at = now()`,
        'delete from public.enquiry_reminders',
        `select public.schedule_enquiry_reminders('1 second', 0, 'UTC')`,
        `select * from public.claim_enquiry_reminders(10, '1 minute')`,
        'select * from public.open_enquiries()',
      ]) {
        await expect(queryAs(db, role, sql), `${role}: ${sql}`).rejects.toMatchObject({ code: '42501' });
      }
      for (const fn of serviceFunctions) {
        const { rows } = await db.query<{ allowed: boolean }>(`select has_function_privilege($1, $2, 'execute') as allowed`, [role, fn]);
        expect(rows[0]?.allowed, `${role} may execute ${fn}`).toBe(false);
      }
    }
  });
});

describe('reminder settings', () => {
  const read = (env: Record<string, string>) => readReminderConfig((name) => env[name], [staff]);

  it('defaults to 20 hours, a 09:00 digest in the head office time zone, and the staff address', () => {
    expect(read({})).toEqual({
      settings: { escalateTo: [staff], digestTo: [staff], remindAfterSeconds: 72_000, digestHour: 9, digestTimeZone: 'Asia/Kolkata', links: null },
      warnings: [expect.stringMatching(/^reminders and digests are sent without answer\/close links: SITE_URL is not set .*; ENQUIRY_LINK_SECRET is not set/)],
    });
  });

  it('takes a delay in seconds, minutes or hours, and names every problem', () => {
    expect(read({ ENQUIRY_REMIND_AFTER: '30s' })).toMatchObject({ settings: { remindAfterSeconds: 30 } });
    expect(read({ ENQUIRY_REMIND_AFTER: '90m' })).toMatchObject({ settings: { remindAfterSeconds: 5400 } });
    expect(read({ ENQUIRY_REMIND_AFTER: '24h', ENQUIRY_DIGEST_HOUR: '24', ENQUIRY_ESCALATE_TO: 'boss' })).toEqual({
      problems: [
        `ENQUIRY_ESCALATE_TO: 'boss' is not an e-mail address`,
        `ENQUIRY_REMIND_AFTER must be a time less than 24 hours written as a whole number and a unit (20h, 90m or 30s), not '24h': remove it for the default, 20h`,
        `ENQUIRY_DIGEST_HOUR must be a whole hour from 0 to 23 (each office's own time), not '24': remove it for the default, 9`,
      ],
    });
    expect(read({ ENQUIRY_REMIND_AFTER: '20' })).toHaveProperty('problems');
    expect(read({ ENQUIRY_REMIND_AFTER: '0s' })).toHaveProperty('problems');
  });

  it('sends without links, and says so, when the link settings are missing or wrong', () => {
    expect(read({ SITE_URL: 'https://www.company.test', ENQUIRY_LINK_SECRET: 'short' })).toMatchObject({
      settings: { links: null },
      warnings: [expect.stringMatching(/without answer\/close links: ENQUIRY_LINK_SECRET must be at least 32 characters \(it has 5\)/)],
    });
    expect(read({ SITE_URL: 'not a url', ENQUIRY_LINK_SECRET: secret })).toMatchObject({ settings: { links: null } });
  });
});
