/**
 * Reminders before the 24-hour promise is broken, and each office's daily digest (docs/STAFF.md). Part of the notifier
 * rather than a sibling function: it needs the same SMTP settings, transport and retry rules, and the same wake-up
 * (Supabase Cron calls this function through the Vault secrets it already has), so there is nothing new to deploy or
 * to keep in step. Each run first owes what is due (schedule_enquiry_reminders, once per message whatever calls it),
 * then claims, hands over, sends and marks it like the staff notifications: a message is marked handed just before it
 * goes to the mail server and is never claimed again, so a run killed before marking it sent never sends it twice.
 * The visitor's acknowledgement of each enquiry (acknowledgement-message.ts) goes through the same outbox and steps.
 */
import { enquiryLinks, readLinkSettings, type LinkSettings } from '../_shared/link-settings.ts';
import { headquarters, officeByCode } from '../_shared/offices.ts';
import { officeDigests, type OfficeDigest } from './office-digests.ts';
import { composeAcknowledgement } from './acknowledgement-message.ts';
import { supabaseHostedBy } from './config.ts';
import { describeError, isUnreachable, retryDelaySeconds, type DeliveryPolicy, type DeliveryReport } from './deliver.ts';
import { isPlainAddress, officeStaffOf, type MailSettings } from './message.ts';
import { composeDigest, composeReminder, type ActionLinks } from './reminder-message.ts';
import type { MailTransport, SqlRunner } from './types.ts';

export interface ReminderSettings {
  /** Who gets the reminder and overdue messages: ENQUIRY_ESCALATE_TO, or the staff addresses. */
  escalateTo: string[];
  /** Who gets a digest that names no office (one owed by a notifier older than the offices' digests). */
  digestTo: string[];
  remindAfterSeconds: number;
  /** The hour of each office's digest, in the office's own time (ENQUIRY_DIGEST_HOUR). */
  digestHour: number;
  digestTimeZone: string;
  /** Where the links point and the secret that signs them; null sends without links. */
  links: Pick<LinkSettings, 'pageUrl' | 'secret'> | null;
}

/** A reminder, overdue warning, digest or visitor's acknowledgement owed and claimed for one run; a digest has no enquiry. */
export interface ClaimedReminder {
  /** The outbox row's id (a bigint, read as text). */
  reminder_id: string;
  kind: 'reminder' | 'overdue' | 'digest' | 'acknowledgement';
  attempt: number;
  /** The digest's calendar day, YYYY-MM-DD in its office's time zone. */
  digest_day: string | null;
  enquiry_id: string | null;
  created_at: Date | string | null;
  name: string | null;
  company: string | null;
  /** What the acknowledgement needs (20261206120000_enquiry_acknowledgements.sql); null for a digest. */
  email?: string | null;
  service?: string | null;
  office?: string | null;
  visitor_time_zone?: string | null;
  due_at?: Date | string | null;
  /** Who owns the enquiry (20261206140000_enquiry_owners.sql); null while nobody has taken it. */
  owner_address?: string | null;
  owner_name?: string | null;
}

export interface OpenEnquiry {
  enquiry_id: string;
  created_at: Date | string;
  name: string;
  company: string | null;
  /** The answering office (the headquarters' when none was chosen) and the due time on its clock, once dated. */
  office?: string | null;
  due_at?: Date | string | null;
  owner_name?: string | null;
}

export interface ReminderStore {
  /** Owes what is due now (schedule_enquiry_reminders); returns how many messages it owed. No digest hour: no digest. */
  schedule(remindAfterSeconds: number, digestHour: number | null, timeZone: string): Promise<number>;
  /** Owes the offices' digests that are due (schedule_office_digests). */
  scheduleDigests(digests: OfficeDigest[]): Promise<number>;
  /** Owes the visitors' acknowledgements (schedule_enquiry_acknowledgements): at most one per mailbox an hour. */
  scheduleAcknowledgements(): Promise<number>;
  claim(batchSize: number, leaseSeconds: number): Promise<ClaimedReminder[]>;
  openEnquiries(): Promise<OpenEnquiry[]>;
  /** Just before the mail server gets it: never claimed again after this. False when the claim ran out: do not send. */
  markHanded(reminderId: string, attempt: number): Promise<boolean>;
  markSent(reminderId: string): Promise<void>;
  markFailed(reminderId: string, attempt: number, reason: string, retryAt: Date | null): Promise<void>;
}

