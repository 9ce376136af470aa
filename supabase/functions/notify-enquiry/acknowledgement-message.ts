/**
 * The visitor's acknowledgement of an enquiry (docs/STAFF.md, "What the visitor receives"): its reference, what it is
 * about, the office that answers and when the answer is due, in the visitor's time zone. It goes to whatever address
 * was typed into the form, so it carries nothing a stranger could use to write to someone else through us: of the
 * visitor's text only their name (one line, left out when it looks like an address or a link); the service is one of
 * the form's fixed choices (the database's check); no message, company or phone. The outbox owes it at most once an
 * hour per mailbox (20261206120000_enquiry_acknowledgements.sql), and it says what to do if it was not them.
 */
import { enquiryReference } from '../_shared/enquiry-reference.ts';
import { officeByCode } from '../_shared/offices.ts';
import { escapeHtml, headerText, isPlainAddress, knownTimeZone, officeRecipients, zoneTime, type MailSettings } from './message.ts';
import type { ClaimedReminder } from './reminders.ts';
import type { OutgoingMail } from './types.ts';

/** RFC 3834: sent by a program; out-of-office replies are not sent back to it. */
const fixedHeaders = { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' };

/** The name as the greeting says it: one line of at most 60 characters, none if it holds an address, a link or a domain. */
export function greetingName(name: string | null | undefined): string {
  const line = headerText(name ?? '', 60);
  return /[@/:\\<>]|www\.|\w\.[a-z]{2,}/i.test(line) ? '' : line;
}

/** The service chosen, or nothing for "Other" and no choice: the database allows only the form's fixed list. */
const aboutService = (service: string | null | undefined): string => (service && service !== 'Other' ? headerText(service, 60) : '');

export function composeAcknowledgement(enquiry: ClaimedReminder, mail: MailSettings): OutgoingMail {
  const email = enquiry.email ?? '';
  if (!isPlainAddress(email)) throw new Error(`enquiry ${enquiry.enquiry_id}: the visitor's address is not a plain address, so it is not written to`);
  const reference = enquiryReference(enquiry.enquiry_id!);
  const office = officeByCode(enquiry.office);
  const visitorZone = knownTimeZone(enquiry.visitor_time_zone);
  const zone = visitorZone ?? office.timeZone;
  const zoneName = visitorZone ? `your time, ${visitorZone}` : `${office.city} time, ${office.timeZone}`;
  const due = enquiry.due_at ? `${zoneTime(new Date(enquiry.due_at), zone)} (${zoneName})` : '';
  const name = greetingName(enquiry.name);
  const service = aboutService(enquiry.service);
  const staff = officeRecipients(mail, enquiry.office ?? null)[0];

  const subject = `We received your enquiry (${reference})`;
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const lead = `Thank you: we received your enquiry${service ? ` about ${service}` : ''}, and our ${office.city} office will answer it.`;
  const fields: Array<[label: string, value: string]> = [
    ['Reference', reference],
    ['About', service || 'your enquiry'],
    ['Answered by', `our ${office.city} office`],
    ...(due ? [['Answer by', due] as [string, string]] : []),
  ];
  const promise = "We answer within 24 hours of our working time: the office's working hours, without weekends and public holidays.";
  const quote = 'If you write to us about it, please give the reference.';
  const notMe = `Not you? If you did not send this enquiry, someone typed your address into our contact form. Reply to this e-mail with "not me" and we will close it.`;
  const footer = `${headerText(mail.from.name) || 'Our website'}: sent once for this enquiry, automatically.`;

  const text = [
    greeting,
    '',
    lead,
    '',
    ...fields.map(([label, value]) => `${`${label}:`.padEnd(13)}${value}`),
    '',
    promise,
    quote,
    '',
    notMe,
    '--',
    footer,
    '',
  ].join('\n');

  const cell = 'padding:2px 12px 2px 0;vertical-align:top;text-align:left';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lead)}</p>
<table role="presentation" style="border-collapse:collapse">
${fields.map(([label, value]) => `<tr><th style="${cell}">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p>${escapeHtml(promise)}<br>${escapeHtml(quote)}</p>
<p><strong>Not you?</strong> ${escapeHtml(notMe.replace(/^Not you\? /, ''))}</p>
<p style="color:#4b5563;font-size:13px;margin-top:24px">${escapeHtml(footer)}</p>
</body></html>
`;

  const domain = mail.from.address.split('@')[1] ?? 'localhost';
  return {
    from: { ...mail.from, name: headerText(mail.from.name) },
    to: [email],
    // A reply ("not me", or more about the enquiry) reaches the office that answers, not the website's sending address.
    replyTo: staff ? { name: `${office.city} office`, address: staff } : null,
    subject: headerText(subject, 200),
    text,
    html,
    messageId: `<enquiry-acknowledgement-${enquiry.enquiry_id!.toLowerCase().replace(/[^0-9a-f-]/g, '')}@${domain}>`,
    headers: Object.fromEntries(Object.entries(fixedHeaders).map(([header, value]) => [header, headerText(value)])),
  };
}
