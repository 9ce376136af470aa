/**
 * The reminder, overdue and digest e-mails (docs/STAFF.md). They name an enquiry by its name and company
 * only (the staff e-mail already holds the rest), say how long it has waited and how long is left of the 24 hours,
 * and carry the signed "Mark as answered" and "Close, no answer needed" links. When it arrived is given in every
 * office's time zone (src/config/offices.ts, headquarters first): the reader may sit in any office, and a list of
 * five lines needs no setting per reader. Values from visitors go through the notifier's header and HTML escaping.
 * Who gets a reminder (reminderRecipients): the owner, or the office while nobody owns the enquiry; the overdue
 * warning escalates to the office's named manager (ENQUIRY_MANAGER_<office>, else ENQUIRY_ESCALATE_TO), with the
 * owner and the office's staff, and the digest goes to the office.
 */
import { officeByCode, officeList } from '../_shared/offices.ts';
import { bodyText, escapeHtml, headerText, notificationMessageId, officeRecipients, takeHtml, takeLines, zoneTime, type MailSettings } from './message.ts';
import { promiseSeconds, type ClaimedReminder, type OpenEnquiry, type ReminderSettings } from './reminders.ts';
import type { OutgoingMail } from './types.ts';

export interface ActionLinks {
  answered: string;
  closed: string;
  /** "I'll take it", one per person of the office's staff list: offered while nobody owns the enquiry. */
  take: Array<{ name: string; link: string }>;
}

/** Each address once, in the order first given (a manager may also be on the office's list). */
const once = (addresses: string[]) => [...new Map(addresses.map((address) => [address.toLowerCase(), address])).values()];

/**
 * Who a reminder goes to: the owner first (the office's staff while nobody owns it); when overdue, the office's
 * manager (ENQUIRY_MANAGER_<office>, else ENQUIRY_ESCALATE_TO) with the owner and the office's staff.
 */
export function reminderRecipients(reminder: ClaimedReminder, mail: MailSettings, settings: ReminderSettings): string[] {
  const office = officeByCode(reminder.office);
  const owner = reminder.owner_address ? [reminder.owner_address] : [];
  if (reminder.kind !== 'overdue') return owner.length > 0 ? owner : officeRecipients(mail, office.code);
  const manager = mail.people?.[office.code]?.manager;
  return once([...(manager ? [manager.address] : settings.escalateTo), ...owner, ...officeRecipients(mail, office.code)]);
}

/** Who owns the enquiry, in a sentence; undefined when the office has no staff list to take it from. */
function ownerLine(reminder: { owner_name?: string | null }, links: ActionLinks | null): string | undefined {
  if (reminder.owner_name) return `${headerText(reminder.owner_name, 80)} owns this enquiry.`;
  return links && links.take.length > 0 ? 'Nobody has taken this enquiry yet.' : undefined;
}

/** At most this many enquiries are listed in one digest; the rest are counted. */
export const digestLimit = 200;

const fixedHeaders = { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' };

/** "45 s", "12 min", "20 h 5 min", "3 days 4 h": short, and exact enough to act on. */
export function formatDuration(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days ${hours % 24} h`;
}

const officeFormats = officeList.map(({ city, timeZone }) => ({
  city,
  format: new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }),
}));

/** The moment in each office's local time, headquarters first, then UTC. */
export function officeTimes(date: Date): Array<[place: string, time: string]> {
  return [
    ...officeFormats.map(({ city, format }): [string, string] => [city, format.format(date)]),
    ['UTC', `${date.toISOString().slice(0, 16).replace('T', ' ')}`],
  ];
}

/** Due on its office's working clock once the notifier dated it (enquiry-due.ts), else 24 calendar hours after arrival. */
function dueTime(createdAt: Date | string, dueAt: Date | string | null | undefined): Date {
  return dueAt ? new Date(dueAt) : new Date(new Date(createdAt).getTime() + promiseSeconds * 1000);
}

function who(name: string | null, company: string | null): string {
  const person = headerText(name ?? '', 80) || 'Someone';
  const firm = company ? headerText(company, 80) : '';
  return firm ? `${person} (${firm})` : person;
}

function linkLines(links: ActionLinks | null): string[] {
  return links
    ? [...takeLines(links), `Mark as answered: ${links.answered}`, `Close, no answer needed: ${links.closed}`]
    : ['(The answer/close links are not set up here: SITE_URL and ENQUIRY_LINK_SECRET.)'];
}

function linkHtml(links: ActionLinks | null): string {
  return links
    ? `${takeHtml(links)}<a href="${escapeHtml(links.answered)}">Mark as answered</a> · <a href="${escapeHtml(links.closed)}">Close, no answer needed</a>`
    : '<em>The answer/close links are not set up here: SITE_URL and ENQUIRY_LINK_SECRET.</em>';
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">
${body}
</body></html>
`;
}

const cell = 'padding:2px 12px 2px 0;vertical-align:top;text-align:left';

function headers(extra: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries({ ...fixedHeaders, ...extra }).map(([header, value]) => [header, headerText(value, 998)]));
}

