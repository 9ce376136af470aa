/** Which role a local demo key stands for, and the JWT claims PostgREST would see for it. */
import { localSupabaseAnonKey, localSupabaseServiceRoleKey } from '../../src/config/local-supabase.ts';
import type { ApiRole } from './postgrest-errors.ts';

const roleByKey = new Map<string, ApiRole>([
  [localSupabaseAnonKey, 'anon'],
  [localSupabaseServiceRoleKey, 'service_role'],
]);

export function roleForKey(key: string): ApiRole | undefined {
  return roleByKey.get(key);
}

/** The key's JWT payload as JSON text, the value PostgREST puts in request.jwt.claims. */
export function claimsForKey(key: string): string {
  const payload = key.split('.')[1] ?? '';
  return Buffer.from(payload, 'base64url').toString('utf8');
}
