/**
 * When an enquiry is due, and when staff are written to about it, on its office's working clock
 * (_shared/working-clock.ts): due 24 hours of working time after it arrived; reminded `remindAfterSeconds` of working
 * time after it arrived, moved into the office's opening hours (the last open minute before, or the next opening);
 * warned when it is due, or at the office's next opening after that. Each run of the notifier dates the enquiries
 * that have no due time yet, before anything is sent, so the first staff e-mail already says when it is due.
 */
import { officeByCode, officeClock, type Closure } from '../_shared/offices.ts';
import { addWorkingTime, lastOpenBefore, nextOpening, type WorkingClock } from '../_shared/working-clock.ts';
import { promiseSeconds } from './reminders.ts';
import type { SqlRunner } from './types.ts';

export interface EnquiryDue {
  due: Date;
  remind: Date;
  warn: Date;
}

export function enquiryDue(received: Date, clock: WorkingClock, remindAfterSeconds: number): EnquiryDue {
  const due = addWorkingTime(received, promiseSeconds, clock);
  const target = addWorkingTime(received, remindAfterSeconds, clock);
  const remind = lastOpenBefore(target, received, clock) ?? nextOpening(received, clock);
  return { due, remind: remind < due ? remind : due, warn: nextOpening(due, clock) };
}

export interface UndatedEnquiry {
  enquiry_id: string;
  created_at: Date | string;
  office: string | null;
}

export interface DatingStore {
  /** Enquiries without a due time, oldest first. */
  undated(limit: number): Promise<UndatedEnquiry[]>;
  closures(): Promise<Closure[]>;
  /** Stores the three times, unless another run stored them first (set_enquiry_due). */
  setDue(enquiryId: string, due: EnquiryDue): Promise<void>;
}

export function sqlDatingStore(run: SqlRunner): DatingStore {
  return {
    undated: (limit) =>
      run<UndatedEnquiry>('select id as enquiry_id, created_at, office from public.contact_submissions where due_at is null order by created_at, id limit $1', [
        limit,
      ]),
    closures: () => run<Closure>("select to_char(day, 'YYYY-MM-DD') as day, office, reason from public.office_closures order by day", []),
    async setDue(enquiryId, { due, remind, warn }) {
      await run('select public.set_enquiry_due($1, $2, $3, $4)', [enquiryId, due, remind, warn]);
    },
  };
}

/**
 * A clock that never stops: every hour counts and staff may be written to at any hour. Only for trying reminders out
 * on the local backend (ENQUIRY_CLOCK=calendar), where a reminder after 30 seconds should not wait for Monday.
 */
export const calendarClock: WorkingClock = {
  timeZone: 'UTC',
  week: Array.from({ length: 7 }, () => ({ opens: '00:00', closes: '24:00' })),
  closedOn: () => undefined,
};

/** Dates every enquiry that has no due time yet (at most 500 a run: a backlog is dated over the next runs). */
export async function dateEnquiries(store: DatingStore, remindAfterSeconds: number, { calendar = false } = {}): Promise<number> {
  const undated = await store.undated(500);
  if (undated.length === 0) return 0;
  const closures = calendar ? [] : await store.closures();
  for (const enquiry of undated) {
    const clock = calendar ? calendarClock : officeClock(officeByCode(enquiry.office), closures);
    await store.setDue(enquiry.enquiry_id, enquiryDue(new Date(enquiry.created_at), clock, remindAfterSeconds));
  }
  return undated.length;
}
