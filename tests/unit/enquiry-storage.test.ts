/** What the form reads back from localStorage, which anything in the browser may have changed. */
import { describe, expect, it } from 'vitest';
import { hasContent } from '../../src/enquiry/enquiry.ts';
import { decodeDraft, decodeOutbox } from '../../src/enquiry/enquiry-storage.ts';
import { isWorthQueueing } from '../../src/enquiry/enquiry-outbox.ts';

const row = {
  id: '0b5e2f3c-6a1d-4f8e-9c7b-2d4a6e8f0a1b',
  name: 'Anjali Menon',
  email: 'anjali@example.com',
  company: null,
  phone: null,
  service: 'IT Consulting',
  message: 'Hello',
  office: 'GB',
  visitor_time_zone: 'Europe/London',
};

describe('the kept draft', () => {
  it('comes back with only the known fields, as text, and an unknown service dropped', () => {
    const encoded = JSON.stringify({
      values: { name: 'Anjali', email: 42, message: 'Hi', service: 'Free pizza', website: 'spam', extra: '<script>', office: 'Mars' },
      savedAt: '2026-11-23T10:00:00Z',
    });
    expect(decodeDraft(encoded)).toEqual({
      values: { name: 'Anjali', email: '', company: '', phone: '', service: '', message: 'Hi', office: '' },
      savedAt: '2026-11-23T10:00:00Z',
    });
  });

  it('is nothing when broken or empty', () => {
    for (const encoded of ['{', 'null', '[]', '"text"', JSON.stringify({ values: { name: '' } })]) expect(decodeDraft(encoded)).toBeNull();
    expect(hasContent({ name: '', email: '', company: '', phone: '', service: '', message: '' })).toBe(false);
    // The office is suggested from the time zone, not typed: alone it is no draft to keep.
    expect(hasContent({ name: '', email: '', company: '', phone: '', service: '', message: '', office: 'GB' })).toBe(false);
  });
});

describe('the outbox', () => {
  it('keeps well-formed entries and drops the rest', () => {
    const encoded = JSON.stringify([
      { row, content: '{}', queuedAt: 'x' },
      { row: { ...row, id: 'not-a-uuid' } },
      { row: { ...row, message: '' } },
      'junk',
      { row: { ...row, service: 'Free pizza', phone: 7 } },
    ]);
    const queue = decodeOutbox(encoded);
    expect(queue).toHaveLength(2);
    expect(queue[0]?.row).toEqual(row);
    expect(queue[1]?.row).toMatchObject({ service: null, phone: null });
    // An office or zone the database would refuse is dropped, so the queued enquiry is still sent.
    const [forged] = decodeOutbox(JSON.stringify([{ row: { ...row, office: 'XX', visitor_time_zone: "Europe/London'; drop table" } }]));
    expect(forged?.row).toMatchObject({ office: null, visitor_time_zone: null, message: 'Hello' });
    expect(decodeOutbox('{broken')).toEqual([]);
  });

  it('takes only failures without an answer or with a server error, never a refusal', () => {
    expect([0, 500, 502, 503, 400, 401, 403, 404, 409, 429].map((status) => isWorthQueueing({ status }))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
