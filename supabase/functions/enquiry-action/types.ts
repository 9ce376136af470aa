/** The enquiry-action function's view of the database, kept behind an interface so the same handler runs on Supabase (postgres.js) and in the local backend (PGlite). */

/** What the confirmation page may show of an enquiry: only what the staff e-mail already showed, and its state. */
export interface EnquirySummary {
  name: string;
  company: string | null;
  created_at: Date | string;
  state: 'new' | 'answered' | 'closed';
  state_changed_at: Date | string | null;
  state_changed_by: string | null;
}

/** set_enquiry_state's answer: the state after the call, and whether this call changed it. */
export interface StateChange {
  state: 'new' | 'answered' | 'closed';
  state_changed_at: Date | string | null;
  state_changed_by: string | null;
  changed: boolean;
}

export interface ActionStore {
  /** The enquiry, or null when no enquiry has this id. */
  find(enquiry: string): Promise<EnquirySummary | null>;
  /** public.set_enquiry_state: null when no enquiry has this id. */
  setState(enquiry: string, state: 'answered' | 'closed', changedBy: string): Promise<StateChange | null>;
}

/** The queries both stores run, so they cannot drift apart. */
export const findSql = 'select name, company, created_at, state, state_changed_at, state_changed_by from public.contact_submissions where id = $1';
export const setStateSql = 'select state, state_changed_at, state_changed_by, changed from public.set_enquiry_state($1, $2, $3)';
