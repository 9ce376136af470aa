/// <reference types="astro/client" />

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate on the visitor's first interaction with the island (see src/integrations/interact-directive.ts). */
    'client:interact'?: boolean;
  }
}

interface ImportMetaEnv {
  readonly PUBLIC_SUPABASE_URL?: string;
  readonly PUBLIC_SUPABASE_ANON_KEY?: string;
}
