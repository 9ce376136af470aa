/**
 * The dev site's form never posts to a hosted project: `npm run dev` hands astro dev the local stand-in's address and
 * key in the environment, which wins over every .env file in Vite, so a production .env at the root (or a
 * PUBLIC_SUPABASE_URL in the shell) is set aside. `hostedProjectSetAside` says where such a value was, for one line
 * at the start.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { localSupabaseAnonKey, localSupabaseUrl } from '../../src/config/local-supabase.ts';

/** The files Vite reads in development, in its order: a later one wins. */
const developmentEnvFiles = ['.env', '.env.local', '.env.development', '.env.development.local'];

/** The hosted project a dev server would otherwise have used, and where it was set, or undefined. */
export function hostedProjectSetAside(root: string, env: NodeJS.ProcessEnv): { where: string; value: string } | undefined {
  const effective = [
    ...developmentEnvFiles
      .filter((file) => existsSync(join(root, file)))
      .map((file) => ({ where: file, value: parseEnv(readFileSync(join(root, file), 'utf8')).PUBLIC_SUPABASE_URL })),
    { where: 'the environment', value: env.PUBLIC_SUPABASE_URL },
  ].findLast(({ value }) => value !== undefined && value !== '');
  return effective && effective.value !== localSupabaseUrl ? { where: effective.where, value: effective.value! } : undefined;
}

/** `env` with the local stand-in as the form's project, whatever the .env files say. */
export const developmentEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  ...env,
  PUBLIC_SUPABASE_URL: localSupabaseUrl,
  PUBLIC_SUPABASE_ANON_KEY: localSupabaseAnonKey,
  PUBLIC_ENQUIRY_DEMO: 'false',
});
