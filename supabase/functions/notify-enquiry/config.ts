/** The notifier's settings from its secrets (environment variables), with every problem named at once. */
import { defaultPolicy, type DeliveryPolicy } from './deliver.ts';
import { isPlainAddress, type MailSettings } from './message.ts';
import type { SmtpSettings } from './smtp-transport.ts';

export interface NotifierConfig {
  mail: MailSettings;
  smtp: SmtpSettings;
  policy: DeliveryPolicy;
}

type Env = (name: string) => string | undefined;

/** Ports Supabase Edge Functions cannot connect to (supabase.com/docs/guides/functions/limits). */
const blockedOnSupabase = new Set([25, 587]);

function positiveNumber(env: Env, name: string, fallback: number, problems: string[]): number {
  const raw = env(name);
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) problems.push(`${name} must be a positive number, not '${raw}'`);
  return value;
}

/** `Name <address>` or a bare address. */
function parseMailbox(value: string): { name: string; address: string } | null {
  const match = /^\s*(?:"?([^"<>]*?)"?\s*<([^<>\s]+)>|([^<>\s]+))\s*$/.exec(value);
  const address = match?.[2] ?? match?.[3];
  if (!address || !isPlainAddress(address)) return null;
  return { name: (match?.[1] ?? '').trim(), address };
}

export function readNotifierConfig(env: Env): NotifierConfig | { problems: string[] } {
  const problems: string[] = [];
  const to = (env('ENQUIRY_NOTIFY_TO') ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  if (to.length === 0) problems.push('ENQUIRY_NOTIFY_TO is not set (the staff address, or several separated by commas)');
  for (const address of to) if (!isPlainAddress(address)) problems.push(`ENQUIRY_NOTIFY_TO: '${address}' is not an e-mail address`);

  const fromRaw = env('ENQUIRY_NOTIFY_FROM') ?? '';
  const from = parseMailbox(fromRaw);
  if (!from) problems.push(fromRaw ? `ENQUIRY_NOTIFY_FROM: '${fromRaw}' is not "Name <address>" or an address` : 'ENQUIRY_NOTIFY_FROM is not set');

  const host = env('SMTP_HOST') ?? '';
  if (!host) problems.push('SMTP_HOST is not set');
  const port = positiveNumber(env, 'SMTP_PORT', 465, problems);
  const onSupabase = /\.supabase\.co$/.test(new URL(env('SUPABASE_URL') || 'http://localhost').hostname);
  if (onSupabase && blockedOnSupabase.has(port)) {
    problems.push(`SMTP_PORT ${port} is blocked on Supabase Edge Functions: use 465 (or your provider's 2465/2587)`);
  }
  const secureRaw = env('SMTP_SECURE');
  const secure = secureRaw ? secureRaw === 'true' : port === 465 || port === 2465;
  const timeoutSeconds = positiveNumber(env, 'SMTP_TIMEOUT_SECONDS', 20, problems);

  const d = defaultPolicy;
  const policy: DeliveryPolicy = {
    ...d,
    maxAttempts: positiveNumber(env, 'ENQUIRY_NOTIFY_MAX_ATTEMPTS', d.maxAttempts, problems),
    retryBaseSeconds: positiveNumber(env, 'ENQUIRY_NOTIFY_RETRY_BASE_SECONDS', d.retryBaseSeconds, problems),
    leaseSeconds: positiveNumber(env, 'ENQUIRY_NOTIFY_LEASE_SECONDS', d.leaseSeconds, problems),
  };

  if (problems.length > 0 || !from) return { problems };
  const user = env('SMTP_USER');
  return {
    mail: { from, to },
    smtp: { host, port, secure, timeoutSeconds, ...(user ? { user, password: env('SMTP_PASSWORD') ?? '' } : {}) },
    policy,
  };
}