export function sqlReminderStore(run: SqlRunner): ReminderStore {
  return {
    async schedule(remindAfterSeconds, digestHour, timeZone) {
      const [row] = await run<{ owed: number }>('select public.schedule_enquiry_reminders(make_interval(secs => $1), $2, $3) as owed', [
        remindAfterSeconds,
        digestHour,
        timeZone,
      ]);
      return Number(row?.owed ?? 0);
    },
    async scheduleDigests(digests) {
      const [row] = await run<{ owed: number }>('select public.schedule_office_digests($1::text::jsonb) as owed', [JSON.stringify(digests)]);
      return Number(row?.owed ?? 0);
    },
    async scheduleAcknowledgements() {
      const [row] = await run<{ owed: number }>('select public.schedule_enquiry_acknowledgements() as owed', []);
      return Number(row?.owed ?? 0);
    },
    claim: (batchSize, leaseSeconds) =>
      run<ClaimedReminder>(
        `select reminder_id::text as reminder_id, kind, attempt, digest_day::text as digest_day, enquiry_id, created_at, name, company,
                email, service, office, visitor_time_zone, due_at, owner_address, owner_name
         from public.claim_enquiry_reminders($1, make_interval(secs => $2))`,
        [batchSize, leaseSeconds],
      ),
    openEnquiries: () => run<OpenEnquiry>('select * from public.open_enquiries()', []),
    async markHanded(reminderId, attempt) {
      const [row] = await run<{ handed: boolean }>('select public.enquiry_reminder_handed($1, $2) as handed', [reminderId, attempt]);
      return row?.handed === true;
    },
    async markSent(reminderId) {
      await run('select public.enquiry_reminder_sent($1)', [reminderId]);
    },
    async markFailed(reminderId, attempt, reason, retryAt) {
      await run('select public.enquiry_reminder_failed($1, $2, $3, $4)', [reminderId, attempt, reason, retryAt]);
    },
  };
}

type Env = (name: string) => string | undefined;

/** The site's promise: an answer within 24 hours of the answering office's working time (enquiry-due.ts). */
export const promiseSeconds = 24 * 60 * 60;

/** ENQUIRY_REMIND_AFTER's default: 20 hours of working time, 4 before the promise is broken. */
export const defaultRemindAfterSeconds = 20 * 3600;

const durationUnits: Record<string, number> = { s: 1, m: 60, h: 3600 };

/**
 * The reminder settings, with every problem named; `warnings` say what works differently (no links) but loses nothing.
 * ENQUIRY_REMIND_AFTER is a whole number with a unit (20h, 90m, 30s): seconds for trying it out locally, hours for
 * the real thing, and never read as the wrong unit.
 */
