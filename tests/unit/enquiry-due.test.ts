/** When an enquiry is due and when staff hear of it, on the answering office's working clock (the cases). */
import { describe, expect, it } from 'vitest';
import { officeByCode, officeClock } from '../../supabase/functions/_shared/offices.ts';
import { isOpen, workingSecondsBetween } from '../../supabase/functions/_shared/working-clock.ts';
import { enquiryDue } from '../../supabase/functions/notify-enquiry/enquiry-due.ts';
import { defaultRemindAfterSeconds } from '../../supabase/functions/notify-enquiry/reminders.ts';

const due = (office: string, received: string) => {
  const clock = officeClock(officeByCode(office));
  return { ...enquiryDue(new Date(received), clock, defaultRemindAfterSeconds), clock };
};

describe('an enquiry’s due time', () => {
  it('to Noida on Saturday 15:00 IST, after the Saturday close: Sunday is off, so it is due on Monday at 15:00', () => {
    const { due: at, warn, clock } = due('IN', '2026-12-05T09:30:00Z');
    expect(at.toISOString()).toBe('2026-12-07T09:30:00.000Z');
    expect(warn.toISOString()).toBe(at.toISOString());
    expect(workingSecondsBetween(new Date('2026-12-05T09:30:00Z'), at, clock)).toBe(24 * 3600);
  });

  it('to London on Friday 17:30 UK time: the weekend does not count, so it is due on Monday at 17:30, warned Tuesday at opening', () => {
    const { due: at, warn } = due('GB', '2026-12-04T17:30:00Z');
    expect(at.toISOString()).toBe('2026-12-07T17:30:00.000Z');
    // 17:30 is London's close: the overdue warning waits for Tuesday's 09:00, when someone reads it.
    expect(warn.toISOString()).toBe('2026-12-08T09:00:00.000Z');
  });

  it('to London on 28 December 2026, a bank holiday: the clock starts on the 29th, and the enquiry is due on the 30th', () => {
    const { due: at } = due('GB', '2026-12-28T10:00:00Z');
    expect(at.toISOString()).toBe('2026-12-30T00:00:00.000Z');
    expect(at.toISOString().slice(0, 10)).not.toBe('2026-12-28');
  });

  it('reminds staff inside the office’s opening hours, before it is due', () => {
    for (const [office, received] of [
      ['IN', '2026-12-05T09:30:00Z'],
      ['GB', '2026-12-04T17:30:00Z'],
      ['GB', '2026-12-28T10:00:00Z'],
      ['US', '2026-12-06T03:00:00Z'],
      ['AU', '2026-12-24T23:00:00Z'],
    ] as const) {
      const { remind, due: at, warn, clock } = due(office, received);
      expect(isOpen(remind, clock), `${office} ${received}: reminder at ${remind.toISOString()}`).toBe(true);
      expect(isOpen(warn, clock), `${office} ${received}: warning at ${warn.toISOString()}`).toBe(true);
      expect(remind.getTime()).toBeLessThanOrEqual(at.getTime());
      expect(remind.getTime()).toBeGreaterThan(new Date(received).getTime());
    }
  });

  it('counts a company closure as a day off', () => {
    const office = officeByCode('GB');
    const received = new Date('2026-12-03T10:00:00Z');
    const plain = enquiryDue(received, officeClock(office), defaultRemindAfterSeconds);
    const closed = enquiryDue(received, officeClock(office, [{ day: '2026-12-04', office: 'GB', reason: 'Office move' }]), defaultRemindAfterSeconds);
    expect(plain.due.toISOString()).toBe('2026-12-04T10:00:00.000Z');
    expect(closed.due.toISOString()).toBe('2026-12-07T10:00:00.000Z');
  });
});
