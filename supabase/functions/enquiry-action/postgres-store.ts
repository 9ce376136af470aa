/** The enquiries through a Postgres connection (postgres.js): the Edge Function's SUPABASE_DB_URL, or any server in tests. */
import postgres from 'postgres';
import { findSql, setStateSql, type ActionStore, type EnquirySummary, type StateChange } from './types.ts';

export interface PostgresActionStore extends ActionStore {
  close(): Promise<void>;
}

export function createPostgresActionStore(databaseUrl: string): PostgresActionStore {
  // prepare: false, so it also works through Supabase's transaction pooler (port 6543).
  const sql = postgres(databaseUrl, { max: 1, prepare: false, idle_timeout: 20, connect_timeout: 10, onnotice: () => {} });
  return {
    async find(enquiry) {
      const rows = await sql.unsafe<EnquirySummary[]>(findSql, [enquiry]);
      return rows[0] ?? null;
    },
    async setState(enquiry, state, changedBy) {
      const rows = await sql.unsafe<StateChange[]>(setStateSql, [enquiry, state, changedBy]);
      return rows[0] ?? null;
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
