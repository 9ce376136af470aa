/// <reference types="astro/client" />

interface ImportMetaEnv {
  readonly PUBLIC_SUPABASE_URL?: string;
  readonly PUBLIC_SUPABASE_ANON_KEY?: string;
  /** 'true' in a preview built with no Supabase project of its own (npm run build:deploy -- --preview). */
  readonly PUBLIC_ENQUIRY_DEMO?: string;
}

/** The colour tokens of src/styles/global.css, NAME → VALUE (src/styles/theme-colours.ts); read them with src/config/theme-colour.ts. */
declare module 'virtual:theme-colours' {
  export const colours: Readonly<Record<string, string>>;
}
