/** The enquiries through a Postgres connection (postgres.js): the Edge Function's SUPABASE_DB_URL, or any server in tests. */
import postgres from 'postgres';
import { createSqlActionStore } from './sql-store.ts';
import type { ActionStore } from './types.ts';

export interface PostgresActionStore extends ActionStore {
  close(): Promise<void>;
}

export function createPostgresActionStore(databaseUrl: string): PostgresActionStore {
  // prepare: false, so it also works through Supabase's transaction pooler (port 6543).
  const sql = postgres(databaseUrl, { max: 1, prepare: false, idle_timeout: 20, connect_timeout: 10, onnotice: () => {} });
  return {
    ...createSqlActionStore(async <T>(text: string, params: unknown[]) => (await sql.unsafe(text, params as never[])) as unknown as T[]),
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
