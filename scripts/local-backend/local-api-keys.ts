/**
 * The service-role key `supabase start` prints on every machine, for staff tools and tests against the local
 * backend: a public demo value (iss "supabase-demo", signed with the documented demo secret), so committing it
 * is safe; it never works against a hosted project. The site itself only ever uses the anon key.
 */
export const localSupabaseServiceRoleKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
