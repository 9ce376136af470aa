/**
 * A production `.env` written at the project's root, as an operator might (docs/PUBLISHING.md now says
 * .env.production), never breaks `npm run dev` nor points its form at a hosted project. `npm run dev` starts astro dev
 * with the environment of scripts/local-backend/development-env.ts; here astro dev starts in a copy with that same
 * environment and such a file (without the stand-in and decap-server, whose fixed ports the browser tests may hold),
 * keeps serving the pages after the file changes under it (Vite restarts), and its pages' form code keeps the local
 * stand-in's address. The line `npm run dev` prints about the file is checked on its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developmentEnv, hostedProjectSetAside } from '../../scripts/local-backend/development-env.ts';
import { localSupabaseUrl } from '../../src/config/local-supabase.ts';
import { SECTIONS, topLevelPages } from '../../src/config/routes.ts';
import { sectionPages } from '../../scripts/content/content-routes.ts';
import { realSettings } from '../support/deploy-settings.ts';
import { workerPort } from '../support/worker-ports.ts';
import { copyProject, repoRoot, toolEnv } from '../support/project-copy.ts';

let project: Awaited<ReturnType<typeof copyProject>>;
let dev: ChildProcess | undefined;
let output = '';
let origin = '';

const productionEnv = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');

/** The top-level pages and the first page of each section: a dev server that fails, fails them all. */
const pages = [...topLevelPages.map((page) => page.path), ...SECTIONS.map((section) => sectionPages(section)[0]!.path)];

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 150_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined as T);
    if (value !== undefined && done(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: not seen within ${timeoutMs / 1000} s.\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The address the dev site's form code posts to, as Vite serves the module to the browser. */
const formProject = async () => {
  const module = await (await fetch(`${origin}/src/config/supabase-project.ts`)).text();
  return /"PUBLIC_SUPABASE_URL": "([^"]*)"/.exec(module)?.[1];
};

// Set-up: a copy with a production .env and astro dev started in it as `npm run dev` starts it: about 10
// core-seconds, a minute or more on a loaded 2-core machine.
beforeAll(async () => {
  project = await copyProject('dev-env-file-');
  await writeFile(join(project.root, '.env'), productionEnv(realSettings));
  const port = await workerPort();
  dev = spawn(process.execPath, [join(repoRoot, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: project.root,
    env: developmentEnv(toolEnv('development')),
    detached: true,
  });
  dev.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  origin = `http://127.0.0.1:${port}`;
  await waitFor(
    () => fetch(`${origin}/`).then((response) => response.status),
    (status) => status === 200,
    'astro dev serving /',
  );
});

afterAll(async () => {
  if (dev?.pid) process.kill(-dev.pid, 'SIGTERM');
  await project?.remove();
});

// Every page rendered by the dev server, twice: about 1 core-second a page, minutes on a loaded 2-core machine.
it('keeps the local stand-in, and serves the pages before and after the file changes', { timeout: 600_000 }, async () => {
  expect(await formProject()).toBe(localSupabaseUrl);
  for (const page of pages) expect((await fetch(`${origin}${page}`)).status, page).toBe(200);

  // The file changes while the dev server runs: Vite restarts it, and it must come back on the same stand-in.
  await writeFile(join(project.root, '.env'), productionEnv({ ...realSettings, PUBLIC_SUPABASE_URL: 'https://zyxwvutsrqponmlk.supabase.co' }));
  await waitFor(
    async () => output,
    (text) => /\.env changed, restarting server/.test(text),
    'Vite restarting on the change',
  );
  await waitFor(
    () => fetch(`${origin}/`).then((response) => response.status),
    (status) => status === 200,
    'astro dev serving / after the restart',
  );
  for (const page of pages) expect((await fetch(`${origin}${page}`)).status, page).toBe(200);
  expect(await formProject()).toBe(localSupabaseUrl);
});

describe('the line npm run dev prints about a hosted project it sets aside', () => {
  it('names the file Vite would have taken it from, the last one read winning, or the environment', async () => {
    const root = await mkdtemp(join(tmpdir(), 'dev-env-files-'));
    try {
      expect(hostedProjectSetAside(root, {})).toBeUndefined();
      await writeFile(join(root, '.env'), productionEnv(realSettings));
      expect(hostedProjectSetAside(root, {})).toEqual({ where: '.env', value: realSettings.PUBLIC_SUPABASE_URL });
      // A later file wins, as in Vite: the local stand-in there leaves nothing to set aside.
      await writeFile(join(root, '.env.development.local'), `PUBLIC_SUPABASE_URL=${localSupabaseUrl}\n`);
      expect(hostedProjectSetAside(root, {})).toBeUndefined();
      expect(hostedProjectSetAside(root, { PUBLIC_SUPABASE_URL: 'https://zyxwvutsrqponmlk.supabase.co' })).toEqual({
        where: 'the environment',
        value: 'https://zyxwvutsrqponmlk.supabase.co',
      });
      // .env.production is for production builds: never read in development.
      await rm(join(root, '.env'));
      await rm(join(root, '.env.development.local'));
      await writeFile(join(root, '.env.production'), productionEnv(realSettings));
      expect(hostedProjectSetAside(root, {})).toBeUndefined();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
