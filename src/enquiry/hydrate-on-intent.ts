/**
 * The `client:intent` directive: an island's code loads on the visitor's first sign of using it (focus, pointer or
 * key down inside it), or at once when the browser keeps work for it from an earlier visit (a localStorage key
 * starting with `storedWork`). Until then the page runs none of the island's code; a submission made in the wait is
 * held and sent once the form is ready (held-submit.ts). Astro writes this into the page, and the page's policy
 * allows it by its hash.
 */
import type { ClientDirective } from 'astro';
import { holdEarlySubmits, releaseHeldSubmit } from './held-submit.ts';

export interface IntentOptions {
  /** The start of the localStorage keys that hold the island's work from an earlier visit (a draft, a queued message). */
  storedWork?: string;
}

const intentEvents = ['focusin', 'pointerdown', 'keydown'];

function hasStored(prefix: string): boolean {
  try {
    return Object.keys(localStorage).some((key) => key.startsWith(prefix));
  } catch {
    return false; // storage blocked: then nothing was kept either
  }
}

const hydrateOnIntent: ClientDirective = (load, options, island) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    // Astro retries a failed download once, then reports the error and leaves the island as it was (still `ssr`).
    await (
      await load()
    )();
    if (island.hasAttribute('ssr')) {
      // The code did not arrive (a dropped connection): the next touch, or Send pressed again, tries again.
      started = false;
      releaseHeldSubmit(island);
    }
  };
  // Started from events, and forgotten: `load` never rejects (Astro reports a failed download itself), and an error
  // while the form renders is Astro's to report too.
  const begin = () => void start();
  holdEarlySubmits(island, begin);
  for (const type of intentEvents) island.addEventListener(type, begin, { capture: true, passive: true });
  const { storedWork } = options.value as IntentOptions;
  if (storedWork && hasStored(storedWork)) void start();
};

export default hydrateOnIntent;
