import type { LoaderContext } from 'astro/loaders';

export type Watcher = NonNullable<LoaderContext['watcher']>;

/** The watcher's events about one file that a loader answers by reading it again, or by dropping its entry. */
const FILE_EVENTS = new Set(['add', 'change', 'unlink']);

/**
 * The dev server's watcher as a loader sees it, with each file's events handed to the loader one at a time, and `then`
 * run once each has been taken in, whether it loaded or failed. The watcher reports a file once it has stopped
 * changing (`awaitWriteFinish` in astro.config.mjs), so a save in two steps is read whole.
 *
 * Astro's glob loader reads a file as the event arrives, then parses, checks and renders it before storing it, and
 * does not wait for one event before taking the next: a second save while the first is still being rendered (a
 * writer who publishes twice, or a slow page on a loaded machine) was stored first and then overwritten by the
 * older text, which the dev server kept showing until the next save. So was a page deleted while it was being read.
 */
export function oneChangeAtATime(watcher: Watcher, then: () => void): Watcher {
  const inFlight = new Map<string, Promise<void>>();
  const queued = (path: string, take: () => unknown): void => {
    // Astro's listeners report their own failures; one does not hold up the file's next event.
    const taken = (inFlight.get(path) ?? Promise.resolve())
      .then(take)
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(then);
    inFlight.set(path, taken);
    void taken.then(() => {
      if (inFlight.get(path) === taken) inFlight.delete(path);
    });
  };
  return new Proxy(watcher, {
    get(target, property) {
      if (property === 'on')
        return (event: string, listener: (...args: unknown[]) => unknown) =>
          target.on(event as 'change', (...args: unknown[]) => {
            const [path] = args;
            if (FILE_EVENTS.has(event) && typeof path === 'string') queued(path, () => listener(...args));
            else void Promise.resolve(listener(...args)).finally(then);
          });
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
