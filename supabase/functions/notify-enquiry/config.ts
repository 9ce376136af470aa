/** The notifier's settings from its secrets (environment variables), with every problem named at once. */
import { readLinkSettings } from '../_shared/link-settings.ts';
import { addressList, readOfficeRecipients, readOfficeStaff } from '../_shared/staff.ts';
import { defaultPolicy, type DeliveryPolicy } from './deliver.ts';
import { isPlainAddress, type MailSettings } from './message.ts';
import type { SmtpSettings } from './smtp-transport.ts';

export interface NotifierConfig {
  mail: MailSettings;
  smtp: SmtpSettings;
  policy: DeliveryPolicy;
  /**
   * Why staff e-mails go out without their "Mark as answered" and "Close, no answer needed" links (SITE_URL or
   * ENQUIRY_LINK_SECRET missing or unusable), or empty. Not a reason to hold an e-mail back: an enquiry is never
   * left unannounced for a link.
   */
  linkProblems: string[];
  /** Why the offices' staff lists (ENQUIRY_STAFF_<office>) do not read: e-mails then carry no "I'll take it" links. */
  staffProblems: string[];
}

type Env = (name: string) => string | undefined;

/** Ports Supabase Edge Functions cannot connect to (supabase.com/docs/guides/functions/limits). */
const blockedOnSupabase = new Set([25, 587]);

/** Host names that reach only this machine: the one place a mail server may be spoken to in clear. */
const loopbackHost = /^(?:localhost|127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}|::1|\[::1\])$/i;

/**
 * The variable that shows the function runs on Supabase's hosted Edge Functions, if any: the platform sets SB_REGION
 * and DENO_DEPLOYMENT_ID there (supabase.com/docs/guides/functions/secrets), and SUPABASE_URL is the project's.
 */
export function supabaseHostedBy(env: Env): string | null {
  for (const name of ['SB_REGION', 'DENO_DEPLOYMENT_ID']) if (env(name)) return name;
  try {
    if (new URL(env('SUPABASE_URL') ?? '').hostname.endsWith('.supabase.co')) return 'SUPABASE_URL';
  } catch {
    // Not a URL: not the platform's value either.
  }
  return null;
}

/**
 * A whole number from `min` to `max`, written plainly (no sign, decimals, exponent or spaces): the attempts and the
 * lease are counted, and 0.001 or 2.5 of them would silently mean something else.
 */
function wholeNumber(env: Env, name: string, fallback: number, [min, max, unit]: [number, number, string], problems: string[]): number {
  const raw = env(name);
  if (raw === undefined || raw === '') return fallback;
  const value = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max))
    problems.push(`${name} must be a whole number of ${unit} from ${min} to ${max}, not '${raw}': remove it for the default, ${fallback}`);
  return value;
}

/** Seconds from `min` to `max`, decimals allowed (tests retry after 0.2 s), written plainly: no sign, exponent or spaces. */
function seconds(env: Env, name: string, fallback: number, [min, max]: [number, number], problems: string[]): number {
  const raw = env(name);
  if (raw === undefined || raw === '') return fallback;
  const value = /^\d{1,9}(?:\.\d{1,3})?$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max))
    problems.push(`${name} must be a number of seconds from ${min} to ${max}, not '${raw}': remove it for the default, ${fallback}`);
  return value;
}

function tcpPort(env: Env, name: string, fallback: number, problems: string[]): number {
  const raw = env(name);
  if (raw === undefined || raw === '') return fallback;
  const value = /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(value <= 65535)) problems.push(`${name} must be a whole number from 1 to 65535, not '${raw}'`);
  return value;
}

/** Only the words `true` and `false`: a `yes` read as false could turn TLS off without anyone noticing. */
function flag(env: Env, name: string, problems: string[]): boolean | undefined {
  const raw = env(name);
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  problems.push(`${name} must be 'true' or 'false', not '${raw}'`);
  return undefined;
}

