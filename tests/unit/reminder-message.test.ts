/** The reminder, overdue and digest e-mails (supabase/functions/notify-enquiry/reminder-message.ts): what staff read. */
import { describe, expect, it } from 'vitest';
import { composeDigest, composeReminder, formatDuration, officeTimes } from '../../supabase/functions/notify-enquiry/reminder-message.ts';
import type { ClaimedReminder, ReminderSettings } from '../../supabase/functions/notify-enquiry/reminders.ts';

const mail = { from: { name: 'Company Website', address: 'website@company.test' }, to: ['enquiries@company.test'] };
const settings: ReminderSettings = {
  escalateTo: ['duty@company.test'],
  digestTo: ['enquiries@company.test'],
  remindAfterSeconds: 72_000,
  digestHour: 9,
  digestTimeZone: 'Asia/Kolkata',
  links: null,
};
const arrived = new Date('2026-11-27T08:30:00Z');
const reminder = (overrides: Partial<ClaimedReminder> = {}): ClaimedReminder => ({
  reminder_id: '1',
  kind: 'reminder',
  attempt: 1,
  digest_day: null,
  enquiry_id: '6f1c1b9e-1111-4a4a-8888-123456789abc',
  created_at: arrived,
  name: 'Asha Rao',
  company: 'Acme',
  ...overrides,
});
const hours = (h: number) => new Date(arrived.getTime() + h * 3_600_000);

it('writes durations short and exact enough to act on', () => {
  expect([45_000, 12 * 60_000, 20.5 * 3_600_000, 76 * 3_600_000].map(formatDuration)).toEqual(['45 s', '12 min', '20 h 30 min', '3 days 4 h']);
});

it('gives the arrival in every office, head office first, across the date line', () => {
  expect(officeTimes(arrived)).toEqual([
    ['Noida', 'Fri, 27 Nov 2026, 14:00'],
    ['Austin', 'Fri, 27 Nov 2026, 02:30'],
    ['London', 'Fri, 27 Nov 2026, 08:30'],
    ['Toronto', 'Fri, 27 Nov 2026, 03:30'],
    ['Sydney', 'Fri, 27 Nov 2026, 19:30'],
    ['UTC', '2026-11-27 08:30'],
  ]);
});

describe('a reminder', () => {
  it('counts the time left to when it is due on its office’s working clock, and says when that is in the office’s time', () => {
    // London, Friday 17:30: due on Monday 17:30 (the weekend does not count), reminded on Monday morning.
    const friday = new Date('2026-12-04T17:30:00Z');
    const london = reminder({ created_at: friday, office: 'GB', due_at: '2026-12-07T17:30:00Z' });
    const monday = new Date('2026-12-07T09:00:00Z');
    const sent = composeReminder(london, null, mail, settings, monday);
    expect(sent.subject).toBe('Reminder: answer Asha Rao (Acme) within 8 h 30 min');
    expect(sent.text).toContain('it is due Mon, 7 Dec 2026, 17:30 London time, 8 h 30 min left.');
    const late = composeReminder({ ...london, kind: 'overdue' }, null, mail, settings, new Date('2026-12-08T09:00:00Z'));
    expect(late.text).toContain('it was due Mon, 7 Dec 2026, 17:30 London time, and that promise was broken 15 h 30 min ago.');
  });

  it('is marked overdue in its subject once the 24 hours are over, and says by how much', () => {
    const overdue = composeReminder(reminder({ kind: 'overdue' }), null, mail, settings, hours(25));
    expect(overdue.subject).toBe('OVERDUE: Asha Rao (Acme) has waited 25 h 0 min for an answer');
    expect(overdue.text).toContain('that promise was broken 1 h 0 min ago');
    expect(overdue.headers).toMatchObject({ Importance: 'high', 'In-Reply-To': '<enquiry-6f1c1b9e-1111-4a4a-8888-123456789abc@company.test>' });
  });

  it('says how to do without links when none are set up', () => {
    const message = composeReminder(reminder(), null, mail, settings, hours(20));
    expect(message.subject).toBe('Reminder: answer Asha Rao (Acme) within 4 h 0 min');
    expect(message.text).toContain('(The answer/close links are not set up here: SITE_URL and ENQUIRY_LINK_SECRET.)');
    // Nobody owns it and no office list is set: the staff address gets it.
    expect(message.to).toEqual(['enquiries@company.test']);
  });

  it('keeps a hostile name out of the headers and the HTML', () => {
    const message = composeReminder(
      reminder({ name: 'Eve\r\nBcc: victim@example.net <script>alert(1)</script>', company: 'Evil\u202Egnp.exe' }),
      { answered: 'https://www.company.test/staff/enquiry?a=1&b=2', closed: 'https://www.company.test/staff/enquiry?c=3', take: [] },
      mail,
      settings,
      hours(20),
    );
    expect(message.subject).not.toMatch(/[\r\n\u202E]/);
    expect(message.subject).toContain('Eve Bcc: victim@example.net');
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('&#60;script&#62;');
    expect(message.html).toContain('href="https://www.company.test/staff/enquiry?a=1&#38;b=2"');
  });
});