export function readReminderConfig(env: Env, staffTo: string[]): { settings: ReminderSettings; warnings: string[] } | { problems: string[] } {
  const problems: string[] = [];
  const warnings: string[] = [];

  const escalateRaw = (env('ENQUIRY_ESCALATE_TO') ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  for (const address of escalateRaw) if (!isPlainAddress(address)) problems.push(`ENQUIRY_ESCALATE_TO: '${address}' is not an e-mail address`);

  let remindAfterSeconds = defaultRemindAfterSeconds;
  const remindRaw = env('ENQUIRY_REMIND_AFTER') ?? '';
  if (remindRaw) {
    const match = /^(\d{1,6})([smh])$/.exec(remindRaw);
    remindAfterSeconds = match ? Number(match[1]) * durationUnits[match[2]!]! : NaN;
    if (!(remindAfterSeconds > 0 && remindAfterSeconds < promiseSeconds)) {
      problems.push(
        `ENQUIRY_REMIND_AFTER must be a time less than 24 hours written as a whole number and a unit (20h, 90m or 30s), not '${remindRaw}': remove it for the default, 20h`,
      );
    }
  }

  let digestHour = 9;
  const hourRaw = env('ENQUIRY_DIGEST_HOUR') ?? '';
  if (hourRaw) {
    digestHour = /^\d{1,2}$/.test(hourRaw) ? Number(hourRaw) : NaN;
    if (!(digestHour >= 0 && digestHour <= 23)) {
      problems.push(`ENQUIRY_DIGEST_HOUR must be a whole hour from 0 to 23 (each office's own time), not '${hourRaw}': remove it for the default, 9`);
    }
  }

  // The links are a convenience: without them (or with a bad value) every reminder still goes out, saying how to
  // record the answer instead. Read as the first staff e-mail reads them (_shared/link-settings.ts).
  const linkSettings = readLinkSettings(env, supabaseHostedBy(env));
  const links = 'problems' in linkSettings ? null : { pageUrl: linkSettings.pageUrl, secret: linkSettings.secret };
  if ('problems' in linkSettings) warnings.push(`reminders and digests are sent without answer/close links: ${linkSettings.problems.join('; ')}`);

  if (problems.length > 0) return { problems };
  return {
    settings: {
      escalateTo: escalateRaw.length > 0 ? escalateRaw : staffTo,
      digestTo: staffTo,
      remindAfterSeconds,
      digestHour,
      digestTimeZone: headquarters.timeZone,
      links,
    },
    warnings,
  };
}

/** The enquiry's links; "I'll take it" for each of the office's staff while nobody owns it. */
async function linksFor(
  settings: ReminderSettings,
  mail: MailSettings,
  enquiry: { enquiry_id: string | null; office?: string | null; owner_name?: string | null },
  now: Date,
): Promise<ActionLinks | null> {
  return settings.links ? enquiryLinks(settings.links, enquiry.enquiry_id!, now, enquiry.owner_name ? [] : officeStaffOf(mail, enquiry.office)) : null;
}

/** One run of the reminder step: owe what is due, then send what is owed, as deliverOwed does for notifications. */
export async function deliverReminders(
  store: ReminderStore,
  transport: MailTransport,
  mail: MailSettings,
  settings: ReminderSettings,
  policy: DeliveryPolicy,
): Promise<DeliveryReport & { acknowledged: number }> {
  // Acknowledgements are counted apart: `sent` is what staff received.
  const report = { sent: 0, acknowledged: 0, retrying: 0, failed: 0, errors: [] as string[] };
  await store.schedule(settings.remindAfterSeconds, null, settings.digestTimeZone);
  await store.scheduleDigests(officeDigests(new Date(), settings.digestHour));
  await store.scheduleAcknowledgements();
  const deadline = Date.now() + policy.timeBudgetMs;
  let serverReachable = true;

  while (serverReachable && Date.now() < deadline) {
    const batch = await store.claim(policy.batchSize, policy.leaseSeconds);
    if (batch.length === 0) break;
    for (const reminder of batch) {
      try {
        const now = new Date();
        let message;
        if (reminder.kind === 'digest') {
          // An office's digest lists that office's enquiries; one naming no office (an older notifier's) lists them all.
          const open = (await store.openEnquiries()).filter((enquiry) => !reminder.office || officeByCode(enquiry.office).code === reminder.office);
          const listed = await Promise.all(open.map(async (enquiry) => ({ ...enquiry, links: await linksFor(settings, mail, enquiry, now) })));
          message = composeDigest(reminder, listed, mail, settings, now);
        } else if (reminder.kind === 'acknowledgement') {
          message = composeAcknowledgement(reminder, mail);
        } else {
          message = composeReminder(reminder, await linksFor(settings, mail, reminder, now), mail, settings, now);
        }
        if (!(await store.markHanded(reminder.reminder_id, reminder.attempt))) continue;
        await transport.send(message);
      } catch (error) {
        const reason = describeError(error);
        const giveUp = reminder.attempt >= policy.maxAttempts;
        const retryAt = giveUp ? null : new Date(Date.now() + retryDelaySeconds(reminder.attempt, policy) * 1000);
        await store.markFailed(reminder.reminder_id, reminder.attempt, reason, retryAt);
        report[giveUp ? 'failed' : 'retrying'] += 1;
        report.errors.push(`attempt ${reminder.attempt} for ${reminder.kind} ${reminder.enquiry_id ?? reminder.digest_day}: ${reason}`);
        if (isUnreachable(error)) serverReachable = false;
        continue;
      }
      await store.markSent(reminder.reminder_id);
      report[reminder.kind === 'acknowledgement' ? 'acknowledged' : 'sent'] += 1;
    }
  }
  return report;
}
