/**
 * The production build: like `npm run build`, but refuses to run without the hosted Supabase project's
 * public URL and anon key, so a deploy can never ship a form that posts to the local stand-in, and refuses a key that
 * is not public (a secret or service role key), which would be readable by every visitor.
 */
import { spawnSync } from 'node:child_process';
import { publicKeyProblem } from '../src/lib/supabase-key.ts';

const required = ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY'] as const;

if (process.argv.includes('--help')) {
  console.log(`Usage: ${required.map((name) => `${name}=…`).join(' ')} npm run build:deploy\nBuilds dist/ for production (set SITE_URL for canonical URLs).`);
  process.exit(0);
}

const missing = required.filter((name) => !process.env[name]?.trim());
if (missing.length > 0) {
  console.error(
    `Cannot build for deployment: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set.\n` +
      'Set them to your Supabase project\'s URL and anon (public) key, found in the dashboard under Project Settings → API.',
  );
  process.exit(1);
}
const url = process.env.PUBLIC_SUPABASE_URL!;
if (!/^https:\/\//.test(url)) {
  console.error(`Cannot build for deployment: PUBLIC_SUPABASE_URL must be an https:// URL, got "${url}".`);
  process.exit(1);
}
const keyProblem = publicKeyProblem(process.env.PUBLIC_SUPABASE_ANON_KEY!);
if (keyProblem) {
  console.error(`Cannot build for deployment: ${keyProblem}`);
  process.exit(1);
}
if (!process.env.SITE_URL) console.warn('Note: SITE_URL is not set; canonical URLs will use https://www.example.com.');

const result = spawnSync('astro', ['build'], { stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(result.status ?? 1);
