/** Where the staff export reads enquiries from: a Supabase REST API, or the local PGlite data directly. */
import { existsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { enquiryTable } from '../../src/config/enquiry.ts';
import type { Closure } from '../../supabase/functions/_shared/offices.ts';
import type { EnquiryNotification, StoredEnquiry } from './enquiry-export-format.ts';
import { notificationTable } from '../local-backend/rest-api.ts';

const notificationColumns = 'status,attempts,last_error,sent_at,next_attempt_at';

/** Supabase's default max rows per response. */
const maxRowsPerResponse = 1000;

/** Every enquiry, newest first, through supabase-js with a service_role key, a page at a time. */
export async function readViaApi(url: string, serviceRoleKey: string, pageSize = maxRowsPerResponse): Promise<StoredEnquiry[]> {
  const supabase = createClient(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const rows: StoredEnquiry[] = [];
  for (let from = 0; ; from += pageSize) {
    const { data, error, status } = await supabase
      .from(enquiryTable)
      .select('*')
      .order('created_at', { ascending: false })
      .order('id')
      .range(from, from + pageSize - 1);
    if (error) {
      const reason = status === 0 ? `cannot reach it (${error.message})` : `${status} ${error.code ?? ''} ${error.message}`.trim();
      throw new Error(`Reading ${enquiryTable} from ${url} failed: ${reason}`);
    }
    rows.push(...(data as StoredEnquiry[]));
    if (data.length < pageSize) break;
  }
  const notifications = await readNotificationsViaApi(supabase, pageSize);
  if (notifications === null) return rows;
  return rows.map((row) => ({ ...row, notification: notifications.get(row.id) ?? null }));
}

/** Every enquiry's notification by enquiry id; null where the project has no outbox yet (PGRST205, 42P01). */
async function readNotificationsViaApi(supabase: SupabaseClient, pageSize: number): Promise<Map<string, EnquiryNotification> | null> {
  const byEnquiry = new Map<string, EnquiryNotification>();
  for (let from = 0; ; from += pageSize) {
    const { data, error, status } = await supabase
      .from(notificationTable)
      .select(`enquiry_id,${notificationColumns}`)
      .order('enquiry_id')
      .range(from, from + pageSize - 1);
    if (error) {
      if (error.code === 'PGRST205' || error.code === '42P01') return null;
      throw new Error(`Reading ${notificationTable} failed: ${status} ${error.code ?? ''} ${error.message}`.trim());
    }
    for (const { enquiry_id, ...notification } of data as Array<EnquiryNotification & { enquiry_id: string }>) {
      byEnquiry.set(enquiry_id, notification);
    }
    if (data.length < pageSize) return byEnquiry;
  }
}

/** The company's declared closures (public.office_closures); none where the project has no such table yet. */
export async function readClosuresViaApi(url: string, serviceRoleKey: string): Promise<Closure[]> {
  const supabase = createClient(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error, status } = await supabase.from('office_closures').select('day,office,reason').order('day');
  if (error) {
    if (error.code === 'PGRST205' || error.code === '42P01') return [];
    throw new Error(`Reading office_closures from ${url} failed: ${status} ${error.code ?? ''} ${error.message}`.trim());
  }
  return data as Closure[];
}

/** What reading needs of a database connection: PGlite and a node-postgres client both fit. */
export interface QueryableDatabase {
  query<T>(sql: string): Promise<{ rows: T[] }>;
}

/** Every enquiry with its notification, newest first, read with SQL (the local PGlite, or PostgreSQL in tests). */
export async function readFromDatabase(db: QueryableDatabase): Promise<StoredEnquiry[]> {
  const { rows: outbox } = await db.query<{ exists: boolean }>(`select to_regclass('public.${notificationTable}') is not null as exists`);
  const notification = outbox[0]?.exists
    ? `(select json_build_object(${notificationColumns
        .split(',')
        .map((c) => `'${c}', n.${c}`)
        .join(', ')})
        from public.${notificationTable} n where n.enquiry_id = t.id)`
    : 'null';
  const { rows } = await db.query<{ body: string }>(
    `select coalesce(json_agg(to_jsonb(t) || jsonb_build_object('notification', ${notification}) order by t.created_at desc, t.id), '[]'::json)::text as body
     from public.${enquiryTable} t`,
  );
  return JSON.parse(rows[0]?.body ?? '[]') as StoredEnquiry[];
}

/** The company's declared closures, read with SQL; none where the table does not exist yet. */
export async function readClosuresFromDatabase(db: QueryableDatabase): Promise<Closure[]> {
  const { rows: table } = await db.query<{ exists: boolean }>(`select to_regclass('public.office_closures') is not null as exists`);
  if (!table[0]?.exists) return [];
  const { rows } = await db.query<Closure>("select to_char(day, 'YYYY-MM-DD') as day, office, reason from public.office_closures order by day");
  return rows;
}

/** Reads the local backend's PGlite directory directly; only call this when no backend is using it. */
export async function readDataDir(dataDir: string): Promise<{ rows: StoredEnquiry[]; closures: Closure[] } | 'no-data'> {
  if (!existsSync(dataDir)) return 'no-data';
  const db = await PGlite.create(dataDir);
  try {
    return { rows: await readFromDatabase(db), closures: await readClosuresFromDatabase(db) };
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return 'no-data';
    throw error;
  } finally {
    await db.close();
  }
}
