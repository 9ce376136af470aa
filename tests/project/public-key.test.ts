import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { localSupabaseAnonKey } from '../../src/config/local-supabase.ts';
import { localSupabaseServiceRoleKey } from '../../scripts/local-backend/local-api-keys.ts';
import { publicKeyProblem } from '../../src/schemas/supabase-key.ts';
import { realSettings } from '../support/deploy-settings.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

const base64url = (text: string) => Buffer.from(text).toString('base64url');
const jwt = (payload: object) => `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(JSON.stringify(payload))}.c2lnbmF0dXJl`;

const publishableKey = 'sb_publishable_3qGZ1pQ9e_XbTn7Yc4aWkQ_8fJd2Lm1';
const secretKey = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';
const useInstead = "use the project's publishable key (sb_publishable_…) or the legacy anon key from Project Settings → API";

describe('which Supabase keys may be built into the site', () => {
  it('accepts the local demo anon key and a publishable key', () => {
    expect(publicKeyProblem(localSupabaseAnonKey)).toBeUndefined();
    expect(publicKeyProblem(jwt({ iss: 'supabase', ref: 'abcdefghijklmnop', role: 'anon' }))).toBeUndefined();
    expect(publicKeyProblem(publishableKey)).toBeUndefined();
    expect(publicKeyProblem(`${publishableKey}\n`)).toBeUndefined();
  });

  it('refuses the local service role key, naming the variable and the role', () => {
    expect(publicKeyProblem(localSupabaseServiceRoleKey)).toBe(
      'PUBLIC_SUPABASE_ANON_KEY is a JWT for the role "service_role", not "anon": only the anon key may be built into ' +
        `the site (the service_role key bypasses row level security); ${useInstead}.`,
    );
  });

  it('refuses a secret key', () => {
    expect(publicKeyProblem(secretKey)).toBe(`PUBLIC_SUPABASE_ANON_KEY is a secret key, which bypasses row level security; ${useInstead}.`);
  });

  it('refuses a JWT for any role but anon, or for none', () => {
    expect(publicKeyProblem(jwt({ iss: 'supabase', role: 'authenticated' }))).toMatch(
      /^PUBLIC_SUPABASE_ANON_KEY is a JWT for the role "authenticated", not "anon"/,
    );
    expect(publicKeyProblem(jwt({ iss: 'supabase', role: 'Anon' }))).toMatch(/the role "Anon", not "anon"/);
    expect(publicKeyProblem(jwt({ iss: 'supabase' }))).toMatch(/^PUBLIC_SUPABASE_ANON_KEY is a JWT for no role, not "anon"/);
  });

  it('refuses anything that is neither a publishable key nor a JWT', () => {
    const neither = `PUBLIC_SUPABASE_ANON_KEY is neither a publishable key (sb_publishable_…) nor a legacy anon key (a JWT); ${useInstead}.`;
    const [header, payload, signature] = localSupabaseAnonKey.split('.');
    for (const garbage of [
      '',
      'anon',
      'sb_publishable_',
      'sb_publishable_abc def',
      'a.b.c',
      `${header}.${payload}`,
      `${header}.${payload}.`,
      `${header}.${payload}.${signature}.${signature}`,
      `${header}.${base64url('"role":"anon"')}.${signature}`,
      `${header}.${base64url('["anon"]')}.${signature}`,
      `${header}.${payload!.slice(0, 8)}*${payload!.slice(8)}.${signature}`,
    ]) {
      expect(publicKeyProblem(garbage), JSON.stringify(garbage)).toBe(neither);
    }
  });
});

describe('builds with a key that is not public', () => {
  // A stand-in for `astro` first on PATH: it records that a build started, and never builds anything.
  const bin = mkdtempSync(join(tmpdir(), 'public-key-'));
  const buildStarted = join(bin, 'build-started');
  writeFileSync(join(bin, 'astro'), `#!/bin/sh\necho "$@" > '${buildStarted}'\n`);
  chmodSync(join(bin, 'astro'), 0o755);
  afterAll(() => rmSync(bin, { recursive: true, force: true }));

  const environment = (variables: Record<string, string>) => {
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: [bin, dirname(process.execPath)].join(delimiter), ...variables };
    for (const name of ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY', 'SITE_URL']) if (!(name in variables)) delete env[name];
    return env;
  };
  const buildDeploy = (key: string) => {
    rmSync(buildStarted, { force: true });
    // Run from the stand-in's folder, which has no content/ and so no example entries: only the key decides.
    return spawnSync(process.execPath, [join(repoRoot, 'scripts/build-deploy.ts')], {
      cwd: bin,
      // Every other setting real, so only the key decides (tests/project/deploy-settings.test.ts covers the placeholders).
      env: environment({ ...realSettings, PUBLIC_SUPABASE_ANON_KEY: key }),
      encoding: 'utf8',
      timeout: 20_000,
    });
  };

  it('npm run build:deploy stops with the message before starting the build', () => {
    const run = buildDeploy(localSupabaseServiceRoleKey);
    expect(run.error).toBeUndefined();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Cannot build for deployment: 2 problems');
    // The local service role key is also a demo key (its JWT's issuer is supabase-demo).
    expect(run.stderr).toContain(`- ${publicKeyProblem(localSupabaseServiceRoleKey)}`);
    expect(run.stderr).toContain('PUBLIC_SUPABASE_ANON_KEY is a JWT for the role "service_role"');
    expect(existsSync(buildStarted)).toBe(false);
  });

  it('npm run build:deploy starts the build with a publishable key', () => {
    const run = buildDeploy(publishableKey);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(existsSync(buildStarted)).toBe(true);
  });

  // `astro sync` resolves the same Vite config as build and dev, where the check runs. Each is a new astro process:
  // about 2 core-seconds, most of them loading Astro, Vite and Rolldown, and 25 s or more on a loaded 2-core machine.
  const sync = (variables: Record<string, string>) =>
    spawnSync(process.execPath, [join(repoRoot, 'node_modules/astro/bin/astro.mjs'), 'sync'], {
      cwd: repoRoot,
      env: environment(variables),
      encoding: 'utf8',
      timeout: 110_000,
    });

  it('Astro (npm run build, npm run dev) stops with the message', { timeout: 120_000 }, () => {
    const refused = sync({ PUBLIC_SUPABASE_ANON_KEY: secretKey });
    expect(refused.status).not.toBe(0);
    expect(`${refused.stdout}${refused.stderr}`).toContain(publicKeyProblem(secretKey));
  });

  it('Astro runs with the local demo key', { timeout: 120_000 }, () => {
    const local = sync({});
    expect(local.error).toBeUndefined();
    expect(local.status).toBe(0);
  });
});
