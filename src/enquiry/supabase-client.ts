/**
 * The browser's Supabase client, created on first need: supabase-js (~30 KB gzip) is downloaded only
 * when a visitor starts filling the form or submits it, never with the page. In a preview's demo mode
 * (enquiryDemo) nothing is downloaded and nothing leaves the browser.
 */
import { enquiryDemo, supabaseAnonKey, supabaseUrl } from '../config/supabase-project.ts';
import type { InsertClient } from './submit-enquiry.ts';

let client: Promise<InsertClient> | undefined;

/** Stores nothing, and answers as a stored insert does, so the form goes through its usual steps. */
const demoClient: InsertClient = {
  from: () => ({ insert: () => ({ abortSignal: () => Promise.resolve({ error: null, status: 201 }) }) }),
};

export function getSupabase(): Promise<InsertClient> {
  if (enquiryDemo) return Promise.resolve(demoClient);
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
