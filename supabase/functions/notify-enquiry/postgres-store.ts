/** The outbox through a Postgres connection (postgres.js): the Edge Function's SUPABASE_DB_URL, or any server in tests. */
import postgres from 'postgres';
import { sqlNotificationStore } from './deliver.ts';
import { sqlDatingStore, type DatingStore } from './enquiry-due.ts';
import { sqlReminderStore, type ReminderStore } from './reminders.ts';
import type { NotificationStore, SqlRunner } from './types.ts';

export interface PostgresStore extends NotificationStore {
  /** The reminder outbox, through the same connection. */
  reminders: ReminderStore;
  /** The enquiries' due times, through the same connection. */
  dating: DatingStore;
  close(): Promise<void>;
}

export function createPostgresStore(databaseUrl: string): PostgresStore {
  // prepare: false, so it also works through Supabase's transaction pooler (port 6543).
  const sql = postgres(databaseUrl, { max: 1, prepare: false, idle_timeout: 20, connect_timeout: 10, onnotice: () => {} });
  const run: SqlRunner = async <T>(text: string, params: unknown[]) => [...(await sql.unsafe(text, params as never[]))] as T[];
  return {
    ...sqlNotificationStore(run),
    reminders: sqlReminderStore(run),
    dating: sqlDatingStore(run),
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
