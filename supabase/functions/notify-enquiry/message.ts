/**
 * The staff e-mail for one enquiry: subject with the name, company and service; every field in plain text and in
 * simple HTML; Reply-To the enquirer; a Message-ID made from the enquiry id, so a repeat is seen as the same message.
 * It goes to the office that answers (the visitor's choice, else the headquarters), with when it arrived and when it is
 * due in that office's time and the visitor's. Every value comes from a stranger: header values lose line breaks and
 * control characters, HTML is escaped.
 * With the link settings, it carries "Mark as answered" and "Close, no answer needed" links (_shared/enquiry-links.ts),
 * and an "I'll take it" link for each person of the office's staff list (ENQUIRY_STAFF_<office>).
 */
import { isPlainAddress } from '../_shared/email-address.ts';
import { officeByCode, type FunctionOffice, type OfficeCode } from '../_shared/offices.ts';
import type { EnquiryLinks, LinkSettings } from '../_shared/link-settings.ts';
import type { OfficeStaff, StaffMember } from '../_shared/staff.ts';
import type { ClaimedNotification, Mailbox, OutgoingMail } from './types.ts';

export { isPlainAddress };

export interface MailSettings {
  from: Mailbox;
  /** The staff addresses of ENQUIRY_NOTIFY_TO: an office without addresses of its own is written to there. */
  to: string[];
  /** Each office's staff addresses (ENQUIRY_NOTIFY_TO_<office code>, _shared/staff.ts); without it, all go to `to`. */
  recipients?: Record<OfficeCode, string[]>;
  /** Where the action links lead and what signs them; without it, e-mails carry no links. */
  links?: Pick<LinkSettings, 'pageUrl' | 'secret'>;
  /** Each office's staff list and manager (ENQUIRY_STAFF_<office>, ENQUIRY_MANAGER_<office>); without it, no owners. */
  people?: Record<OfficeCode, OfficeStaff>;
}

/** The staff list of the enquiry's office: whose "I'll take it" links its e-mails carry. */
export const officeStaffOf = (settings: Pick<MailSettings, 'people'>, office: string | null | undefined): StaffMember[] =>
  settings.people?.[officeByCode(office).code]?.staff ?? [];

/** What the links do, said once under them in both parts. */
const linksNote = 'Each link opens a page on the website with a button: nothing changes until you press it. A link works once, for 30 days.';

/** C0 and C1 controls, DEL and the Unicode line and paragraph separators: none belongs in a header line. */
const headerBreakers = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/**
 * Characters that show nothing themselves but change what a reader sees: format characters (Unicode category Cf:
 * the bidi embeddings, overrides and isolates U+202A–202E and U+2066–2069, the marks U+200E/F and U+061C, zero-width
 * space and joiners, the soft hyphen, U+FEFF, tag characters) and the other default-ignorable code points (variation
 * selectors, Hangul fillers). In a Subject, U+202E before "gnp.exe" shows "exe.png"; they are removed, not spaced.
 */
const headerInvisibles = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** The same for body text, but line breaks and tabs stay: they are part of what the visitor wrote. */
const bodyControls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export function headerText(value: string, maxLength = 120): string {
  const line = value.replace(headerBreakers, ' ').replace(headerInvisibles, '').replace(/\s+/g, ' ').trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line;
}

export function bodyText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(bodyControls, '');
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The Message-ID of an enquiry's notification: the same for every attempt. */
export function notificationMessageId(enquiryId: string, from: Mailbox): string {
  const domain = from.address.split('@')[1] ?? 'localhost';
  return `<enquiry-${enquiryId.toLowerCase().replace(/[^0-9a-f-]/g, '')}@${domain}>`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/** "Mon, 7 Dec 2026, 17:30" in `timeZone`. */
export function zoneTime(date: Date, timeZone: string): string {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, format);
  }
  return format.format(date);
}

