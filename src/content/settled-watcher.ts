import { readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { LoaderContext } from 'astro/loaders';

type Watcher = NonNullable<LoaderContext['watcher']>;
type Listener = (path: string, ...rest: unknown[]) => unknown;

/**
 * Chokidar (under Vite's watcher) drops a file's further change events for 50 ms after one. A save that lands in two
 * steps (the file emptied, then written, as Node's writeFile and many editors do) can be read in between and then
 * never again: the content layer keeps the empty file ("seo is missing") though the file on disk is fine.
 */
const changeEventsDroppedForMs = 50;
/** A file still changing after this many reads is left to its next change event. */
const readsPerChange = 4;

/**
 * The dev server's watcher as a content folder's loader sees it. Each change to a file in `folder` is taken in again
 * if the file differs, once chokidar's window is over, from what it was when the change arrived (Vite reads its own
 * modules again for the same reason); the changes to one file are taken in one after another, so an older read never
 * lands after a newer one; and `afterEachChange` runs once each is taken in.
 */
export function settledWatcher(watcher: Watcher, folder: string, afterEachChange: () => void): Watcher {
  const inFolder = (path: string) => path.startsWith(resolve(folder) + sep);
  const pending = new Map<string, Promise<void>>();

  const settled = (event: string, listener: Listener): Listener => {
    return (path, ...rest) => {
      if (!inFolder(path)) return listener(path, ...rest);
      const takeIn = async () => {
        for (let read = 1; read <= readsPerChange; read++) {
          // Twice the window, for the moment the event took to reach this listener.
          const windowEnd = Date.now() + 2 * changeEventsDroppedForMs;
          const before = textOf(path);
          try {
            await listener(path, ...rest);
          } finally {
            afterEachChange();
          }
          if (event === 'unlink') return;
          await delay(Math.max(0, windowEnd - Date.now()));
          if (textOf(path) === before) return;
        }
      };
      const taken = (pending.get(path) ?? Promise.resolve()).then(takeIn, takeIn);
      pending.set(path, taken);
      const forget = () => void (pending.get(path) === taken && pending.delete(path));
      void taken.then(forget, forget);
      return taken;
    };
  };

  return new Proxy(watcher, {
    get(target, property) {
      if (property === 'on') return (event: string, listener: Listener) => target.on(event as 'change', settled(event, listener));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function textOf(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
