/**
 * A week of enquiries on a fixed clock, reported per answering office and per person who answered, on each office's
 * working clock: a Friday-evening London enquiry answered on Monday morning kept the promise (late on the calendar
 * only); one answered two working days later broke it; a Saturday-afternoon Noida enquiry answered on Monday is in
 * time; a Sydney enquiry's closed Wednesday (a company closure) is not counted.
 */
import { describe, expect, it } from 'vitest';
import { reportJson, reportText } from '../../scripts/enquiry-export/response-time-report-format.ts';
import { reportPeriod, responseTimeReport } from '../../scripts/enquiry-export/response-time-report.ts';
import type { StoredEnquiry } from '../../scripts/enquiry-export/enquiry-export-format.ts';

const hour = 3_600_000;
const now = new Date('2026-12-11T12:00:00Z');

function enquiry(
  name: string,
  office: string | null,
  created: string,
  state: 'new' | 'answered' | 'closed',
  changed?: string,
  by?: string,
  due?: string,
  owner?: string,
): StoredEnquiry {
  return {
    id: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
    name,
    email: `${name.toLowerCase().replace(/\W/g, '')}@example.com`,
    company: null,
    phone: null,
    service: null,
    message: 'Hello',
    created_at: created,
    office,
    visitor_time_zone: null,
    due_at: due ?? null,
    state,
    state_changed_at: changed ?? null,
    state_changed_by: by ?? null,
    owner_name: owner ?? null,
  } as StoredEnquiry;
}

const week = [
  // Friday 17:30 in London (GMT in December), answered Monday 10:00: 6 h 30 of Friday and 10 h of Monday on its clock.
  enquiry('Friday evening London', 'GB', '2026-12-04T17:30:00Z', 'answered', '2026-12-07T10:00:00Z', 'Priya', undefined, 'Priya'),
  // Monday 09:00 London, answered Wednesday 09:00: two whole working days.
  // Taken by Tom, who handed it to Priya once she had answered it.
  enquiry('Slow London', 'GB', '2026-12-07T09:00:00Z', 'answered', '2026-12-09T09:00:00Z', 'Priya', undefined, 'Tom'),
  // Saturday 15:00 IST (Noida works Saturdays), answered Monday 12:00 IST: 9 h of Saturday, 12 h of Monday.
  enquiry('Saturday Noida', 'IN', '2026-12-05T09:30:00Z', 'answered', '2026-12-07T06:30:00Z', 'Arjun', undefined, 'Arjun'),
  // No office asked for: Noida answers. Still open on Friday, four working days on.
  enquiry('Unrouted open', null, '2026-12-07T04:30:00Z', 'new', undefined, undefined, undefined, 'Arjun'),
  // Closed enquiries need no answer and are never late.
  enquiry('Closed one', 'GB', '2026-12-01T09:00:00Z', 'closed', '2026-12-01T09:05:00Z', 'Priya'),
  // Tuesday 11:00 in Sydney; the notifier dated it Thursday 11:00 (a company closure on Wednesday); answered Thursday 07:00.
  // Its stored due time decides, as the notifier counted the closure.
  enquiry('Sydney after a closure', 'AU', '2026-12-08T00:00:00Z', 'answered', '2026-12-09T20:00:00Z', 'Mia', '2026-12-10T00:00:00Z'),
];

describe('the report per office and per person who answered', () => {
  const closures = [{ day: '2026-12-09', office: 'AU' as const, reason: 'Office move' }];
  const report = responseTimeReport(week, reportPeriod({ from: '2026-11-30', to: '2026-12-11' }, now), now, 24, closures);
  const byOffice = Object.fromEntries(report.workingTime.offices.map((row) => [row.name, row]));

  it('counts each office on its own working clock and separates avoidable breaches from closed days', () => {
    expect(report.workingTime.offices.map((row) => row.name)).toEqual(['Noida', 'Austin', 'London', 'Toronto', 'Sydney']);
    expect(byOffice.London).toMatchObject({ received: 3, answered: 2, open: 0, lateOnWorkingTime: 1, lateOnCalendarOnly: 1 });
    expect(byOffice.London!.medianWorkingMs).toBe((16.5 * hour + 48 * hour) / 2);
    expect(byOffice.London!.worstWorkingMs).toBe(48 * hour);
    expect(byOffice.Noida).toMatchObject({ received: 2, answered: 1, open: 1, medianWorkingMs: 21 * hour, lateOnWorkingTime: 1, lateOnCalendarOnly: 1 });
    // 13 h of Tuesday and 7 h of Thursday: the closed Wednesday does not count.
    expect(byOffice.Sydney).toMatchObject({ received: 1, answered: 1, medianWorkingMs: 20 * hour, lateOnWorkingTime: 0, lateOnCalendarOnly: 1 });
    expect(byOffice.Austin).toMatchObject({ received: 0, answered: 0, medianWorkingMs: null, lateOnWorkingTime: 0 });
    // The calendar alone counts five broken promises where staff could have avoided two.
    expect(report.brokenPromise).toBe(5);
    expect(report.workingTime.offices.reduce((sum, row) => sum + row.lateOnWorkingTime, 0)).toBe(2);
  });

  it('names who answered, with their own times', () => {
    expect(report.workingTime.answerers.map((row) => [row.name, row.answered, row.lateOnWorkingTime, row.lateOnCalendarOnly])).toEqual([
      ['Arjun', 1, 0, 1],
      ['Mia', 1, 0, 1],
      ['Priya', 2, 1, 1],
    ]);
  });

  it('names each owner (who took the enquiry), with what they own still open and their breaches', () => {
    expect(report.workingTime.owners.map((row) => [row.name, row.received, row.answered, row.open, row.lateOnWorkingTime])).toEqual([
      ['Arjun', 2, 1, 1, 1],
      ['Priya', 1, 1, 0, 0],
      ['Tom', 1, 1, 0, 1],
    ]);
    expect(report.workingTime.unowned).toBe(2);
    expect(reportText(report)).toMatch(/^By owner \(who took them with "I'll take it"; 2 taken by nobody\):\nOwner\s+Received/m);
    expect(reportText(report)).toMatch(/^Tom\s+1\s+1\s+0\s+48 h 00 min\s+48 h 00 min\s+1\s+0$/m);
    const json = JSON.parse(reportJson(report)) as { owners: Array<Record<string, unknown>>; taken_by_nobody: number };
    expect(json.owners.map((row) => row.owner)).toEqual(['Arjun', 'Priya', 'Tom']);
    expect(json.taken_by_nobody).toBe(2);
  });

  it('prints both tables under the calendar figures, and gives them in JSON', () => {
    const text = reportText(report);
    const offices = text.slice(text.indexOf('By answering office')).split('\n');
    expect(offices[1]).toMatch(/^Office\s+Received\s+Answered\s+Open\s+Median\s+Worst\s+Late\s+Late on the calendar only$/);
    expect(offices.find((line) => line.startsWith('London'))).toMatch(/^London\s+3\s+2\s+0\s+32 h 15 min\s+48 h 00 min\s+1\s+1$/);
    expect(text).toMatch(/^Priya\s+2\s+/m);
    const json = JSON.parse(reportJson(report)) as { offices: Array<Record<string, unknown>>; answered_by: Array<Record<string, unknown>> };
    expect(json.offices.find((row) => row.office === 'GB')).toMatchObject({ city: 'London', received: 3, late_on_working_time: 1, late_on_calendar_only: 1 });
    expect(json.answered_by.map((row) => row.by)).toEqual(['Arjun', 'Mia', 'Priya']);
  });
});
