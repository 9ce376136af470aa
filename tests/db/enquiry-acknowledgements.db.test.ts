/**
 * The visitor's acknowledgement (issue 44, point 5), on PGlite and (with DATABASE_URL) PostgreSQL 15: enquiries stored
 * as the form stores them (anon, through the rate limits), dated and sent by the notifier's own steps
 * (enquiry-due.ts, reminders.ts) to a real SMTP server. Each run goes twice, and nothing goes out twice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiryReference } from '../../supabase/functions/_shared/enquiry-reference.ts';
import { defaultPolicy } from '../../supabase/functions/notify-enquiry/deliver.ts';
import { dateEnquiries, sqlDatingStore } from '../../supabase/functions/notify-enquiry/enquiry-due.ts';
import { zoneTime, type MailSettings } from '../../supabase/functions/notify-enquiry/message.ts';
import {
  defaultRemindAfterSeconds,
  deliverReminders,
  readReminderConfig,
  sqlReminderStore,
  type ReminderSettings,
  type ReminderStore,
} from '../../supabase/functions/notify-enquiry/reminders.ts';
import { createSmtpTransport } from '../../supabase/functions/notify-enquiry/smtp-transport.ts';
import type { MailTransport } from '../../supabase/functions/notify-enquiry/types.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtp-sink.ts';
import { databaseTargets, openMigrated, queryAs, setRequestHeaders, type TestDatabase } from './support/test-databases.ts';

const staff = 'enquiries@company.test';
const london = 'london@company.test';
const mail: MailSettings = {
  from: { name: 'Company Website', address: 'website@company.test' },
  to: [staff],
  recipients: { IN: [staff], US: [staff], GB: [london], CA: [staff], AU: [staff] },
};
const read = readReminderConfig(() => undefined, [staff]);
if ('problems' in read) throw new Error(read.problems.join('; '));
const settings: ReminderSettings = read.settings;

describe.each(databaseTargets)('acknowledgements on $label', ({ open }) => {
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

  interface Enquiry {
    email: string;
    name?: string;
    service?: string | null;
    office?: string | null;
    zone?: string | null;
    network?: string;
  }

  /** Stores an enquiry as the form does (anon, from `network`); the id, or null when the rate limits refused it. */
  async function submit({ email, name = 'Asha Rao', service = null, office = null, zone = null, network = '203.0.113.7' }: Enquiry): Promise<string | null> {
    const id = randomUUID();
    await setRequestHeaders(db, { 'cf-connecting-ip': network });
    try {
      await queryAs(
        db,
        'anon',
        `insert into public.contact_submissions (id, name, email, company, phone, service, message, office, visitor_time_zone)
         values ($1, $2, $3, 'SECRET-COMPANY Ltd', '+44 20 7946 0000', $4, 'SECRET-MESSAGE: please call http://spam.example', $5, $6)`,
        [id, name, email, service, office, zone],
      );
      return id;
    } catch (error) {
      if ((error as { code?: string }).code !== 'P0001' && !/limit|too many/i.test(String(error))) throw error;
      return null;
    } finally {
      await setRequestHeaders(db, null);
    }
  }

  /** The notifier's run as index.ts makes it, twice: date, then the reminder step (which owes and sends acknowledgements). */
  async function runTwice(): Promise<void> {
    for (let run = 0; run < 2; run += 1) {
      await dateEnquiries(
        sqlDatingStore((sql, params) => queryAs(db, 'service_role', sql, params)),
        defaultRemindAfterSeconds,
      );
      await deliverReminders(store, transport, mail, settings, defaultPolicy);
    }
  }

  const to = (address: string): ReceivedMail[] => smtp.received.filter((received) => received.rcptTo.includes(address));

  it('sends one acknowledgement with the reference, the service, the office and the due time in the visitor zone', async () => {
    const id = (await submit({ email: 'asha.rao@example.com', service: 'Cloud Infrastructure', office: 'GB', zone: 'America/New_York' }))!;
    await runTwice();
    const [ack, ...more] = to('asha.rao@example.com');
    expect(more).toEqual([]);
    const [row] = await queryAs<{ due_at: Date }>(db, 'service_role', 'select due_at from public.contact_submissions where id = $1', [id]);
    const text = ack?.parsed.text ?? '';
    expect(ack?.parsed.subject).toBe(`We received your enquiry (${enquiryReference(id)})`);
    expect(ack?.parsed.from?.value[0]?.address).toBe('website@company.test');
    expect(ack?.parsed.replyTo?.value[0]?.address).toBe(london);
    expect(ack?.parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(text).toContain('Hello Asha Rao,');
    expect(text).toContain(`Reference:   ${enquiryReference(id)}`);
    expect(text).toContain('About:       Cloud Infrastructure');
    expect(text).toContain('Answered by: our London office');
    expect(text).toContain(`Answer by:   ${zoneTime(new Date(row!.due_at), 'America/New_York')} (your time, America/New_York)`);
    expect(text).toContain('within 24 hours of our working time');
    expect(text).toContain('not me');
    // Nothing the visitor typed but the name: no message, company, phone or link of theirs.
    for (const typed of ['SECRET', 'spam.example', '7946']) expect(ack?.raw).not.toContain(typed);

    const rows = await queryAs<{ status: string; attempts: number }>(
      db,
      'service_role',
      `select status, attempts from public.enquiry_reminders where enquiry_id = $1 and kind = 'acknowledgement'`,
      [id],
    );
    expect(rows).toEqual([{ status: 'sent', attempts: 1 }]);
  });

  it('sends at most one for 10 submissions in a minute from one mailbox, however it is spelt and wherever they come from', async () => {
    const spellings = ['ravi.kumar@gmail.com', 'RaviKumar@gmail.com', 'ravikumar+quote@googlemail.com', 'r.a.v.i.kumar@gmail.com'];
    const ids = [];
    for (let i = 0; i < 10; i += 1) ids.push(await submit({ email: spellings[i % spellings.length]!, network: `198.51.100.${i + 1}` }));
    const stored = ids.filter(Boolean);
    expect(stored.length).toBeGreaterThan(1);
    await runTwice();
    const sent = smtp.received.filter(
      (received) => received.parsed.messageId?.startsWith('<enquiry-acknowledgement-') && stored.some((id) => received.parsed.messageId?.includes(id!)),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.parsed.messageId).toBe(`<enquiry-acknowledgement-${stored[0]}@company.test>`);
  });

  it('falls back to the office zone, named, and to "your enquiry" without a service', async () => {
    await submit({ email: 'meera@example.com', service: 'Other', zone: 'Not/A_Zone' });
    await runTwice();
    const text = to('meera@example.com')[0]?.parsed.text ?? '';
    expect(text).toContain('About:       your enquiry');
    expect(text).toContain('Answered by: our Noida office');
    expect(text).toMatch(/Answer by: {3}.+ \(Noida time, Asia\/Kolkata\)/);
  });

  it('keeps the name one harmless line, and leaves it out when it looks like an address or a link', async () => {
    await submit({ email: 'eve@example.com', name: 'Eve\u2028Bcc: victim@example.org' });
    await submit({ email: 'link@example.com', name: 'Buy now at cheap-pills.example' });
    await runTwice();
    const [eve] = to('eve@example.com');
    expect(to('victim@example.org')).toEqual([]);
    expect(eve?.rcptTo).toEqual(['eve@example.com']);
    expect(eve?.parsed.headers.has('bcc')).toBe(false);
    expect(eve?.parsed.text).toMatch(/^Hello,$/m);
    expect(to('link@example.com')[0]?.parsed.text).toMatch(/^Hello,$/m);
    expect(to('link@example.com')[0]?.raw).not.toContain('cheap-pills');
  });

  it('owes none for an enquiry from before the last day, and none to visitors through the API', async () => {
    const id = (await submit({ email: 'old@example.com' }))!;
    await db.query(`update public.contact_submissions set created_at = now() - interval '25 hours' where id = $1`, [id]);
    await runTwice();
    expect(to('old@example.com')).toEqual([]);
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(queryAs(db, role, 'select public.schedule_enquiry_acknowledgements()')).rejects.toThrow(/permission denied/);
    }
  });
});
