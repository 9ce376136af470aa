/**
 * The browser's Supabase client, created on first need: supabase-js (~30 KB gzip) is downloaded only
 * when a visitor starts filling the form or submits it, never with the page.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { supabaseAnonKey, supabaseUrl } from '../config/supabase-project.ts';

let client: Promise<SupabaseClient> | undefined;

export function getSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js')
    .then(({ createClient }) =>
      createClient(supabaseUrl, supabaseAnonKey, {
        // The session lives in local storage, persisted and refreshed automatically.
        auth: {
          storage: typeof window === 'undefined' ? undefined : window.localStorage,
          persistSession: true,
          autoRefreshToken: true,
        },
      }),
    )
    .catch((error: unknown) => {
      // Let the next attempt download again (a flaky connection may have dropped the chunk).
      client = undefined;
      throw error;
    });
  return client;
}
