/**
 * Enquiries written while offline: queued with their id when the last retry met no network, and sent when the
 * connection returns or a page with the form loads. One tab sends at a time (Web Locks), reading the queue fresh
 * from storage, and the id makes a repeat a 23505 that counts as delivered, so an enquiry is never stored twice.
 */
import { $outbox, decodeOutbox, outboxStorageKey, type QueuedEnquiry } from './enquiry-storage.ts';
import type { EnquiryRow } from './enquiry.ts';
import { submitEnquiry, type EnquiryError, type InsertClient } from './submit-enquiry.ts';

/** No answer at all, or the server's own trouble: worth sending again later. A 4xx never is. */
export function isWorthQueueing(error: Pick<EnquiryError, 'status'>): boolean {
  return error.status === 0 || error.status >= 500;
}

export function queueEnquiry(row: EnquiryRow, content: string): void {
  const queue = freshQueue().filter((entry) => entry.row.id !== row.id);
  $outbox.set([...queue, { row, content, queuedAt: new Date().toISOString() }]);
}

export function cancelQueued(id: string): void {
  $outbox.set(freshQueue().filter((entry) => entry.row.id !== id));
}

/** The queue as storage holds it now; another tab may have changed it a moment ago. */
function freshQueue(): QueuedEnquiry[] {
  try {
    const stored = localStorage.getItem(outboxStorageKey);
    return stored === null ? [] : decodeOutbox(stored);
  } catch {
    return $outbox.get();
  }
}

interface OutboxEvents {
  delivered(entry: QueuedEnquiry): void;
  /** The server refused it (4xx): it leaves the queue; the visitor still has the draft. */
  refused(entry: QueuedEnquiry, error: EnquiryError): void;
}

const lockName = 'kalpaka-enquiry-outbox';

/**
 * Sends every queued enquiry, oldest first; stops at the first that still meets no network. True while any still
 * waits in the queue.
 */
export async function sendQueuedEnquiries(client: () => Promise<InsertClient>, events: OutboxEvents): Promise<boolean> {
  const run = async () => {
    for (const entry of freshQueue()) {
      let result;
      try {
        result = await submitEnquiry(await client(), entry.row, { retries: 1 });
      } catch {
        return; // the client's code could not be downloaded: still offline
      }
      if (result.ok) {
        cancelQueued(entry.row.id);
        events.delivered(entry);
      } else if (isWorthQueueing(result.error)) {
        return;
      } else {
        cancelQueued(entry.row.id);
        events.refused(entry, result.error);
      }
    }
  };
  if (freshQueue().length === 0) return false;
  if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request(lockName, run);
  else await run();
  return freshQueue().length > 0;
}
