/**
 * The Supabase project the pages talk to: the deploy's public settings (docs/OPERATIONS.md), or the local stand-in
 * when they are unset. The key is built into every page; the build refuses a secret one (src/schemas/supabase-key.ts).
 */
import { localSupabaseAnonKey, localSupabaseUrl } from './local-supabase.ts';

export const supabaseUrl: string = import.meta.env.PUBLIC_SUPABASE_URL || localSupabaseUrl;

export const supabaseAnonKey: string = import.meta.env.PUBLIC_SUPABASE_ANON_KEY || localSupabaseAnonKey;

/**
 * A pull request's preview with no Supabase project of its own (`npm run build:deploy -- --preview`, docs/PUBLISHING.md,
 * "Previews"): the form says it is a demo, stores nothing, e-mails nobody and connects to no project.
 */
export const enquiryDemo: boolean = import.meta.env.PUBLIC_ENQUIRY_DEMO === 'true';
