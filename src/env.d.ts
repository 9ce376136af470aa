/// <reference types="astro/client" />

interface ImportMetaEnv {
  readonly PUBLIC_SUPABASE_URL?: string;
  readonly PUBLIC_SUPABASE_ANON_KEY?: string;
  /** 'true' in a preview built with no Supabase project of its own (npm run build:deploy -- --preview). */
  readonly PUBLIC_ENQUIRY_DEMO?: string;
}
