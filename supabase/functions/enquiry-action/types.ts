/** The enquiry-action function's view of the database, kept behind an interface so the same handler runs on Supabase (postgres.js) and in the local backend (PGlite). */

/** What the confirmation page may show of an enquiry: only what the staff e-mail already showed, and its state. */
export interface EnquirySummary {
  name: string;
  company: string | null;
  created_at: Date | string;
  state: 'new' | 'answered' | 'closed';
  state_changed_at: Date | string | null;
  state_changed_by: string | null;
  /** The answering office's code (null: the headquarters'), and who owns the enquiry (20261206140000_enquiry_owners.sql). */
  office: string | null;
  owner_address: string | null;
  owner_name: string | null;
  owned_at: Date | string | null;
}

/** record_enquiry_owner's answer: what happened, in a word, and the owner after the call. */
export interface OwnerChange {
  outcome: 'taken' | 'handed-over' | 'already-yours' | 'owned' | 'not-owner' | 'settled';
  owner_address: string | null;
  owner_name: string | null;
  owned_at: Date | string | null;
}

/** record_enquiry_state's answer: the state after the call, whether this call changed it, and the change's event. */
export interface StateChange {
  state: 'new' | 'answered' | 'closed';
  state_changed_at: Date | string | null;
  state_changed_by: string | null;
  changed: boolean;
  /** A bigint, as text; null when nothing changed. */
  event_id: string | null;
}

/** One change of the enquiry's state (public.enquiry_events), with the moment it can no longer be undone. */
export interface EnquiryEvent {
  id: string;
  /** A change of state (new → answered or closed) or of owner (addresses; from null when taken). */
  kind: 'state' | 'owner';
  at: Date | string;
  from_value: string | null;
  to_value: string | null;
  by: string;
  via: 'link' | 'command';
  undone_at: Date | string | null;
  undone_by: string | null;
  undo_until: Date | string;
}

/** What public.undo_enquiry_event says, or 'missing' when the event is not one this link may undo. */
export type UndoResult = 'undone' | 'too-late' | 'not-latest' | 'already-undone' | 'missing';

export interface ActionStore {
  /** The enquiry, or null when no enquiry has this id. */
  find(enquiry: string): Promise<EnquirySummary | null>;
  /** public.record_enquiry_state by a link: null when no enquiry has this id. */
  setState(enquiry: string, state: 'answered' | 'closed', changedBy: string): Promise<StateChange | null>;
  /** public.record_enquiry_owner: takes the enquiry (from null) or hands it over; null when no enquiry has this id. */
  setOwner(enquiry: string, owner: { address: string; name: string }, from: string | null, changedBy: string): Promise<OwnerChange | null>;
  /** The enquiry's changes of state and owner, oldest first. */
  history(enquiry: string): Promise<EnquiryEvent[]>;
  /** public.undo_enquiry_event, for an event of `enquiry` that a link of `action` made. */
  undo(enquiry: string, event: string, action: 'answered' | 'closed', undoneBy: string): Promise<UndoResult>;
}
