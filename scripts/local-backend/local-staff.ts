/**
 * The offices' staff lists on the local backend, where the environment names none (ENQUIRY_STAFF_<office>,
 * ENQUIRY_MANAGER_<office>, as on Supabase): two people and a manager per office, named as local test people, so the
 * "I'll take it" links and the hand-over work in the local mail viewer with no configuration. Never deployed: the
 * hosted functions read only their own secrets (docs/OPERATIONS.md, "Who owns an enquiry").
 */
import { officeList } from '../../supabase/functions/_shared/offices.ts';
import { officeManagerVariable, officeStaffVariable } from '../../supabase/functions/_shared/staff.ts';

export const localStaffDefaults: Record<string, string> = Object.fromEntries(
  officeList.flatMap(({ code, city }) => {
    const box = (who: string) => `${who}.${code.toLowerCase()}@example.com`;
    return [
      [officeStaffVariable(code), `${city} tester A (local) <${box('tester-a')}>; ${city} tester B (local) <${box('tester-b')}>`],
      [officeManagerVariable(code), `${city} manager (local) <${box('manager')}>`],
    ];
  }),
);