function messageId(kind: string, key: string, settings: MailSettings): string {
  const domain = settings.from.address.split('@')[1] ?? 'localhost';
  return `<enquiry-${kind}-${key.toLowerCase().replace(/[^0-9a-z-]/g, '')}@${domain}>`;
}

/** The reminder (still new after the reminder delay) or overdue warning (still new after 24 hours) for one enquiry. */
export function composeReminder(reminder: ClaimedReminder, links: ActionLinks | null, mail: MailSettings, settings: ReminderSettings, now: Date): OutgoingMail {
  const arrived = new Date(reminder.created_at!);
  const waited = now.getTime() - arrived.getTime();
  const office = officeByCode(reminder.office);
  const due = dueTime(arrived, reminder.due_at);
  const left = due.getTime() - now.getTime();
  const overdue = reminder.kind === 'overdue' || left <= 0;
  const dueAt = `${zoneTime(due, office.timeZone)} ${office.city} time`;
  const enquirer = who(reminder.name, reminder.company);
  const subject = overdue
    ? `OVERDUE: ${enquirer} has waited ${formatDuration(waited)} for an answer`
    : `Reminder: answer ${enquirer} within ${formatDuration(left)}`;
  const promise = overdue
    ? `The website promises an answer within 24 hours of our working time: it was due ${dueAt}, and that promise was broken ${formatDuration(-left)} ago.`
    : `The website promises an answer within 24 hours of our working time: it is due ${dueAt}, ${formatDuration(left)} left.`;
  const times = officeTimes(arrived);
  const lead = `${enquirer} sent an enquiry ${formatDuration(waited)} ago, and nobody has marked it answered or closed.`;
  const owner = ownerLine(reminder, links);

  const text = [
    bodyText(lead),
    ...(owner ? [owner] : []),
    promise,
    '',
    'It arrived:',
    ...times.map(([place, time]) => `  ${`${place}:`.padEnd(9)}${time}`),
    '',
    ...linkLines(links),
    '',
    'Its details are in the staff e-mail sent when it arrived (this message is a reply to it).',
    '--',
    `Enquiry ${reminder.enquiry_id}`,
    '',
  ].join('\n');

  const html = page(
    subject,
    `<p>${escapeHtml(lead)}</p>
${owner ? `<p>${escapeHtml(owner)}</p>\n` : ''}<p${overdue ? ' style="color:#b91c1c;font-weight:bold"' : ''}>${escapeHtml(promise)}</p>
<p>It arrived:</p>
<table role="presentation" style="border-collapse:collapse">
${times.map(([place, time]) => `<tr><th style="${cell}">${escapeHtml(place)}</th><td style="${cell}">${escapeHtml(time)}</td></tr>`).join('\n')}
</table>
<p>${linkHtml(links)}</p>
<p style="color:#4b5563;font-size:13px;margin-top:24px">Its details are in the staff e-mail sent when it arrived (this message is a reply to it).<br>Enquiry ${escapeHtml(reminder.enquiry_id ?? '')}</p>`,
  );

  // A reply to the enquiry's staff e-mail, so mail programs show them together.
  const original = notificationMessageId(reminder.enquiry_id!, mail.from);
  return {
    from: { ...mail.from, name: headerText(mail.from.name) },
    to: reminderRecipients(reminder, mail, settings),
    replyTo: null,
    subject: headerText(subject, 200),
    text,
    html,
    messageId: messageId(reminder.kind, reminder.enquiry_id!, mail),
    headers: headers({ 'In-Reply-To': original, References: original, ...(overdue ? { Importance: 'high' } : {}) }),
  };
}

