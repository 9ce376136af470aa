/**
 * The local Supabase stand-in: the address and keys `supabase start` prints on every machine.
 * They are public demo values (iss "supabase-demo", signed with the documented demo secret),
 * so committing them is safe; they never work against a hosted project.
 */

export const localSupabasePort = 54321;

export const localSupabaseUrl = `http://127.0.0.1:${localSupabasePort}`;

export const localSupabaseAnonKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const localSupabaseServiceRoleKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
