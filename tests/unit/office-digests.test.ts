/** Which offices owe their digest on a day, and from when: each at 09:00 in its own time, on its own working days. */
import { describe, expect, it } from 'vitest';
import { officeDigests } from '../../supabase/functions/notify-enquiry/office-digests.ts';

describe("the offices' digests", () => {
  it('on a Monday in December: every office, each at 09:00 local time', () => {
    expect(officeDigests(new Date('2026-12-07T12:00:00Z'), 9)).toEqual([
      { office: 'IN', day: '2026-12-07', at: '2026-12-07T03:30:00.000Z' },
      { office: 'US', day: '2026-12-07', at: '2026-12-07T15:00:00.000Z' },
      { office: 'GB', day: '2026-12-07', at: '2026-12-07T09:00:00.000Z' },
      { office: 'CA', day: '2026-12-07', at: '2026-12-07T14:00:00.000Z' },
      // Sydney's Monday began eleven hours before UTC's (AEDT).
      { office: 'AU', day: '2026-12-07', at: '2026-12-06T22:00:00.000Z' },
    ]);
  });

  it('on a Saturday only Noida, which opens on Saturdays; on a Sunday none', () => {
    expect(officeDigests(new Date('2026-12-05T06:00:00Z'), 9).map((digest) => digest.office)).toEqual(['IN']);
    expect(officeDigests(new Date('2026-12-06T12:00:00Z'), 9)).toEqual([]);
  });

  it('not on an office’s public holiday: London on the 28 December bank holiday, Noida on Independence Day', () => {
    expect(officeDigests(new Date('2026-12-28T12:00:00Z'), 9).map((digest) => digest.office)).not.toContain('GB');
    expect(officeDigests(new Date('2026-08-14T20:00:00Z'), 9).map((digest) => digest.office)).not.toContain('IN');
  });

  it('at the digest hour set, in each office’s own time', () => {
    expect(officeDigests(new Date('2026-12-07T12:00:00Z'), 14).find((digest) => digest.office === 'GB')?.at).toBe('2026-12-07T14:00:00.000Z');
  });
});