/**
 * The daily digest of one office (its open enquiries, oldest first, with how long each has waited, the time left to
 * its due time on the office's clock, and its two links), to that office's staff; a digest naming no office (owed by
 * a notifier older than the offices' digests) lists every open enquiry, to the staff address.
 */
export function composeDigest(
  digest: ClaimedReminder,
  open: Array<OpenEnquiry & { links: ActionLinks | null }>,
  mail: MailSettings,
  settings: ReminderSettings,
  now: Date,
): OutgoingMail {
  const office = digest.office ? officeByCode(digest.office) : null;
  const listed = open.slice(0, digestLimit);
  const oldest = open[0] ? now.getTime() - new Date(open[0].created_at).getTime() : 0;
  const dueOf = (enquiry: OpenEnquiry) => dueTime(enquiry.created_at, enquiry.due_at).getTime();
  const overdueCount = open.filter((enquiry) => dueOf(enquiry) <= now.getTime()).length;
  const count = `${open.length} open ${open.length === 1 ? 'enquiry' : 'enquiries'}`;
  const waiting = office ? `${office.city} enquiries waiting for an answer` : 'Enquiries waiting for an answer';
  const subject = `${waiting}, ${digest.digest_day}: ${count}${overdueCount > 0 ? `, ${overdueCount} overdue` : ''}, oldest ${formatDuration(oldest)}`;
  const entries = listed.map((enquiry) => {
    const waited = now.getTime() - new Date(enquiry.created_at).getTime();
    const left = dueOf(enquiry) - now.getTime();
    const own = officeByCode(enquiry.office);
    const arrived = `${zoneTime(new Date(enquiry.created_at), own.timeZone)} ${own.city} time`;
    return {
      enquiry,
      title: who(enquiry.name, enquiry.company),
      status: `waited ${formatDuration(waited)}, ${left > 0 ? `${formatDuration(left)} left` : 'OVERDUE'}; arrived ${arrived}${enquiry.owner_name ? `; owner ${headerText(enquiry.owner_name, 80)}` : ''}`,
    };
  });
  const more = open.length - listed.length;
  const intro = `${count} ${office ? `for ${office.city} ` : ''}nobody has marked answered or closed, oldest first. The website promises an answer within 24 hours of our working time.`;
  const hour = String(settings.digestHour).padStart(2, '0');
  const footer = office
    ? `Sent at ${hour}:00 ${office.city} time on ${office.city}'s working days with open enquiries.`
    : `Sent daily at ${hour}:00 ${settings.digestTimeZone} on days with open enquiries.`;

  const text = [
    intro,
    '',
    ...entries.flatMap(({ enquiry, title, status }, index) => [
      `${index + 1}. ${title}: ${status}`,
      ...linkLines(enquiry.links).map((line) => `   ${line}`),
      '',
    ]),
    ...(more > 0 ? [`... and ${more} more (npm run enquiries lists them all).`, ''] : []),
    '--',
    footer,
    '',
  ].join('\n');

  const html = page(
    subject,
    `<p>${escapeHtml(intro)}</p>
<ol>
${entries.map(({ enquiry, title, status }) => `<li><strong>${escapeHtml(title)}</strong>: ${escapeHtml(status)}<br>${linkHtml(enquiry.links)}</li>`).join('\n')}
</ol>
${more > 0 ? `<p>… and ${more} more (npm run enquiries lists them all).</p>` : ''}
<p style="color:#4b5563;font-size:13px;margin-top:24px">${escapeHtml(footer)}</p>`,
  );

  return {
    from: { ...mail.from, name: headerText(mail.from.name) },
    to: office ? officeRecipients(mail, office.code) : settings.digestTo,
    replyTo: null,
    subject: headerText(subject, 200),
    text,
    html,
    messageId: messageId('digest', office ? `${digest.digest_day ?? 'day'}-${office.code}` : (digest.digest_day ?? 'day'), mail),
    headers: headers(),
  };
}
