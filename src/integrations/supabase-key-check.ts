/**
 * The browser's key is built into the pages (src/config/supabase-project.ts): the build and `astro dev` refuse a secret
 * or service role key, whether it comes from the environment or from a .env file (Vite's resolved env holds both).
 */
import type { Plugin } from 'vite';
import { localSupabaseAnonKey } from '../config/local-supabase.ts';
import { publicKeyProblem } from '../schemas/supabase-key.ts';

export const onlyPublicSupabaseKey: Plugin = {
  name: 'only-public-supabase-key',
  configResolved({ env }) {
    const problem = publicKeyProblem(env.PUBLIC_SUPABASE_ANON_KEY || localSupabaseAnonKey);
    if (problem) throw new Error(problem);
  },
};