/** A time zone a browser reported, if Intl knows it: the visitor's own wording is not trusted further. */
export function knownTimeZone(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The moment in the office's time, and in the visitor's when theirs is another zone. */
export function officeAndVisitorTime(date: Date, office: FunctionOffice, visitorTimeZone: string | null | undefined): string {
  const visitor = knownTimeZone(visitorTimeZone);
  const own = `${zoneTime(date, office.timeZone)} ${office.city} time`;
  return visitor && visitor !== office.timeZone ? `${own}; ${zoneTime(date, visitor)} the visitor's time (${visitor})` : own;
}

/** The staff addresses of an office: its own, else ENQUIRY_NOTIFY_TO. */
export const officeRecipients = (settings: Pick<MailSettings, 'to' | 'recipients'>, office: string | null): string[] =>
  settings.recipients?.[officeByCode(office).code] ?? settings.to;

const linkStyle = 'display:inline-block;padding:8px 14px;margin:0 8px 8px 0;border-radius:6px;font-weight:bold;text-decoration:none';

/** What the "I'll take it" links do, said once above them. */
const takeNote = "I'll take it: press your own name to own this enquiry; its reminder then comes to you, and you can hand it over.";

/** The "I'll take it" links as text lines, one per person of the office's staff list; none without a list. */
export const takeLines = (links: Pick<EnquiryLinks, 'take'> | null | undefined): string[] =>
  links && links.take.length > 0 ? [takeNote, ...links.take.map(({ name, link }) => `  ${headerText(name, 80)}: ${link}`), ''] : [];

export const takeHtml = (links: Pick<EnquiryLinks, 'take'> | null | undefined): string =>
  links && links.take.length > 0
    ? `<p style="margin:20px 0 4px">${escapeHtml(takeNote)}</p>
<p style="margin:0">${links.take.map(({ name, link }) => `<a href="${escapeHtml(link)}" style="${linkStyle};border:1px solid #1d4ed8;color:#1d4ed8">${escapeHtml(headerText(name, 80))}</a>`).join('\n')}</p>
`
    : '';

function linksHtml(links: EnquiryLinks): string {
  return `${takeHtml(links)}<p style="margin:20px 0 4px"><a href="${escapeHtml(links.answered)}" style="${linkStyle};background:#1d4ed8;color:#ffffff">Mark as answered</a>
<a href="${escapeHtml(links.closed)}" style="${linkStyle};border:1px solid #1d4ed8;color:#1d4ed8">Close, no answer needed</a></p>
<p style="color:#4b5563;font-size:13px;margin:0">${escapeHtml(linksNote)}</p>
`;
}

/** RFC 3834: an auto-generated message; out-of-office replies are not sent back to it (nor to the Reply-To). */
const fixedHeaders = { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' };

export function composeNotification(enquiry: ClaimedNotification, settings: MailSettings, links?: EnquiryLinks): OutgoingMail {
  const office = officeByCode(enquiry.office);
  const received = new Date(enquiry.created_at);
  const due = enquiry.due_at ? new Date(enquiry.due_at) : undefined;
  const name = headerText(enquiry.name, 80) || 'Someone';
  const company = enquiry.company ? headerText(enquiry.company, 80) : '';
  const service = enquiry.service ? headerText(enquiry.service, 60) : 'no service chosen';
  const replyTo = isPlainAddress(enquiry.email) ? { name, address: enquiry.email } : null;

  const fields: Array<[label: string, value: string]> = [
    ['Name', enquiry.name],
    ['Email', enquiry.email],
    ['Company', enquiry.company ?? '(not given)'],
    ['Phone', enquiry.phone ?? '(not given)'],
    ['Service', enquiry.service ?? '(not chosen)'],
    ['Office', enquiry.office ? `${office.city}, as the visitor chose` : `${office.city} (the visitor chose no office: the headquarters)`],
    ['Received', `${officeAndVisitorTime(received, office, enquiry.visitor_time_zone)}; ${received.toISOString().slice(0, 16).replace('T', ' ')} UTC`],
    ...(due ? [['Due', `${officeAndVisitorTime(due, office, enquiry.visitor_time_zone)}: 24 hours of ${office.city}'s working time`] as [string, string]] : []),
  ].map(([label, value]) => [label, bodyText(value).replace(/\s*\n\s*/g, ' ')]);
  const message = bodyText(enquiry.message);
  const replyNote = replyTo
    ? `Reply to this e-mail to answer ${name} at ${enquiry.email}.`
    : 'The e-mail address given is not a plain address, so replies are not directed to it: check it before writing.';

  const text = [
    'A new enquiry came in through the website contact form.',
    '',
    ...fields.map(([label, value]) => `${`${label}:`.padEnd(10)}${value}`),
    '',
    'Message:',
    message,
    '',
    ...takeLines(links),
    ...(links ? [`Mark as answered: ${links.answered}`, '', `Close, no answer needed: ${links.closed}`, '', linksNote, ''] : []),
    '--',
    bodyText(replyNote),
    `Enquiry ${enquiry.enquiry_id}`,
    '',
  ].join('\n');

  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(`Enquiry from ${name}`)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">
<p>A new enquiry came in through the website contact form.</p>
<table role="presentation" style="border-collapse:collapse">
${fields.map(([label, value]) => `<tr><th style="${cell}">${label}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<h2 style="font-size:16px;margin:20px 0 8px">Message</h2>
<div style="white-space:pre-wrap;border-left:3px solid #d1d5db;padding-left:12px">${escapeHtml(message)}</div>
${links ? linksHtml(links) : ''}<p style="color:#4b5563;font-size:13px;margin-top:24px">${escapeHtml(replyNote)}<br>Enquiry ${escapeHtml(enquiry.enquiry_id)}</p>
</body></html>
`;

  return {
    from: { ...settings.from, name: headerText(settings.from.name) },
    to: officeRecipients(settings, enquiry.office),
    replyTo,
    subject: headerText(company ? `Enquiry: ${name} (${company}), ${service}` : `Enquiry: ${name}, ${service}`, 200),
    text,
    html,
    messageId: notificationMessageId(enquiry.enquiry_id, settings.from),
    // Every header value goes through headerText, the fixed ones too, so a header added later cannot skip it.
    headers: Object.fromEntries(Object.entries(fixedHeaders).map(([header, value]) => [header, headerText(value)])),
  };
}