describe('who a reminder goes to, with owners (ENQUIRY_STAFF_<office>, ENQUIRY_MANAGER_<office>)', () => {
  const london = {
    staff: [
      { name: 'Olivia Grant', address: 'olivia@company.test' },
      { name: 'Tom Hale', address: 'tom@company.test' },
    ],
    manager: { name: 'Helen Price', address: 'helen@company.test' },
  };
  const nobody = { staff: [], manager: null };
  const offices = {
    mail: {
      ...mail,
      recipients: { IN: ['noida@company.test'], US: [], GB: ['london@company.test'], CA: [], AU: [] },
      people: { IN: nobody, US: nobody, GB: london, CA: nobody, AU: nobody },
    },
  };
  const take = [
    { name: 'Olivia Grant', link: 'https://www.company.test/staff/enquiry?action=own&owner=olivia%40company.test' },
    { name: 'Tom Hale', link: 'https://www.company.test/staff/enquiry?action=own&owner=tom%40company.test' },
  ];
  const links = { answered: 'https://www.company.test/a', closed: 'https://www.company.test/c', take };

  it('goes to the office while nobody owns the enquiry, offering each of its people the enquiry', () => {
    const sent = composeReminder(reminder({ office: 'GB' }), links, offices.mail, settings, hours(20));
    expect(sent.to).toEqual(['london@company.test']);
    expect(sent.text).toContain('Nobody has taken this enquiry yet.');
    expect(sent.text).toContain(`  Olivia Grant: ${take[0]!.link}`);
    expect(sent.html).toContain('>Tom Hale</a>');
  });

  it('goes to the owner alone once someone owns it, and says who', () => {
    const owned = reminder({ office: 'GB', owner_address: 'tom@company.test', owner_name: 'Tom Hale' });
    const sent = composeReminder(owned, { ...links, take: [] }, offices.mail, settings, hours(20));
    expect(sent.to).toEqual(['tom@company.test']);
    expect(sent.text).toContain('Tom Hale owns this enquiry.');
    expect(sent.text).not.toContain("I'll take it");
  });

  it('escalates to the office’s manager when overdue, with the owner and the office, each address once', () => {
    const owned = reminder({ kind: 'overdue', office: 'GB', owner_address: 'tom@company.test', owner_name: 'Tom Hale' });
    expect(composeReminder(owned, null, offices.mail, settings, hours(30)).to).toEqual(['helen@company.test', 'tom@company.test', 'london@company.test']);
    // An office with no manager escalates to ENQUIRY_ESCALATE_TO.
    expect(composeReminder(reminder({ kind: 'overdue', office: 'IN' }), null, offices.mail, settings, hours(30)).to).toEqual([
      'duty@company.test',
      'noida@company.test',
    ]);
  });
});

it('lists open enquiries in a digest oldest first, with their age and what is left', () => {
  const digest = composeDigest(
    reminder({ kind: 'digest', enquiry_id: null, created_at: null, name: null, company: null, digest_day: '2026-11-28' }),
    [
      { enquiry_id: 'a', created_at: arrived, name: 'Asha Rao', company: 'Acme', links: null },
      { enquiry_id: 'b', created_at: hours(10), name: 'Ravi', company: null, links: { answered: 'https://x.test/a', closed: 'https://x.test/c', take: [] } },
    ],
    mail,
    settings,
    hours(26),
  );
  expect(digest.to).toEqual(['enquiries@company.test']);
  expect(digest.subject).toBe('Enquiries waiting for an answer, 2026-11-28: 2 open enquiries, 1 overdue, oldest 26 h 0 min');
  expect(digest.text.split('\n').filter((line) => /^\d+\. /.test(line))).toEqual([
    '1. Asha Rao (Acme): waited 26 h 0 min, OVERDUE; arrived Fri, 27 Nov 2026, 14:00 Noida time',
    '2. Ravi: waited 16 h 0 min, 8 h 0 min left; arrived Sat, 28 Nov 2026, 00:00 Noida time',
  ]);
  expect(digest.text).toContain('   Mark as answered: https://x.test/a');
  expect(digest.messageId).toBe('<enquiry-digest-2026-11-28@company.test>');
});
