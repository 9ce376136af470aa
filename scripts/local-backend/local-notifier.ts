/**
 * Staff notifications on the local backend: the Edge Function's own code (supabase/functions/notify-enquiry/),
 * run against PGlite after each insert and on a timer, sending to the local mail viewer unless the environment
 * names another server (the same variables as the function's secrets). Each run also sends the reminders and digest
 * that are due, as the function does (`ENQUIRY_REMIND_AFTER=30s ENQUIRY_CLOCK=calendar npm run dev` shows one within
 * a minute, whatever the day: without ENQUIRY_CLOCK, the offices' working clocks hold it until their opening hours).
 */
import type { PGlite } from '@electric-sql/pglite';
import type { LinkSettings } from '../../supabase/functions/_shared/link-settings.ts';
import { company, email as companyEmail } from '../../src/config/company.ts';
import { readNotifierConfig } from '../../supabase/functions/notify-enquiry/config.ts';
import { deliverOwed, sqlNotificationStore, type DeliveryReport } from '../../supabase/functions/notify-enquiry/deliver.ts';
import { createSmtpTransport } from '../../supabase/functions/notify-enquiry/smtp-transport.ts';
import { dateEnquiries, sqlDatingStore } from '../../supabase/functions/notify-enquiry/enquiry-due.ts';
import { deliverReminders, readReminderConfig, sqlReminderStore } from '../../supabase/functions/notify-enquiry/reminders.ts';
import type { SqlRunner } from '../../supabase/functions/notify-enquiry/types.ts';
import { mailSmtpPort } from './mail-catcher.ts';
import { localStaffDefaults } from './local-staff.ts';

/** What the local backend uses where the environment says nothing. */
const localDefaults: Record<string, string> = {
  ENQUIRY_NOTIFY_TO: companyEmail,
  ENQUIRY_NOTIFY_FROM: `${company.name} website <website@${companyEmail.split('@')[1]}>`,
  SMTP_TIMEOUT_SECONDS: '5',
  ENQUIRY_NOTIFY_RETRY_BASE_SECONDS: '5',
  ENQUIRY_NOTIFY_LEASE_SECONDS: '60',
};

/**
 * The local mail viewer, used unless the environment names a server (SMTP_HOST). It has no TLS, which config.ts allows
 * for a loopback host only; a server the environment names gets none of these, so it is spoken to over TLS.
 */
const mailViewer: Record<string, string> = {
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(mailSmtpPort),
  SMTP_SECURE: 'false',
  SMTP_ALLOW_PLAINTEXT_LOOPBACK: 'true',
};

export type LocalNotifier = ReturnType<typeof startLocalNotifier>;

interface LocalNotifierOptions {
  /** How often owed notifications (retries after a failure) are looked for without an insert. */
  intervalMs?: number;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** The action links' settings (local-actions.ts), used whatever the environment says, so they match the local function. */
  links?: LinkSettings;
}

export function startLocalNotifier(db: PGlite, options: LocalNotifierOptions = {}) {
  const { intervalMs = 10_000, env = process.env, log = (line) => console.log(`[notify] ${line}`), links } = options;
  const defaults = env.SMTP_HOST ? localDefaults : { ...localDefaults, ...mailViewer };
  const fixed: Record<string, string> = links ? { SITE_URL: links.siteOrigin, ENQUIRY_LINK_SECRET: links.secret } : {};
  // The offices' staff lists too, so the "I'll take it" links work with no configuration (local-staff.ts).
  const setting = (name: string) => fixed[name] ?? (env[name] || defaults[name] || localStaffDefaults[name]);
  const config = readNotifierConfig(setting);
  if ('problems' in config) throw new Error(`Staff notifications are not set up: ${config.problems.join('; ')}`);
  if (config.staffProblems.length > 0) log(`staff e-mails go out without their "I'll take it" links: ${config.staffProblems.join('; ')}`);
  if (config.linkProblems.length > 0) log(`staff e-mails go out without their "Mark as answered" links: ${config.linkProblems.join('; ')}`);
  const readReminders = readReminderConfig(setting, config.mail.to);
  if ('problems' in readReminders) throw new Error(`Staff reminders are not set up: ${readReminders.problems.join('; ')}`);
  const reminders = readReminders.settings;
  for (const warning of readReminders.warnings) log(warning);
  // ENQUIRY_CLOCK=calendar: every hour counts, so a reminder tried out at the weekend arrives now (docs/STAFF.md).
  const calendar = env.ENQUIRY_CLOCK === 'calendar';
  if (env.ENQUIRY_CLOCK && !calendar) throw new Error(`ENQUIRY_CLOCK must be 'calendar' or unset (the offices' working clocks), not '${env.ENQUIRY_CLOCK}'`);
  const run: SqlRunner = async <T>(sql: string, params: unknown[]) => (await db.query<T>(sql, params)).rows;
  const [store, reminderStore, datingStore] = [sqlNotificationStore(run), sqlReminderStore(run), sqlDatingStore(run)];
  const transport = createSmtpTransport(config.smtp);
  const server = `${config.smtp.host}:${config.smtp.port}`;

  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  // A failure is logged once until it changes, so a server that stays down is not reported every 10 s.
  const lastErrors = { enquiries: '', reminders: '' };
  function report(what: keyof typeof lastErrors, delivery: DeliveryReport, sentLine: string, failedLine: (count: number, error: string) => string) {
    if (delivery.sent > 0) log(sentLine);
    const error = delivery.errors.at(-1)?.replace(/^attempt \d+ for [^:]+: /, '') ?? '';
    if (error && error !== lastErrors[what]) log(failedLine(delivery.retrying + delivery.failed, error));
    lastErrors[what] = error;
  }

  const runOnce = async () => {
    try {
      await dateEnquiries(datingStore, reminders.remindAfterSeconds, { calendar });
      const owed = await deliverOwed(store, transport, config.mail, config.policy);
      const emailed = `e-mailed ${plural(owed.sent, 'enquiry', 'enquiries')} to ${config.mail.to.join(', ')} through ${server}`;
      report('enquiries', owed, emailed, (count, error) => `could not send ${count} (${error}); will retry; see npm run enquiries`);
      const reminded = await deliverReminders(reminderStore, transport, config.mail, reminders, config.policy);
      const sentReminders = `sent ${plural(reminded.sent, 'reminder', 'reminders')} about open enquiries through ${server}`;
      report('reminders', reminded, sentReminders, (count, error) => `could not send ${count} reminders (${error}); will retry`);
      if (reminded.acknowledged > 0) log(`acknowledged ${plural(reminded.acknowledged, 'enquiry', 'enquiries')} to the visitor through ${server}`);
    } catch (error) {
      log(`run failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  // One run at a time: a wake during a run queues one more right after it (at most one waits).
  let runs = Promise.resolve();
  let queued = false;
  /** Runs the notifier now, or once more right after the run in progress. */
  function wake(): void {
    if (queued) return;
    queued = true;
    runs = runs.then(() => {
      queued = false;
      return runOnce();
    });
  }
  const timer = setInterval(wake, intervalMs).unref();
  wake();
  return {
    wake,
    /** Resolves when the runs asked for so far are done. */
    settled: () => runs,
    async close() {
      clearInterval(timer);
      await runs;
      transport.close();
    },
  };
}
