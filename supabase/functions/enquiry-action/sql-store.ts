/**
 * The enquiry-action function's queries, run through whatever runs SQL with $1 parameters: postgres.js on Supabase
 * (postgres-store.ts) and PGlite in the local backend (scripts/local-backend/local-actions.ts), so the two cannot drift.
 */
import type { ActionStore, EnquiryEvent, EnquirySummary, OwnerChange, StateChange, UndoResult } from './types.ts';

export type RunSql = <T>(sql: string, params: unknown[]) => Promise<T[]>;

const findSql = `select name, company, created_at, state, state_changed_at, state_changed_by, office, owner_address, owner_name, owned_at
  from public.contact_submissions where id = $1`;
const setOwnerSql = `select outcome, owner_address, owner_name, owned_at from public.record_enquiry_owner($1, $2, $3, $4, $5, 'link')`;
const setStateSql = `select state, state_changed_at, state_changed_by, changed, event_id::text as event_id
  from public.record_enquiry_state($1, $2, $3, 'link')`;
const historySql = `select id::text as id, kind, at, from_value, to_value, by, via, undone_at, undone_by, at + public.enquiry_undo_window() as undo_until
  from public.enquiry_events where enquiry_id = $1 and kind in ('state', 'owner') order by id`;
// A link undoes only what a link of its own action did to its own enquiry; anything else is 'missing' to it.
const undoSql = `select coalesce(
    (select public.undo_enquiry_event(e.id, $4) from public.enquiry_events e
     where e.id = $2 and e.enquiry_id = $1 and e.kind = 'state' and e.via = 'link' and e.to_value = $3),
    'missing') as result`;

export function createSqlActionStore(run: RunSql): ActionStore {
  return {
    async find(enquiry) {
      return (await run<EnquirySummary>(findSql, [enquiry]))[0] ?? null;
    },
    async setState(enquiry, state, changedBy) {
      return (await run<StateChange>(setStateSql, [enquiry, state, changedBy]))[0] ?? null;
    },
    async setOwner(enquiry, owner, from, changedBy) {
      return (await run<OwnerChange>(setOwnerSql, [enquiry, owner.address, owner.name, from, changedBy]))[0] ?? null;
    },
    history(enquiry) {
      return run<EnquiryEvent>(historySql, [enquiry]);
    },
    async undo(enquiry, event, action, undoneBy) {
      return (await run<{ result: UndoResult }>(undoSql, [enquiry, event, action, undoneBy]))[0]!.result;
    },
  };
}
