/** The visitor's acknowledgement (supabase/functions/notify-enquiry/acknowledgement-message.ts): what a visitor reads. */
import { describe, expect, it } from 'vitest';
import { enquiryReference, isEnquiryReference } from '../../supabase/functions/_shared/enquiry-reference.ts';
import { composeAcknowledgement, greetingName } from '../../supabase/functions/notify-enquiry/acknowledgement-message.ts';
import type { ClaimedReminder } from '../../supabase/functions/notify-enquiry/reminders.ts';

const mail = { from: { name: 'Company Website', address: 'website@company.test' }, to: ['enquiries@company.test'] };
const id = '6f1c1b9e-1111-4a4a-8888-123456789abc';
const enquiry = (overrides: Partial<ClaimedReminder> = {}): ClaimedReminder => ({
  reminder_id: '1',
  kind: 'acknowledgement',
  attempt: 1,
  digest_day: null,
  enquiry_id: id,
  created_at: new Date('2026-12-07T08:30:00Z'),
  name: 'Asha Rao',
  company: 'Acme',
  email: 'asha@example.com',
  service: 'IT Consulting',
  office: 'AU',
  visitor_time_zone: 'Europe/Berlin',
  due_at: new Date('2026-12-08T08:30:00Z'),
  ...overrides,
});

it('makes a reference of the first eight hexadecimal digits of the id, and recognises one', () => {
  expect(enquiryReference(id)).toBe('KT-6F1C1B9E');
  expect(isEnquiryReference(' kt-6f1c1b9e ')).toBe(true);
  expect(isEnquiryReference('KT-6F1C1B9')).toBe(false);
});

describe('composeAcknowledgement', () => {
  it('greets by name and gives the reference, the service, the office and the due time in the visitor zone', () => {
    const message = composeAcknowledgement(enquiry(), mail);
    expect(message.to).toEqual(['asha@example.com']);
    expect(message.from).toEqual(mail.from);
    expect(message.replyTo).toEqual({ name: 'Sydney office', address: 'enquiries@company.test' });
    expect(message.subject).toBe('We received your enquiry (KT-6F1C1B9E)');
    expect(message.messageId).toBe(`<enquiry-acknowledgement-${id}@company.test>`);
    expect(message.headers['Auto-Submitted']).toBe('auto-generated');
    expect(message.text).toContain('Hello Asha Rao,\n');
    expect(message.text).toContain('we received your enquiry about IT Consulting, and our Sydney office will answer it.');
    expect(message.text).toContain('Reference:   KT-6F1C1B9E\nAbout:       IT Consulting\nAnswered by: our Sydney office\n');
    expect(message.text).toContain('Answer by:   Tue, 8 Dec 2026, 09:30 (your time, Europe/Berlin)');
    expect(message.text).toContain('within 24 hours of our working time');
    expect(message.text).toContain('Reply to this e-mail with "not me"');
    expect(message.html).toContain('<td style="padding:2px 12px 2px 0;vertical-align:top;text-align:left">KT-6F1C1B9E</td>');
  });

  it('holds nothing else the visitor typed', () => {
    const message = composeAcknowledgement(enquiry({ company: 'SECRET Ltd' }), mail);
    expect(`${message.subject}${message.text}${message.html}`).not.toContain('SECRET');
  });

  it('names the office zone when the visitor gave none it knows, and says "your enquiry" without a service', () => {
    const { text } = composeAcknowledgement(enquiry({ visitor_time_zone: 'Mars/Olympus', service: 'Other', office: null }), mail);
    expect(text).toContain('About:       your enquiry\nAnswered by: our Noida office\n');
    expect(text).toContain('Answer by:   Tue, 8 Dec 2026, 14:00 (Noida time, Asia/Kolkata)');
  });

  it('keeps the name to one line in the body and escaped in the HTML', () => {
    const message = composeAcknowledgement(enquiry({ name: 'Eve\r\nBcc: victim\u2028<b>x</b>' }), mail);
    expect(message.text).toMatch(/^Hello,$/m);
    const plain = composeAcknowledgement(enquiry({ name: "Eve\r\nMallory\u202e <O'Neil>" }), mail);
    expect(plain.text.split('\n')[0]).toBe('Hello,');
    const quoted = composeAcknowledgement(enquiry({ name: 'Ann "Nan" O\'Neil & Co' }), mail);
    expect(quoted.text.split('\n')[0]).toBe('Hello Ann "Nan" O\'Neil & Co,');
    expect(quoted.html).toContain('Hello Ann &#34;Nan&#34; O&#39;Neil &#38; Co,');
    expect(composeAcknowledgement(enquiry({ name: 'Eve\r\nSmith' }), mail).text.split('\n')[0]).toBe('Hello Eve Smith,');
  });

  it('leaves out a name that holds an address, a link or a domain', () => {
    expect(['ann@example.com', 'see https://x.test', 'www.cheap', 'cheap-pills.example now'].map(greetingName)).toEqual(['', '', '', '']);
    expect(greetingName('J. R. Smith')).toBe('J. R. Smith');
  });

  it('refuses to write to an address that is not plain', () => {
    expect(() => composeAcknowledgement(enquiry({ email: 'a@b.test, c@d.test' }), mail)).toThrow(/not a plain address/);
  });
});
