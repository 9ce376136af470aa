/**
 * The Edge Function notify-enquiry, run under Deno as Supabase runs it, against PostgreSQL 15 (DATABASE_URL) and a
 * real SMTP server: every enquiry is e-mailed to staff once, a mail server that is down loses nothing, a run killed
 * between sending and marking never sends it again (the row stays handed), and hostile values cannot add headers,
 * recipients or markup.
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EnquiryRow } from '../../src/enquiry/enquiry.ts';
import { checkActionLink } from '../../supabase/functions/_shared/enquiry-links.ts';
import { denoBinary, serveFunction, type RunningFunction } from '../support/deno-function.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtp-sink.ts';
import { openMigrated, openThrowawayPostgres, postgresOnly, queryAs, type TestDatabase } from './support/test-databases.ts';

const entry = 'supabase/functions/notify-enquiry/index.ts';
const token = `test-token-${randomUUID()}`;
const staff = 'enquiries@company.test';

/** An enquiry as the form sends it. */
type Enquiry = EnquiryRow;

it('type-checks under Deno, as Supabase bundles it', async () => {
  const { stderr } = await promisify(execFile)(denoBinary(), ['check', '--node-modules-dir=manual', entry], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1' },
  });
  expect(stderr).toMatch(/Check .*index\.ts/);
}, 120_000);

