/** A copy of the project served by `astro dev` with decap-server beside it, on free ports: the editor as a writer runs it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { unflatten } from 'devalue';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { workerPort } from './ports.ts';
import { startDecapServer, type DecapServer } from '../../scripts/local-backend/cms-local-server.ts';
import { copyProject, repoRoot } from './project-copy.ts';

export interface CmsDevSite {
  root: string;
  url: string;
  /** What astro dev has printed so far (reloads of content, errors), for a failing test's report. */
  output: () => string;
  close: () => Promise<void>;
}

async function waitForHttp(url: string, child: ChildProcess, timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`astro dev exited with code ${child.exitCode}`);
    try {
      // The first request compiles the page: on a loaded machine that takes tens of seconds, and a request given up
      // early is only asked again behind it. Wait for the answer until the deadline.
      if ((await fetch(url, { signal: AbortSignal.timeout(Math.max(1000, deadline - Date.now())) })).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function startCmsDevSite(): Promise<CmsDevSite> {
  const copy = await copyProject('cms-editor-');
  let decap: DecapServer | undefined;
  let astro: ChildProcess | undefined;
  let printed = '';
  const close = async () => {
    if (astro && astro.exitCode === null) {
      const exited = new Promise((resolve) => astro!.once('exit', resolve));
      astro.kill();
      await exited;
    }
    await decap?.close();
    await copy.remove();
  };
  try {
    const decapPort = await workerPort();
    const port = await workerPort();
    const url = `http://127.0.0.1:${port}`;
    decap = await startDecapServer({ root: copy.root, port: decapPort, siteOrigins: [url] });
    astro = spawn(process.execPath, [join(repoRoot, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(port), '--host', '127.0.0.1'], {
      cwd: copy.root,
      env: { ...process.env, DECAP_SERVER_PORT: String(decapPort), ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0', NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    astro.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    astro.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    await waitForHttp(`${url}/admin/config.yml`, astro, 120_000).catch((error: Error) => {
      throw new Error(`${error.message}; astro dev printed:\n${printed}`);
    });
    return { root: copy.root, url, output: () => printed, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * One dev site for a whole spec file: started before its first test, closed after its last, and what astro dev printed
 * attached to a test that fails. The returned object is filled in once the site runs.
 */
export function useCmsDevSite(): CmsDevSite {
  const site = {} as CmsDevSite;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    Object.assign(site, await startCmsDevSite());
  });
  test.afterAll(async () => site.close?.());
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('astro dev output', { body: site.output(), contentType: 'text/plain' });
  });
  return site;
}

/**
 * When `astro dev` last wrote its content store (`.astro/data-store.json`, in milliseconds; 0 before the first),
 * which it does about half a second after taking in a changed file, and just before it tells its renderer to read it
 * again. A test reads a page only once the store is newer than the save: Astro 7.3.5 can keep rendering the old
 * content when a page request is in flight at that moment (admin-form.spec.ts, "swapping two positions").
 */
export async function contentStoreTime(site: CmsDevSite): Promise<number> {
  try {
    return (await stat(join(site.root, '.astro/data-store.json'))).mtimeMs;
  } catch {
    return 0;
  }
}

/** Waits until `astro dev` has written its content store again after `since` (a `contentStoreTime` taken before a save). */
export async function storeRewrittenSince(site: CmsDevSite, since: number): Promise<void> {
  await expect.poll(() => contentStoreTime(site), { timeout: 60_000 }).toBeGreaterThan(since);
}

/** An entry's data as `astro dev`'s content store holds it (what its pages render from), or undefined. */
export async function storedData(site: CmsDevSite, collection: string, id: string): Promise<Record<string, unknown> | undefined> {
  const store = unflatten(JSON.parse(await readFile(join(site.root, '.astro/data-store.json'), 'utf8'))) as Map<
    string,
    Map<string, { data: Record<string, unknown> }>
  >;
  return store.get(collection)?.get(id)?.data;
}
