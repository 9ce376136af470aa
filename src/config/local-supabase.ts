/**
 * The local Supabase stand-in: the address and anon key `supabase start` prints on every machine.
 * The key is a public demo value (iss "supabase-demo", signed with the documented demo secret),
 * so committing it is safe; it never works against a hosted project. The matching service-role key,
 * which only the tooling and tests use, is in scripts/local-backend/local-api-keys.ts.
 */

export const localSupabasePort = 54321;

export const localSupabaseUrl = `http://127.0.0.1:${localSupabasePort}`;

export const localSupabaseAnonKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
