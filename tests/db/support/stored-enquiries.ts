/**
 * Every enquiry with its staff notification, newest first, read with SQL in the shape `npm run enquiries` reads through
 * the REST API (scripts/enquiry-export/enquiry-api.ts): for tests that seed a database directly, PGlite or PostgreSQL.
 */
import type { StoredEnquiry } from '../../../scripts/enquiry-export/enquiry-export-format.ts';

export async function storedEnquiries(db: { query<T>(sql: string): Promise<{ rows: T[] }> }): Promise<StoredEnquiry[]> {
  const { rows } = await db.query<{ body: string }>(
    `select coalesce(json_agg(to_jsonb(t) || jsonb_build_object('notification',
       (select json_build_object('status', n.status, 'attempts', n.attempts, 'last_error', n.last_error, 'sent_at', n.sent_at,
          'next_attempt_at', n.next_attempt_at) from public.enquiry_notifications n where n.enquiry_id = t.id))
     order by t.created_at desc, t.id), '[]'::json)::text as body
     from public.contact_submissions t`,
  );
  return JSON.parse(rows[0]!.body) as StoredEnquiry[];
}