/** `Name <address>` or a bare address. */
function parseMailbox(value: string): { name: string; address: string } | null {
  const match = /^\s*(?:"?([^"<>]*?)"?\s*<([^<>\s]+)>|([^<>\s]+))\s*$/.exec(value);
  const address = match?.[2] ?? match?.[3];
  if (!address || !isPlainAddress(address)) return null;
  // A line break or invisible character in the name would be a header line or a disguise in every staff e-mail.
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(match?.[1] ?? '')) return null;
  return { name: (match?.[1] ?? '').trim(), address };
}

export function readNotifierConfig(env: Env): NotifierConfig | { problems: string[] } {
  const problems: string[] = [];
  const to = addressList(env('ENQUIRY_NOTIFY_TO'));
  if (to.length === 0) problems.push('ENQUIRY_NOTIFY_TO is not set (the staff address, or several separated by commas)');
  for (const address of to) if (!isPlainAddress(address)) problems.push(`ENQUIRY_NOTIFY_TO: '${address}' is not an e-mail address`);
  const offices = readOfficeRecipients(env, to);
  if ('problems' in offices) problems.push(...offices.problems);

  const fromRaw = env('ENQUIRY_NOTIFY_FROM') ?? '';
  const from = parseMailbox(fromRaw);
  if (!from) problems.push(fromRaw ? `ENQUIRY_NOTIFY_FROM: '${fromRaw}' is not "Name <address>" or an address` : 'ENQUIRY_NOTIFY_FROM is not set');

  const host = env('SMTP_HOST') ?? '';
  if (!host) problems.push('SMTP_HOST is not set');
  const port = tcpPort(env, 'SMTP_PORT', 465, problems);
  const hostedBy = supabaseHostedBy(env);
  if (hostedBy && blockedOnSupabase.has(port)) {
    const reason = `outbound ports 25 and 587 are closed; seen from ${hostedBy}`;
    problems.push(`SMTP_PORT ${port} is blocked on Supabase Edge Functions (${reason}): use 465, or your provider's 2465 or 2587`);
  }
  const secure = flag(env, 'SMTP_SECURE', problems) ?? (port === 465 || port === 2465);
  // In clear only to a server on this machine (the local mail viewer, test servers), and never on the platform.
  const plaintextLoopback = flag(env, 'SMTP_ALLOW_PLAINTEXT_LOOPBACK', problems) ?? false;
  if (plaintextLoopback && hostedBy) {
    problems.push(`SMTP_ALLOW_PLAINTEXT_LOOPBACK cannot be used on Supabase Edge Functions (seen from ${hostedBy}): remove it`);
  } else if (plaintextLoopback && host && !loopbackHost.test(host)) {
    problems.push(`SMTP_ALLOW_PLAINTEXT_LOOPBACK is only for a mail server on this machine (127.0.0.1, ::1, localhost), not '${host}': remove it`);
  }
  const timeoutSeconds = wholeNumber(env, 'SMTP_TIMEOUT_SECONDS', 20, [1, 300, 'seconds'], problems);

  const d = defaultPolicy;
  const policy: DeliveryPolicy = {
    ...d,
    maxAttempts: wholeNumber(env, 'ENQUIRY_NOTIFY_MAX_ATTEMPTS', d.maxAttempts, [1, 100, 'attempts'], problems),
    retryBaseSeconds: seconds(env, 'ENQUIRY_NOTIFY_RETRY_BASE_SECONDS', d.retryBaseSeconds, [0.1, 3600], problems),
    leaseSeconds: wholeNumber(env, 'ENQUIRY_NOTIFY_LEASE_SECONDS', d.leaseSeconds, [1, 3600, 'seconds'], problems),
  };

  if (problems.length > 0 || !from || 'problems' in offices) return { problems };
  const user = env('SMTP_USER');
  const links = readLinkSettings(env, hostedBy);
  const staff = readOfficeStaff(env);
  return {
    mail: { from, to, recipients: offices.recipients, ...('problems' in links ? {} : { links }), ...('problems' in staff ? {} : { people: staff.people }) },
    linkProblems: 'problems' in links ? links.problems : [],
    staffProblems: 'problems' in staff ? staff.problems : [],
    smtp: { host, port, secure, requireTls: !plaintextLoopback, timeoutSeconds, ...(user ? { user, password: env('SMTP_PASSWORD') ?? '' } : {}) },
    policy,
  };
}
