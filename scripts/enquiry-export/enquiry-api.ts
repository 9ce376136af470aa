/**
 * What `npm run enquiries` reads and changes, through supabase-js with a service_role key: the hosted project, or the
 * local backend (scripts/local-backend.ts answers the same REST API). The notification outbox is
 * supabase/migrations/20261124090000_enquiry_notifications.sql; states change through the SQL functions of
 * 20261206110000_enquiry_events.sql.
 */
import { createClient } from '@supabase/supabase-js';
import { enquiryTable } from '../../src/config/enquiry.ts';
import type { Closure } from '../../supabase/functions/_shared/offices.ts';
import type { EnquiryEvent, StateChange, UndoResult } from '../../supabase/functions/enquiry-action/types.ts';
import type { EnquiryNotification, StoredEnquiry } from './enquiry-export-format.ts';

export type SettableState = 'answered' | 'closed';

/** A row of public.enquiry_events, without the undo deadline the action page adds; PostgREST gives its bigint id as a number. */
export type StateEvent = Omit<EnquiryEvent, 'id' | 'undo_until'> & { id: string | number };

type Answer = { data: unknown; error: { message: string; code?: string } | null; status: number };

/** A table or function the project lacks: it has not had the migration that adds it. */
const missing = ({ error }: Answer) => ['PGRST202', 'PGRST205', '42883', '42P01'].includes(error?.code ?? '');

export type EnquiryApi = ReturnType<typeof enquiryApi>;

/** `pageSize`: Supabase's default max rows per response. */
export function enquiryApi(url: string, serviceRoleKey: string, pageSize = 1000) {
  const supabase = createClient(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });

  const data = <T>(what: string, answer: Answer): T => {
    const { error, status } = answer;
    if (!error) return answer.data as T;
    const reason = status === 0 ? `cannot reach it (${error.message})` : `${status} ${error.code ?? ''} ${error.message}`;
    const hint = missing(answer) ? ' The project lacks the migration that adds it: apply the migrations with supabase db push.' : '';
    throw new Error(`${what} on ${url} failed: ${reason}.${hint}`);
  };

  /** Every row a query gives, a page at a time; none from an `optional` table the project does not have yet. */
  async function everyRow<T>(what: string, page: (from: number, to: number) => PromiseLike<Answer>, optional = false): Promise<T[]> {
    const rows: T[] = [];
    for (let from = 0; ; from += pageSize) {
      const answer = await page(from, from + pageSize - 1);
      if (optional && missing(answer)) return rows;
      const found = data<T[]>(what, answer);
      rows.push(...found);
      if (found.length < pageSize) return rows;
    }
  }

  const rpc = async <T>(what: string, name: string, args: Record<string, unknown>) => data<T>(what, await supabase.rpc(name, args));

  return {
    /** Every enquiry with its notification (null where the project has no outbox yet), newest first. */
    async enquiries(): Promise<StoredEnquiry[]> {
      const rows = await everyRow<StoredEnquiry>(`Reading ${enquiryTable}`, (from, to) =>
        supabase.from(enquiryTable).select('*').order('created_at', { ascending: false }).order('id').range(from, to),
      );
      const notifications = await everyRow<EnquiryNotification & { enquiry_id: string }>(
        'Reading enquiry_notifications',
        (from, to) =>
          supabase.from('enquiry_notifications').select('enquiry_id,status,attempts,last_error,sent_at,next_attempt_at').order('enquiry_id').range(from, to),
        true,
      );
      const byEnquiry = new Map(notifications.map(({ enquiry_id, ...notification }) => [enquiry_id, notification]));
      return rows.map((row) => ({ ...row, notification: byEnquiry.get(row.id) ?? null }));
    },
    /** The company's declared closures (public.office_closures); none where the project has no such table yet. */
    async closures(): Promise<Closure[]> {
      const answer = await supabase.from('office_closures').select('day,office,reason').order('day');
      return missing(answer) ? [] : data<Closure[]>('Reading office_closures', answer);
    },
    /** null when no enquiry has this id. */
    record: async (enquiry: string, state: SettableState, by: string) =>
      (await rpc<StateChange[]>('Recording the state', 'record_enquiry_state', { enquiry, new_state: state, changed_by: by, changed_via: 'command' }))[0] ??
      null,
    history: async (enquiry: string) =>
      data<StateEvent[]>('Reading the history', await supabase.from('enquiry_events').select('*').eq('enquiry_id', enquiry).order('id')),
    undo: (event: string | number, by: string) => rpc<UndoResult>('Undoing', 'undo_enquiry_event', { event, undone_by: by }),
    /** enquiry_undo_window(), "00:30:00" as PostgreSQL writes an interval in JSON, in minutes. */
    async undoWindowMinutes(): Promise<number> {
      const text = await rpc<string>('Reading the undo window', 'enquiry_undo_window', {});
      const match = /^(\d+):(\d\d):(\d\d)$/.exec(text);
      if (!match) throw new Error(`enquiry_undo_window() answered ${JSON.stringify(text)}, not a time of day`);
      return Number(match[1]) * 60 + Number(match[2]) + Number(match[3]) / 60;
    },
  };
}
