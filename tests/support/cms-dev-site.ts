/**
 * A copy of the project served by `astro dev` with decap-server beside it, on free ports: the editor as a writer runs
 * it. One per Playwright worker, shared by the editor's spec files that worker runs, each of which puts the copy's
 * sources back as it found them: one site per spec file cost the 11 files twice the processor time (120 s, not 63 s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test as base } from '@playwright/test';
import { unflatten } from 'devalue';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { workerPort } from './worker-ports.ts';
import { STALE_DEV_CONTENT_RETRIES } from './stale-dev-content.ts';
import { startDecapServer, type DecapServer } from '../../scripts/local-backend/cms-local-server.ts';
import { copyProject, repoRoot, restoreCopy } from './project-copy.ts';

export interface CmsDevSite {
  root: string;
  url: string;
  /** What astro dev has printed so far (reloads of content, errors), for a failing test's report. */
  output: () => string;
  /** astro dev's content store as the site started, from the project's own sources (contentStoreEntries). */
  projectStore: Map<string, string>;
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
    return { root: copy.root, url, output: () => printed, projectStore: await contentStoreEntries(copy), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Playwright's `test` with the worker's dev site, started when a spec file first asks for it and closed with the worker. */
export const test = base.extend<object, { cmsDevSite: CmsDevSite }>({
  cmsDevSite: [
    async ({}, use) => {
      const site = await startCmsDevSite();
      try {
        await use(site);
      } finally {
        await site.close();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

/**
 * The worker's dev site for a spec file (declared with this module's `test`). Before the file's first test, the test
 * waits until astro dev's content store holds the project's own content again; after its last, every source file it
 * changed is put back, and the test waits for the same. A save that astro dev takes in late (under npm test's load,
 * seconds after the file was put back) can bring back a spec file's change for a while after that wait has passed, so
 * the next file waits too, and both compare with the store as the site started, not as the next file found it (once,
 * admin-addresses' retired page reached the store as admin-editor began, and was gone again when it ended). The store,
 * not the time it was written, tells: a restore within half a second of a save leaves the store's file unwritten.
 * A store that does not come back names where each entry differs; what astro dev printed is attached to a failed test.
 */
export function useCmsDevSite(): CmsDevSite {
  // Astro's stale dev content (see STALE_DEV_CONTENT_RETRIES): the retry runs the file on a fresh worker, with a dev
  // site of its own.
  test.describe.configure({ retries: STALE_DEV_CONTENT_RETRIES });
  const site = {} as CmsDevSite;
  const storeIsTheProjects = (message: string) => expect.poll(() => entriesChangedSince(site, site.projectStore), { message, timeout: 60_000 }).toEqual([]);
  test.beforeAll(async ({ cmsDevSite }) => {
    test.setTimeout(90_000);
    Object.assign(site, cmsDevSite);
    await storeIsTheProjects("astro dev's content store holds the project's own content, the last spec file's changes put back");
  });
  test.afterAll(async () => {
    test.setTimeout(90_000);
    await restoreCopy(site.root);
    await storeIsTheProjects("astro dev's content store is back to the project's own content");
  });
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('astro dev output', { body: site.output(), contentType: 'text/plain' });
  });
  return site;
}

const contentStorePath = (site: Pick<CmsDevSite, 'root'>) => join(site.root, '.astro/data-store.json');

/** astro dev's content store as it last wrote it: entries by id, in maps by collection. */
async function readContentStore(site: Pick<CmsDevSite, 'root'>): Promise<Map<string, Map<string, unknown>>> {
  return unflatten(JSON.parse(await readFile(contentStorePath(site), 'utf8'))) as Map<string, Map<string, unknown>>;
}

/**
 * The content store's entries by collection and id, each as canonical JSON, whatever their order: a file put back
 * after its entry left the store (a test deleted it, or saved it unreadable) comes back at the end of its collection.
 */
async function contentStoreEntries(site: Pick<CmsDevSite, 'root'>): Promise<Map<string, string>> {
  const store = await readContentStore(site);
  const sorted = (value: unknown): unknown => {
    if (value instanceof Map) return [...value].map(([key, item]) => [key, sorted(item)]).sort(([a], [b]) => String(a).localeCompare(String(b)));
    if (Array.isArray(value) || value instanceof Set) return [...value].map(sorted);
    const plain = value !== null && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);
    // Dates and the like stay as they are: JSON writes them as their values.
    return plain ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, sorted(item)])) : value;
  };
  const entries = new Map<string, string>();
  for (const [collection, items] of store) for (const [id, entry] of items) entries.set(`${collection}/${id}`, JSON.stringify(sorted(entry)));
  return entries;
}

/**
 * The entries that were added, removed or changed since `before`, for the report of a store that drifted: each as
 * collection/id, and for a changed one where it first differs (data.hero.title, digest, rendered.html, …) and how.
 */
async function entriesChangedSince(site: CmsDevSite, before: Map<string, string>): Promise<string[]> {
  const now = await contentStoreEntries(site);
  const changed = [...new Set([...before.keys(), ...now.keys()])].filter((key) => before.get(key) !== now.get(key)).sort();
  return changed.map((key) => {
    const [was, is] = [before.get(key), now.get(key)];
    if (was === undefined || is === undefined) return `${key}: ${was === undefined ? 'added' : 'removed'}`;
    return `${key}: ${firstDifference(JSON.parse(was), JSON.parse(is))}`;
  });
}

/** Where two JSON values first differ, as a path, with the start of each side there. */
function firstDifference(was: unknown, is: unknown, path = ''): string {
  if (was !== null && is !== null && typeof was === 'object' && typeof is === 'object') {
    const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])];
    const key = keys.find((name) => JSON.stringify((was as Record<string, unknown>)[name]) !== JSON.stringify((is as Record<string, unknown>)[name]));
    if (key !== undefined) return firstDifference((was as Record<string, unknown>)[key], (is as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
  }
  const start = (value: unknown) => JSON.stringify(value)?.slice(0, 120) ?? 'nothing';
  return `${path || '(entry)'} was ${start(was)}, is ${start(is)}`;
}

/**
 * When `astro dev` last wrote its content store (`.astro/data-store.json`, in milliseconds; 0 before the first),
 * which it does about half a second after taking in a changed file, and just before it tells its renderer to read it
 * again. A test reads a page only once the store is newer than the save: Astro 7.3.5 can keep rendering the old
 * content when a page request is in flight at that moment (admin-form.spec.ts, "swapping two positions").
 */
export async function contentStoreTime(site: CmsDevSite): Promise<number> {
  try {
    return (await stat(contentStorePath(site))).mtimeMs;
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
  const entry = (await readContentStore(site)).get(collection)?.get(id) as { data: Record<string, unknown> } | undefined;
  return entry?.data;
}
