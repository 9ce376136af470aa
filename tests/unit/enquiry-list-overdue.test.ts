/**
 * The staff list (`npm run enquiries`) flags an open enquiry OVERDUE on its office's working clock once the notifier
 * has dated it, as the e-mails do: a London enquiry from Friday 17:30 is not overdue on Sunday, though the calendar
 * counts 42 hours; it is on Monday evening. Until it is dated, the calendar's hours decide.
 */
import { describe, expect, it } from 'vitest';
import { isOverdue, toTable, type StoredEnquiry } from '../../scripts/enquiry-export/enquiry-export-format.ts';
import { historyText } from '../../scripts/enquiry-export/state-commands.ts';
import { officeByCode, officeClock } from '../../supabase/functions/_shared/offices.ts';
import { enquiryDue } from '../../supabase/functions/notify-enquiry/enquiry-due.ts';
import { defaultRemindAfterSeconds } from '../../supabase/functions/notify-enquiry/reminders.ts';

const received = '2026-12-04T17:30:00Z';
const dueAt = enquiryDue(new Date(received), officeClock(officeByCode('GB')), defaultRemindAfterSeconds).due.toISOString();
const row = (due_at: string | null) =>
  ({
    id: '6f1c2a9e-0000-4000-8000-000000000001',
    created_at: received,
    name: 'Friday evening',
    email: 'friday@example.com',
    company: null,
    phone: null,
    service: null,
    message: 'Hello',
    office: 'GB',
    visitor_time_zone: 'Europe/London',
    due_at,
    state: 'new',
    state_changed_at: null,
    state_changed_by: null,
  }) as StoredEnquiry;

describe('OVERDUE in the staff list', () => {
  const sunday = new Date('2026-12-06T12:00:00Z');
  const mondayEvening = new Date('2026-12-07T18:00:00Z');

  it('counts the office’s working clock once the enquiry is dated', () => {
    expect(dueAt).toBe('2026-12-07T17:30:00.000Z');
    expect(isOverdue(row(dueAt), sunday)).toBe(false);
    expect(toTable([row(dueAt)], sunday)).toContain('new, due 2026-12-07 17:30');
    expect(isOverdue(row(dueAt), mondayEvening)).toBe(true);
    expect(toTable([row(dueAt)], mondayEvening)).toContain('new, OVERDUE (due 2026-12-07 17:30)');
  });

  it('counts the calendar until then', () => {
    expect(isOverdue(row(null), sunday)).toBe(true);
    expect(toTable([row(null)], sunday)).toContain('new, OVERDUE (over 24 h)');
  });

  it('names the owner of an open enquiry after its due time, and shows taking and handing over in its history', () => {
    const owned = { ...row(dueAt), owner_name: 'Tom Hale', owner_address: 'tom@company.test' };
    expect(toTable([owned], mondayEvening)).toContain('new, OVERDUE (due 2026-12-07 17:30), owner Tom Hale');
    const events = [
      {
        id: 1,
        kind: 'owner' as const,
        at: '2026-12-07T09:00:00Z',
        from_value: null,
        to_value: 'olivia@company.test',
        by: 'Olivia Grant',
        via: 'link' as const,
        undone_at: null,
        undone_by: null,
      },
      {
        id: 2,
        kind: 'owner' as const,
        at: '2026-12-07T10:00:00Z',
        from_value: 'olivia@company.test',
        to_value: 'tom@company.test',
        by: 'Olivia Grant',
        via: 'link' as const,
        undone_at: null,
        undone_by: null,
      },
    ];
    const text = historyText(owned, events, 30, mondayEvening);
    expect(text).toContain('owner nobody → olivia@company.test');
    expect(text).toContain('owner olivia@company.test → tom@company.test');
    // Neither is a change undo could take back.
    expect(text).not.toContain('can be undone');
  });
});