describe('notify-enquiry under Deno, with PostgreSQL and SMTP', postgresOnly(), () => {
  let db: TestDatabase;
  let smtp: SmtpSink;
  let notifier: RunningFunction;
  let databaseUrl: string;
  let counter = 0;

  function functionEnv(overrides: Record<string, string> = {}): Record<string, string> {
    return {
      SUPABASE_DB_URL: databaseUrl,
      ENQUIRY_NOTIFY_TOKEN: token,
      ENQUIRY_NOTIFY_TO: staff,
      ENQUIRY_NOTIFY_FROM: 'Company Website <website@company.test>',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'false',
      // The test server is on this machine and has no TLS; notify-enquiry-tls.test.ts covers a server elsewhere.
      SMTP_ALLOW_PLAINTEXT_LOOPBACK: 'true',
      SMTP_TIMEOUT_SECONDS: '5',
      ENQUIRY_NOTIFY_RETRY_BASE_SECONDS: '0.2',
      ENQUIRY_NOTIFY_MAX_ATTEMPTS: '4',
      ...overrides,
    };
  }

  /** What staff received: every message but the visitors' acknowledgements (tests/db/enquiry-acknowledgements.db.test.ts). */
  const staffMail = () => smtp.received.filter((mail) => !mail.parsed.messageId?.startsWith('<enquiry-acknowledgement-'));

  async function store(overrides: Partial<Enquiry> = {}): Promise<Enquiry> {
    counter += 1;
    const enquiry: Enquiry = {
      id: randomUUID(),
      name: `Visitor ${counter}`,
      email: `visitor${counter}@example.com`,
      company: `Company ${counter}`,
      phone: '+91 120 555 0142',
      service: 'Cloud Infrastructure',
      message: `Enquiry number ${counter}: we would like to move our ERP to the cloud.`,
      ...overrides,
    };
    await queryAs(
      db,
      'anon',
      `insert into public.contact_submissions (id, name, email, company, phone, service, message) values ($1, $2, $3, $4, $5, $6, $7)`,
      [enquiry.id, enquiry.name, enquiry.email, enquiry.company, enquiry.phone, enquiry.service, enquiry.message],
    );
    return enquiry;
  }

  async function statuses(): Promise<Record<string, number>> {
    const { rows } = await db.query<{ status: string; count: number }>(
      'select status, count(*)::int as count from public.enquiry_notifications group by status',
    );
    return Object.fromEntries(rows.map((row) => [row.status, row.count]));
  }

  /** Calls the function until nothing is owed any more (waiting out backoffs), as the webhook and cron would. */
  async function drain(fn: RunningFunction = notifier, maxCalls = 50): Promise<void> {
    for (let call = 0; call < maxCalls; call += 1) {
      const { rows } = await db.query<{ owed: number }>(
        `select count(*)::int as owed from public.enquiry_notifications where status in ('pending', 'sending')`,
      );
      if (rows[0]!.owed === 0) return;
      const result = await fn.invoke(token);
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`still owed after ${maxCalls} calls: ${JSON.stringify(await statuses())}`);
  }

  function byEnquiry(mails: ReceivedMail[]): Map<string, ReceivedMail[]> {
    const map = new Map<string, ReceivedMail[]>();
    for (const mail of mails) {
      const id = /^<enquiry-([0-9a-f-]+)@company\.test>$/.exec(mail.parsed.messageId ?? '')?.[1] ?? 'unknown';
      map.set(id, [...(map.get(id) ?? []), mail]);
    }
    return map;
  }

  beforeAll(async () => {
    const opened = await openMigrated(() => openThrowawayPostgres(process.env.DATABASE_URL!));
    db = opened.db;
    databaseUrl = opened.db.url;
    smtp = await startSmtpSink();
    notifier = await serveFunction(entry, functionEnv());
  }, 90_000);

  afterAll(async () => {
    await notifier?.kill();
    await smtp?.stop();
    await db?.close();
  });

  beforeEach(async () => {
    smtp.received.length = 0;
    smtp.refuseWith(null);
    smtp.beforeAccept(null);
  });

  afterEach(async () => {
    await db.exec(`update public.enquiry_notifications set status = 'sent', sent_at = now(), claimed_until = null where status <> 'sent'`);
  });

  it('answers only a POST carrying its token, and then sends nothing it should not', async () => {
    await store();
    const wrong = await fetch(notifier.url, { method: 'POST', headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const get = await fetch(notifier.url);
    expect(get.status).toBe(405);
    expect(staffMail()).toHaveLength(0);
    expect(await statuses()).toMatchObject({ pending: 1 });
  });

  // 200 staff e-mails and the 200 visitors' acknowledgements through one Deno function: more than 30 s on a busy machine.
  it('e-mails 200 enquiries to staff exactly once each, with three runs claiming at the same time', { timeout: 120_000 }, async () => {
    const enquiries: Enquiry[] = [];
    for (let i = 0; i < 200; i += 1) enquiries.push(await store());
    const started = performance.now();
    const reports = await Promise.all([notifier.invoke(token), notifier.invoke(token), notifier.invoke(token)]);
    await drain();
    const seconds = (performance.now() - started) / 1000;

    expect(reports.map((r) => r.status)).toEqual([200, 200, 200]);
    const mails = byEnquiry(staffMail());
    expect(staffMail()).toHaveLength(200);
    expect([...mails.keys()].sort()).toEqual(enquiries.map((e) => e.id).sort());
    expect([...mails.values()].every((list) => list.length === 1)).toBe(true);
    expect(staffMail().every((mail) => mail.rcptTo.length === 1 && mail.rcptTo[0] === staff)).toBe(true);
    expect(await statuses()).toEqual({ sent: expect.any(Number) });
    console.info(`notify-enquiry: 200 enquiries e-mailed in ${seconds.toFixed(2)} s (sent 200, repeated 0, lost 0)`);
  });

  it('puts every field in the e-mail, Reply-To the enquirer, and never sends the staff e-mail to the enquirer', async () => {
    const enquiry = await store({
      name: 'Asha Rao',
      email: 'asha.rao@acme.example',
      company: 'Acme Pvt Ltd',
      phone: '+91 98765 43210',
      service: 'IT Consulting',
      message: 'Line one.\nLine two.',
    });
    await drain();
    const [mail] = staffMail();
    expect(mail?.rcptTo).toEqual([staff]);
    expect(mail?.mailFrom).toBe('website@company.test');
    const parsed = mail!.parsed;
    expect(parsed.subject).toBe('Enquiry: Asha Rao (Acme Pvt Ltd), IT Consulting');
    expect(parsed.replyTo?.value).toEqual([{ name: 'Asha Rao', address: 'asha.rao@acme.example' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value.map((a) => a.address) : []).toEqual([staff]);
    expect(parsed.messageId).toBe(`<enquiry-${enquiry.id}@company.test>`);
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    for (const value of ['Asha Rao', 'asha.rao@acme.example', 'Acme Pvt Ltd', '+91 98765 43210', 'IT Consulting', 'Line one.\nLine two.', enquiry.id]) {
      expect(parsed.text, value).toContain(value);
    }
    expect(parsed.html).toContain('<td style="padding:4px 12px 4px 0;vertical-align:top;text-align:left">Acme Pvt Ltd</td>');
  });

  it('keeps hostile values from adding headers, recipients or markup', async () => {
    const enquiry = await store({
      // U+202E (right-to-left override) and U+2066 (isolate) would turn the rest of the Subject round; they go.
      name: 'Eve\u202e\r\nBcc: victim@example.net\r\nX-Injected: \u2066yes',
      // A list of addresses ('eve,victim@attacker.example') is refused by the table since 20261127090000; the
      // notifier's own refusal of such stored rows is tested in tests/unit/notify-enquiry-message.test.ts.
      email: 'eve@attacker.example',
      company: '<img src=x onerror=alert(1)>',
      message: 'Hello\r\n.\r\nMAIL FROM:<x@y.z>\r\nRCPT TO:<victim@example.net>\r\n<script>alert(1)</script> & "quotes"',
    });
    await drain();
    expect(staffMail()).toHaveLength(1);
    const [mail] = staffMail() as [ReceivedMail];
    expect(mail.rcptTo).toEqual([staff]);
    const headerBlock = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
    expect(headerBlock).not.toMatch(/^(bcc|cc|x-injected):/im);
    expect(mail.parsed.headers.has('bcc')).toBe(false);
    expect(mail.parsed.headers.has('x-injected')).toBe(false);
    expect(mail.parsed.subject).toBe('Enquiry: Eve Bcc: victim@example.net X-Injected: yes (<img src=x onerror=alert(1)>), Cloud Infrastructure');
    expect(mail.parsed.replyTo?.value).toEqual([{ address: 'eve@attacker.example', name: 'Eve Bcc: victim@example.net X-Injected: yes' }]);
    expect(mail.parsed.html).not.toContain('<img src=x');
    expect(mail.parsed.html).not.toContain('<script>');
    expect(mail.parsed.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;quotes&#34;');
    // The lone dot and the SMTP commands arrive as text: the message did not end early.
    expect(mail.parsed.text).toContain('Hello\n.\nMAIL FROM:<x@y.z>\nRCPT TO:<victim@example.net>');
    expect(mail.parsed.messageId).toBe(`<enquiry-${enquiry.id}@company.test>`);
  });

  it('loses nothing while the mail server is down, and sends each once when it is back', async () => {
    await smtp.stop();
    const enquiries: Enquiry[] = [];
    try {
      for (let i = 0; i < 25; i += 1) enquiries.push(await store());
      for (let call = 0; call < 3; call += 1) {
        const { status, body } = await notifier.invoke(token);
        expect(status).toBe(200);
        expect(body.sent).toBe(0);
        await new Promise((r) => setTimeout(r, 500));
      }
      const { rows } = await db.query<{ last_error: string; attempts: number }>(
        `select last_error, attempts from public.enquiry_notifications where enquiry_id = $1`,
        [enquiries[0]!.id],
      );
      expect(rows[0]?.last_error).toMatch(/ECONNREFUSED/);
      expect(rows[0]?.attempts).toBeGreaterThanOrEqual(2);
      expect(await statuses()).not.toHaveProperty('failed');
    } finally {
      await smtp.start();
    }
    await drain();
    const mails = byEnquiry(staffMail());
    expect(staffMail()).toHaveLength(25);
    expect([...mails.keys()].sort()).toEqual(enquiries.map((e) => e.id).sort());
    console.info('notify-enquiry: mail server down for 3 runs, then back: sent 25, repeated 0, lost 0');
  });

  it('gives up after the last attempt with the server’s reason, and staff can owe it again', async () => {
    smtp.refuseWith(550);
    const enquiry = await store();
    for (let call = 0; call < 12; call += 1) {
      await notifier.invoke(token);
      const { rows } = await db.query<{ status: string }>(`select status from public.enquiry_notifications where enquiry_id = $1`, [enquiry.id]);
      if (rows[0]?.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 400));
    }
    const { rows } = await db.query<{ status: string; attempts: number; last_error: string }>(
      `select status, attempts, last_error from public.enquiry_notifications where enquiry_id = $1`,
      [enquiry.id],
    );
    expect(rows[0]).toMatchObject({ status: 'failed', attempts: 4 });
    expect(rows[0]?.last_error).toMatch(/550/);

    smtp.refuseWith(null);
    await queryAs(db, 'service_role', 'select public.retry_failed_enquiry_notifications()');
    await drain();
    expect(staffMail().map((mail) => mail.parsed.messageId)).toEqual([`<enquiry-${enquiry.id}@company.test>`]);
  });

  it('never sends twice when the run is killed between sending and marking: the row stays handed', async () => {
    const doomed = await serveFunction(entry, functionEnv({ ENQUIRY_NOTIFY_LEASE_SECONDS: '2' }));
    const enquiry = await store();
    // The moment the server has the whole message and before it answers 250, the run is frozen; it is killed
    // once the server has kept the message, so the message is delivered and never marked.
    smtp.beforeAccept(async () => {
      doomed.process.kill('SIGSTOP');
    });
    const call = doomed.invoke(token).catch(() => 'killed');
    await smtp.waitFor(1);
    await doomed.kill();
    expect(await call).toBe('killed');
    smtp.beforeAccept(null);
    expect(await statuses()).toMatchObject({ handed: 1 });

    // A handed notification has no claim to run out: no later run sends it again.
    expect((await notifier.invoke(token)).body).toMatchObject({ sent: 0, retrying: 0, failed: 0 });
    expect(staffMail().map((mail) => mail.parsed.messageId)).toEqual([`<enquiry-${enquiry.id}@company.test>`]);
    const { rows } = await db.query<{ status: string; attempts: number }>(`select status, attempts from public.enquiry_notifications where enquiry_id = $1`, [
      enquiry.id,
    ]);
    expect(rows[0]).toEqual({ status: 'handed', attempts: 1 });
    console.info('notify-enquiry: run killed between send and mark: sent 1, repeated 0, left handed for staff to check');
  });

  it('carries the signed "Mark as answered" links with SITE_URL and ENQUIRY_LINK_SECRET, and without them sends anyway, saying why', async () => {
    const secret = randomBytes(32).toString('hex');
    const withLinks = await serveFunction(entry, functionEnv({ SITE_URL: 'https://www.kalpaka.example', ENQUIRY_LINK_SECRET: secret }));
    try {
      const enquiry = await store();
      await drain(withLinks);
      const text = staffMail()[0]!.parsed.text ?? '';
      const answered = /Mark as answered: (\S+)/.exec(text)?.[1];
      expect(answered).toMatch(/^https:\/\/www\.kalpaka\.example\/staff\/enquiry\?/);
      expect(await checkActionLink(new URL(answered!).searchParams, secret)).toMatchObject({ ok: true, claims: { enquiry: enquiry.id, action: 'answered' } });
      expect(staffMail()[0]!.parsed.html).toContain('>Close, no answer needed</a>');
    } finally {
      await withLinks.kill();
    }

    smtp.received.length = 0;
    await store();
    await drain();
    expect(staffMail()).toHaveLength(1);
    expect(staffMail()[0]!.parsed.text).not.toContain('Mark as answered');
    expect(notifier.output()).toContain('staff e-mails go out without their "Mark as answered" links: SITE_URL is not set');
  });
});
