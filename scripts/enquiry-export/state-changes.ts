/**
 * Setting, undoing and reading an enquiry's state for `npm run enquiries` (--answered, --closed, --undo, --history),
 * through the SQL functions of supabase/migrations/20261206110000_enquiry_events.sql: over the REST API (the hosted
 * project or the local backend, with the service role key) or on the local data directly.
 */
import { createClient } from '@supabase/supabase-js';
import type { PGlite } from '@electric-sql/pglite';
import { eventTable } from '../local-backend/rest-api.ts';

export type SettableState = 'answered' | 'closed';

/** record_enquiry_state's answer: the state after the call, and the event when this call changed it. */
export interface RecordedState {
  state: 'new' | SettableState;
  state_changed_at: string | Date | null;
  state_changed_by: string | null;
  changed: boolean;
  event_id: string | number | null;
}

/** One row of public.enquiry_events: a change of state, or of owner (20261206140000_enquiry_owners.sql). */
export interface StateEvent {
  id: string | number;
  kind?: 'state' | 'owner';
  at: string | Date;
  from_value: string | null;
  to_value: string | null;
  by: string;
  via: 'link' | 'command';
  undone_at: string | Date | null;
  undone_by: string | null;
}

export type UndoResult = 'undone' | 'too-late' | 'not-latest' | 'already-undone' | 'missing';

export interface StateStore {
  /** null when no enquiry has this id. */
  record(enquiry: string, state: SettableState, by: string): Promise<RecordedState | null>;
  /** Oldest first. */
  history(enquiry: string): Promise<StateEvent[]>;
  undo(event: string | number, by: string): Promise<UndoResult>;
  /** enquiry_undo_window(), in minutes. */
  undoWindowMinutes(): Promise<number>;
}

/** "00:30:00", an interval as PostgreSQL writes it in JSON, in minutes. */
function intervalMinutes(text: string): number {
  const match = /^(\d+):(\d\d):(\d\d)$/.exec(text);
  if (!match) throw new Error(`enquiry_undo_window() answered ${JSON.stringify(text)}, not a time of day`);
  return Number(match[1]) * 60 + Number(match[2]) + Number(match[3]) / 60;
}

/** Through supabase-js with a service_role key: the hosted project, or the local backend. */
export function apiStateStore(url: string, serviceRoleKey: string): StateStore {
  const supabase = createClient(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const fail = (what: string, error: { message: string; code?: string }, status: number): never => {
    const missing = error.code === 'PGRST202' || error.code === 'PGRST205' || error.code === '42883' || error.code === '42P01';
    const hint = missing ? ' The project lacks the enquiry events migration: apply the migrations with supabase db push.' : '';
    throw new Error(
      `${what} on ${url} failed: ${status === 0 ? `cannot reach it (${error.message})` : `${status} ${error.code ?? ''} ${error.message}`}.${hint}`,
    );
  };
  return {
    async record(enquiry, state, by) {
      const { data, error, status } = await supabase.rpc('record_enquiry_state', { enquiry, new_state: state, changed_by: by, changed_via: 'command' });
      if (error) fail('Recording the state', error, status);
      return (data as RecordedState[])[0] ?? null;
    },
    async history(enquiry) {
      const { data, error, status } = await supabase.from(eventTable).select('*').eq('enquiry_id', enquiry).order('id');
      if (error) fail('Reading the history', error, status);
      return data as StateEvent[];
    },
    async undo(event, by) {
      const { data, error, status } = await supabase.rpc('undo_enquiry_event', { event, undone_by: by });
      if (error) fail('Undoing', error, status);
      return data as UndoResult;
    },
    async undoWindowMinutes() {
      const { data, error, status } = await supabase.rpc('enquiry_undo_window', {});
      if (error) fail('Reading the undo window', error, status);
      return intervalMinutes(data as string);
    },
  };
}

/** On the local data, opened directly (no backend running): the same functions in SQL. */
export function databaseStateStore(db: PGlite): StateStore {
  const rows = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;
  return {
    async record(enquiry, state, by) {
      const sql = `select state, state_changed_at, state_changed_by, changed, event_id from public.record_enquiry_state($1, $2, $3, 'command')`;
      return (await rows<RecordedState>(sql, [enquiry, state, by]))[0] ?? null;
    },
    history: (enquiry) => rows<StateEvent>(`select * from public.${eventTable} where enquiry_id = $1 order by id`, [enquiry]),
    async undo(event, by) {
      return (await rows<{ result: UndoResult }>('select public.undo_enquiry_event($1, $2) as result', [event, by]))[0]!.result;
    },
    async undoWindowMinutes() {
      return Number((await rows<{ minutes: number }>('select extract(epoch from public.enquiry_undo_window()) / 60 as minutes'))[0]!.minutes);
    },
  };
}
