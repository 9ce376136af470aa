/**
 * Astro's own glob loader, driven by a watcher as `astro dev` drives it, with a check that is slow for one version of
 * the file (as a page with pictures is on a loaded machine): what the store holds once every event is taken in is
 * the file as it is on disk, whatever order the checks finish in.
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { glob, type LoaderContext } from 'astro/loaders';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { oneChangeAtATime, type Watcher } from '../../src/content/one-change-at-a-time.ts';

let folder = '';
let events: EventEmitter & { add: () => void };
let store: Map<string, { data: Record<string, unknown> }>;
let takenIn = 0;
/** Each entry as the loader stores it. */
const stored = new EventEmitter();
/** How many times the loader has looked up a file's type: it does so first thing, as it takes in an event. */
let lookups = 0;
/** Holds the check of the file's text that says `title: slow` until released. */
let releaseSlow: () => void;
let slowStarted: Promise<void>;

const quiet = { info() {}, warn() {}, error() {}, debug() {} };

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'one-change-'));
  events = Object.assign(new EventEmitter(), { add() {} });
  store = new Map();
  takenIn = 0;
  lookups = 0;
  const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
  let started: () => void;
  slowStarted = new Promise((resolve) => (started = resolve));
  const context = {
    collection: 'pages',
    config: { root: pathToFileURL(`${folder}/`), srcDir: pathToFileURL(`${folder}/src/`) },
    logger: quiet,
    watcher: oneChangeAtATime(events as unknown as Watcher, () => (takenIn += 1)),
    generateDigest: (data: unknown) => createHash('sha256').update(JSON.stringify(data)).digest('hex'),
    parseData: async ({ data }: { data: Record<string, unknown> }) => {
      if (data.title === 'slow') {
        started();
        await slowGate;
      }
      return data;
    },
    entryTypes: {
      get(extension: string) {
        lookups += 1;
        if (extension === '.json') return { getEntryInfo: ({ contents }: { contents: string }) => ({ data: JSON.parse(contents) as unknown, body: '' }) };
      },
    },
    store: {
      keys: () => store.keys(),
      get: (id: string) => store.get(id),
      set: (entry: { id: string; data: Record<string, unknown> }) => {
        store.set(entry.id, entry);
        stored.emit('set', entry.data);
      },
      delete: (id: string) => store.delete(id),
      addModuleImport() {},
      addAssetImports() {},
    },
  };
  await writeFile(join(folder, 'home.json'), '{"title":"first"}');
  await glob({ pattern: '*.json', base: folder }).load(context as unknown as LoaderContext);
});

afterEach(() => rm(folder, { recursive: true, force: true }));

/** Saves `text` as `file` and reports it as the watcher does once the file has stopped changing. */
async function save(file: string, text: string, event: 'add' | 'change' = 'change') {
  await writeFile(join(folder, file), text);
  events.emit(event, join(folder, file));
}

/**
 * Saves `text` while the check of the slow text is held, and releases it only once the loader is done with the save
 * if it took it in at once: the slow check then finishes last, as on a loaded machine.
 */
async function saveWhileSlowIsChecked(file: string, text: string, event: 'change' | 'unlink') {
  const finalStored = new Promise((resolve) => stored.once('set', resolve));
  const before = lookups;
  if (event === 'unlink') {
    await rm(join(folder, file));
    events.emit('unlink', join(folder, file));
  } else await save(file, text);
  if (event === 'change' && lookups > before) await finalStored;
  releaseSlow();
}

it('keeps the later of two saves when the earlier one takes longer to check', async () => {
  expect(store.get('home')?.data).toEqual({ title: 'first' });
  await save('home.json', '{"title":"slow"}');
  await slowStarted;
  await saveWhileSlowIsChecked('home.json', '{"title":"final"}', 'change');
  await expect.poll(() => takenIn).toBe(2);
  expect(store.get('home')?.data).toEqual({ title: 'final' });
});

it('drops a page deleted while it was still being checked', async () => {
  await save('about.json', '{"title":"slow"}', 'add');
  await slowStarted;
  await saveWhileSlowIsChecked('about.json', '', 'unlink');
  await expect.poll(() => takenIn).toBe(2);
  expect([...store.keys()]).toEqual(['home']);
});
