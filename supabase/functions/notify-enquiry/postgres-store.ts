/** The outbox through a Postgres connection (postgres.js): the Edge Function's SUPABASE_DB_URL, or any server in tests. */
import postgres from 'postgres';
import { sqlDatingStore, type DatingStore } from './enquiry-due.ts';
import { sqlReminderStore, type ReminderStore, type SqlRunner } from './reminders.ts';
import type { ClaimedNotification, NotificationStore } from './types.ts';

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
    async claim(batchSize, leaseSeconds) {
      const rows = await sql<ClaimedNotification[]>`
        select * from public.claim_enquiry_notifications(${batchSize}, make_interval(secs => ${leaseSeconds}))`;
      return [...rows];
    },
    async markSent(enquiryId) {
      await sql`select public.enquiry_notification_sent(${enquiryId})`;
    },
    async markFailed(enquiryId, attempt, reason, retryAt) {
      await sql`select public.enquiry_notification_failed(${enquiryId}, ${attempt}, ${reason}, ${retryAt})`;
    },
    reminders: sqlReminderStore(run),
    dating: sqlDatingStore(run),
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
