/**
 * One run of the notifier: claim owed notifications a batch at a time, mark each handed, send it, mark it sent; a
 * failed attempt is owed again after a backoff, and after the last attempt it is marked failed with the reason.
 * A handed notification is never claimed again, so a run killed between sending and marking cannot send it twice
 * (20261206100000_reminders_sent_once.sql); it stays handed, which `npm run enquiries` shows.
 */
import { enquiryLinks } from '../_shared/link-settings.ts';
import { composeNotification, officeStaffOf, type MailSettings } from './message.ts';
import type { ClaimedNotification, MailTransport, NotificationStore, SqlRunner } from './types.ts';

/** The notification outbox's SQL functions (20261124090000_enquiry_notifications.sql and later), through `run`. */
export function sqlNotificationStore(run: SqlRunner): NotificationStore {
  return {
    claim: (batchSize, leaseSeconds) =>
      run<ClaimedNotification>('select * from public.claim_enquiry_notifications($1, make_interval(secs => $2))', [batchSize, leaseSeconds]),
    async markHanded(enquiryId, attempt) {
      const [row] = await run<{ handed: boolean }>('select public.enquiry_notification_handed($1, $2) as handed', [enquiryId, attempt]);
      return row?.handed === true;
    },
    async markSent(enquiryId) {
      await run('select public.enquiry_notification_sent($1)', [enquiryId]);
    },
    async markFailed(enquiryId, attempt, reason, retryAt) {
      await run('select public.enquiry_notification_failed($1, $2, $3, $4)', [enquiryId, attempt, reason, retryAt]);
    },
  };
}

export interface DeliveryPolicy {
  batchSize: number;
  /** How long a claim holds: longer than sending one batch can take, so only a dead run's claims run out. */
  leaseSeconds: number;
  maxAttempts: number;
  /** Delay before attempt n + 1: base × 2^(n − 1), at most maxRetryDelaySeconds. */
  retryBaseSeconds: number;
  maxRetryDelaySeconds: number;
  /** A run claims no new batch after this long, so it ends well within the platform's time limit. */
  timeBudgetMs: number;
}

export const defaultPolicy: DeliveryPolicy = {
  batchSize: 10,
  leaseSeconds: 180,
  maxAttempts: 10,
  retryBaseSeconds: 30,
  maxRetryDelaySeconds: 3600,
  timeBudgetMs: 60_000,
};

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
  /** Why attempts failed in this run, one line each, without the visitors' data. */
  errors: string[];
}

export function retryDelaySeconds(attempt: number, policy: DeliveryPolicy): number {
  return Math.min(policy.retryBaseSeconds * 2 ** Math.max(0, attempt - 1), policy.maxRetryDelaySeconds);
}

/** Errors that say the mail server cannot be reached, or not over TLS: the rest of this run would only fail the same way. */
const unreachable = new Set([
  'ETLS',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ESOCKET',
  'ECONNECTION',
  'EDNS',
]);

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const text = error.message.replace(/\s+/g, ' ').trim();
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
}

export function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && unreachable.has(code);
}

export async function deliverOwed(
  store: NotificationStore,
  transport: MailTransport,
  settings: MailSettings,
  policy: DeliveryPolicy = defaultPolicy,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, errors: [] };
  const deadline = Date.now() + policy.timeBudgetMs;
  let serverReachable = true;

  while (serverReachable && Date.now() < deadline) {
    const batch = await store.claim(policy.batchSize, policy.leaseSeconds);
    if (batch.length === 0) break;
    for (const notification of batch) {
      try {
        const links = settings.links
          ? await enquiryLinks(settings.links, notification.enquiry_id, undefined, officeStaffOf(settings, notification.office))
          : undefined;
        const mail = composeNotification(notification, settings, links);
        if (!(await store.markHanded(notification.enquiry_id, notification.attempt))) continue;
        await transport.send(mail);
      } catch (error) {
        const reason = describeError(error);
        const giveUp = notification.attempt >= policy.maxAttempts;
        const retryAt = giveUp ? null : new Date(Date.now() + retryDelaySeconds(notification.attempt, policy) * 1000);
        await store.markFailed(notification.enquiry_id, notification.attempt, reason, retryAt);
        report[giveUp ? 'failed' : 'retrying'] += 1;
        report.errors.push(`attempt ${notification.attempt} for ${notification.enquiry_id}: ${reason}`);
        if (isUnreachable(error)) serverReachable = false;
        continue;
      }
      await store.markSent(notification.enquiry_id);
      report.sent += 1;
    }
  }
  return report;
}
