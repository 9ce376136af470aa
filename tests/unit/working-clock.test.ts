/** The working clock (supabase/functions/_shared/working-clock.ts): 24 hours that stop on an office's days off. */
import { describe, expect, it } from 'vitest';
import {
  addWorkingTime,
  isOpen,
  lastOpenBefore,
  nextOpening,
  workingSecondsBetween,
  zonedInstant,
  type WorkingClock,
} from '../../supabase/functions/_shared/working-clock.ts';
import { officeByCode, officeClock, officeList } from '../../supabase/functions/_shared/offices.ts';

const hours = (opens: string, closes: string) => ({ opens, closes });
const weekdays = (opens: string, closes: string) => [null, ...Array.from({ length: 5 }, () => hours(opens, closes)), null];

/** London, with the two English bank holidays of Christmas 2026 as closed days. */
const london: WorkingClock = {
  timeZone: 'Europe/London',
  week: weekdays('09:00', '17:30'),
  closedOn: (day) => ({ '2026-12-25': 'Christmas Day', '2026-12-28': 'Boxing Day (substitute day)' })[day],
};
/** Noida: Monday to Friday 9:00 to 18:00 and Saturday 9:00 to 14:00, as the spec gives. */
const noida: WorkingClock = { timeZone: 'Asia/Kolkata', week: [...weekdays('09:00', '18:00').slice(0, 6), hours('09:00', '14:00')], closedOn: () => undefined };

const day = 24 * 3600;
const at = (local: string, timeZone: string) => zonedInstant(local.slice(0, 10), local.slice(11), timeZone);

describe('the working clock', () => {
  it('reads wall-clock times in the office’s zone, summer time included', () => {
    expect(at('2026-12-28 09:00', 'Europe/London').toISOString()).toBe('2026-12-28T09:00:00.000Z');
    expect(at('2026-07-01 09:00', 'Europe/London').toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(at('2026-12-05 15:00', 'Asia/Kolkata').toISOString()).toBe('2026-12-05T09:30:00.000Z');
  });

  it('puts an enquiry on Saturday at 15:00 in Noida due on Monday at 15:00: Sunday does not count', () => {
    const due = addWorkingTime(at('2026-12-05 15:00', 'Asia/Kolkata'), day, noida);
    expect(due).toEqual(at('2026-12-07 15:00', 'Asia/Kolkata'));
  });

  it('puts one on Friday at 17:30 in London due on Monday at 17:30', () => {
    expect(addWorkingTime(at('2026-12-04 17:30', 'Europe/London'), day, london)).toEqual(at('2026-12-07 17:30', 'Europe/London'));
  });

  it('does not count a bank holiday: one sent on 28 December in London is due at the end of the 29th', () => {
    const due = addWorkingTime(at('2026-12-28 10:00', 'Europe/London'), day, london);
    expect(due).toEqual(at('2026-12-30 00:00', 'Europe/London'));
    // Christmas Eve, then Christmas Day, the weekend and the substitute day off: due on the 29th.
    expect(addWorkingTime(at('2026-12-24 12:00', 'Europe/London'), day, london)).toEqual(at('2026-12-29 12:00', 'Europe/London'));
  });

  it('counts a day across the clock change at its real length', () => {
    // 25 October 2026: London's clocks go back, a Sunday; the Friday before to the Monday after is 24 working hours.
    expect(workingSecondsBetween(at('2026-10-23 12:00', 'Europe/London'), at('2026-10-26 12:00', 'Europe/London'), london)).toBe(day);
    expect(workingSecondsBetween(at('2026-12-04 17:30', 'Europe/London'), at('2026-12-07 17:30', 'Europe/London'), london)).toBe(day);
    expect(workingSecondsBetween(at('2026-12-07 17:30', 'Europe/London'), at('2026-12-04 17:30', 'Europe/London'), london)).toBe(0);
  });

  it('knows when an office is open, when it next opens, and the last open minute before a time', () => {
    expect(isOpen(at('2026-12-07 09:00', 'Europe/London'), london)).toBe(true);
    expect(isOpen(at('2026-12-07 17:30', 'Europe/London'), london)).toBe(false);
    expect(isOpen(at('2026-12-28 10:00', 'Europe/London'), london)).toBe(false);
    expect(nextOpening(at('2026-12-24 18:00', 'Europe/London'), london)).toEqual(at('2026-12-29 09:00', 'Europe/London'));
    expect(nextOpening(at('2026-12-07 10:00', 'Europe/London'), london)).toEqual(at('2026-12-07 10:00', 'Europe/London'));
    expect(nextOpening(at('2026-12-05 15:00', 'Asia/Kolkata'), noida)).toEqual(at('2026-12-07 09:00', 'Asia/Kolkata'));
    const friday = at('2026-12-04 10:00', 'Europe/London');
    expect(lastOpenBefore(at('2026-12-07 03:00', 'Europe/London'), friday, london)).toEqual(at('2026-12-04 17:29', 'Europe/London'));
    expect(lastOpenBefore(at('2026-12-07 03:00', 'Europe/London'), at('2026-12-05 10:00', 'Europe/London'), london)).toBeUndefined();
  });

  it('says so, rather than looping, for a clock with no working day', () => {
    const never: WorkingClock = { timeZone: 'Europe/London', week: [null, null, null, null, null, null, null], closedOn: () => undefined };
    expect(() => addWorkingTime(new Date('2026-12-07T10:00:00Z'), day, never)).toThrow(/No working day in 400 days on the clock of Europe\/London/);
  });
});

describe('the offices’ clocks, with their public holidays (date-holidays) and the company’s closures', () => {
  it('London keeps England’s bank holidays: Christmas, Boxing Day and its substitute day', () => {
    const clock = officeClock(officeByCode('GB'));
    expect(clock.closedOn('2026-12-25')).toBe('Christmas Day');
    expect(clock.closedOn('2026-12-28')).toBe('Boxing Day (substitute day)');
    expect(clock.closedOn('2026-12-29')).toBeUndefined();
    expect(addWorkingTime(at('2026-12-28 10:00', 'Europe/London'), day, clock)).toEqual(at('2026-12-30 00:00', 'Europe/London'));
  });

  it('each office keeps its own: Noida works on Boxing Day, Sydney does not; a closure for every office stops them all', () => {
    expect(officeClock(officeByCode('IN')).closedOn('2026-12-28')).toBeUndefined();
    expect(officeClock(officeByCode('AU')).closedOn('2026-12-28')).toBe('Boxing Day (substitute day)');
    expect(officeClock(officeByCode('IN')).closedOn('2026-08-15')).toBe('Independence Day');
    const closures = [
      { day: '2026-12-31', office: null, reason: 'Year-end closure' },
      { day: '2026-12-30', office: 'IN' as const, reason: 'Office move' },
    ];
    expect(officeClock(officeByCode('IN'), closures).closedOn('2026-12-30')).toBe('Office move');
    expect(officeClock(officeByCode('GB'), closures).closedOn('2026-12-30')).toBeUndefined();
    expect(officeList.map((office) => officeClock(office, closures).closedOn('2026-12-31'))).toEqual(officeList.map(() => 'Year-end closure'));
  });

  it('an enquiry with no office chosen goes to the headquarters, Noida', () => {
    expect(officeByCode(null).city).toBe('Noida');
    expect(officeByCode('XX').city).toBe('Noida');
  });
});
