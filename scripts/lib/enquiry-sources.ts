/** Where the staff export reads enquiries from: a Supabase REST API, or the local PGlite data directly. */
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { createClient } from '@supabase/supabase-js';
import { enquiryTable } from '../../src/config/enquiry.ts';
import type { StoredEnquiry } from './enquiry-export-format.ts';

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
    if (data.length < pageSize) return rows;
  }
}

/** Reads the local backend's PGlite directory directly; only call this when no backend is using it. */
export async function readDataDir(dataDir: string): Promise<StoredEnquiry[] | 'no-data'> {
  if (!existsSync(dataDir)) return 'no-data';
  const db = await PGlite.create(dataDir);
  try {
    const { rows } = await db.query<{ body: string }>(
      `select coalesce(json_agg(t order by t.created_at desc, t.id), '[]'::json)::text as body
       from public.${enquiryTable} t`,
    );
    return JSON.parse(rows[0]?.body ?? '[]') as StoredEnquiry[];
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return 'no-data';
    throw error;
  } finally {
    await db.close();
  }
}

export function isListening(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const finish = (listening: boolean) => {
      socket.destroy();
      resolve(listening);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}
