import { describe, expect, it } from 'vitest';
import type { EnquiryRow } from '../../src/enquiry/enquiry.ts';
import { rateLimitMessages } from '../../src/config/enquiry.ts';
import { isRateLimited, retryPolicy, submitEnquiry, type InsertClient, type InsertResponse } from '../../src/enquiry/submit-enquiry.ts';

const row: EnquiryRow = {
  id: '0b6f1d2e-3c4a-4b5c-8d6e-7f8091a2b3c4',
  name: 'Asha',
  email: 'asha@example.com',
  company: null,
  phone: null,
  service: null,
  message: 'Hello',
};

const created: InsertResponse = { error: null, status: 201 };
const networkDown: InsertResponse = { error: { message: 'TypeError: fetch failed' }, status: 0 };
const serverError: InsertResponse = { error: { message: 'upstream error', code: null }, status: 503 };
const duplicate: InsertResponse = {
  error: { code: '23505', message: 'duplicate key value violates unique constraint', details: null, hint: null },
  status: 409,
};
const checkViolation: InsertResponse = {
  error: { code: '23514', message: 'violates check constraint', details: null, hint: null },
  status: 400,
};

/** Stands for a request that gets no answer: it settles only when aborted, or never (`ignoresAbort`). */
const noAnswer = Symbol('no answer');
const noAnswerEvenWhenAborted = Symbol('no answer, even when aborted');

/**
 * A client answering with the given responses in order (a thrown Error is thrown), recording each call
 * and whether its request was aborted.
 */
function scriptedClient(...script: Array<InsertResponse | Error | typeof noAnswer | typeof noAnswerEvenWhenAborted>) {
  const calls: Array<{ table: string; row: EnquiryRow; signal?: AbortSignal }> = [];
  const client: InsertClient = {
    from(table) {
      return {
        insert(inserted) {
          const call: { table: string; row: EnquiryRow; signal?: AbortSignal } = { table, row: inserted };
          calls.push(call);
          const next = script[calls.length - 1];
          return {
            abortSignal(signal) {
              call.signal = signal;
              if (next === undefined) throw new Error('client called more often than scripted');
              if (next instanceof Error) throw next;
              if (next === noAnswerEvenWhenAborted) return new Promise<InsertResponse>(() => {});
              if (next === noAnswer) {
                return new Promise<InsertResponse>((resolve) =>
                  signal.addEventListener('abort', () => resolve({ status: 0, error: { message: 'AbortError: The operation was aborted.' } })),
                );
              }
              return Promise.resolve(next);
            },
          };
        },
      };
    },
  };
  return { client, calls: calls as Array<{ table: string; row: EnquiryRow; signal?: AbortSignal }> };
}

const tableCalls = (calls: Array<{ table: string; row: EnquiryRow }>) => calls.map(({ table, row: inserted }) => ({ table, row: inserted }));

function recordingSleep() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

describe('submitting an enquiry', () => {
  it('inserts the row once into contact_submissions and reports success', async () => {
    const { client, calls } = scriptedClient(created);
    const { sleep, delays } = recordingSleep();
    expect(await submitEnquiry(client, row, { sleep })).toEqual({ ok: true, attempts: 1 });
    expect(tableCalls(calls)).toEqual([{ table: 'contact_submissions', row }]);
    expect(delays).toEqual([]);
  });

  it('retries a network failure with 1 s, 2 s, 4 s backoff and then succeeds', async () => {
    const { client, calls } = scriptedClient(networkDown, networkDown, networkDown, created);
    const { sleep, delays } = recordingSleep();
    expect(await submitEnquiry(client, row, { sleep })).toEqual({ ok: true, attempts: 4 });
    expect(delays).toEqual([1000, 2000, 4000]);
    expect(calls.every((call) => call.row.id === row.id)).toBe(true);
  });

  it('gives up after 3 retries and returns the last error with its status', async () => {
    const { client, calls } = scriptedClient(serverError, serverError, serverError, serverError);
    const { sleep } = recordingSleep();
    const result = await submitEnquiry(client, row, { sleep });
    expect(calls).toHaveLength(4);
    expect(result).toEqual({
      ok: false,
      attempts: 4,
      error: { message: 'upstream error', code: null, details: null, hint: null, status: 503 },
    });
  });

  it('retries 408, 429 and 5xx answers', async () => {
    const timeout: InsertResponse = { error: { message: 'timeout' }, status: 408 };
    const tooMany: InsertResponse = { error: { message: 'slow down' }, status: 429 };
    const { client } = scriptedClient(timeout, tooMany, serverError, created);
    const { sleep } = recordingSleep();
    expect(await submitEnquiry(client, row, { sleep })).toEqual({ ok: true, attempts: 4 });
  });

  it('treats a thrown exception like a network failure', async () => {
    const { client } = scriptedClient(new Error('socket hang up'), created);
    const { sleep, delays } = recordingSleep();
    expect(await submitEnquiry(client, row, { sleep })).toEqual({ ok: true, attempts: 2 });
    expect(delays).toEqual([1000]);
  });

  it('returns a thrown exception that keeps recurring as an error instead of throwing', async () => {
    const boom = new Error('socket hang up');
    const { client } = scriptedClient(boom, boom, boom, boom);
    const { sleep } = recordingSleep();
    const result = await submitEnquiry(client, row, { sleep });
    expect(result).toMatchObject({ ok: false, error: { message: 'socket hang up', status: 0 } });
  });

  it('counts "already stored" on a retry as success, since the lost first answer was a success', async () => {
    const { client } = scriptedClient(networkDown, duplicate);
    const { sleep } = recordingSleep();
    expect(await submitEnquiry(client, row, { sleep })).toEqual({ ok: true, attempts: 2 });
  });

  it('counts "already stored" on the first attempt as success: an earlier submission of this enquiry was stored unanswered', async () => {
    const { client } = scriptedClient(duplicate);
    expect(await submitEnquiry(client, row, { sleep: recordingSleep().sleep })).toEqual({ ok: true, attempts: 1 });
  });

  it('abandons an attempt that gets no answer by its deadline, aborts its request and retries with the same id', async () => {
    const { client, calls } = scriptedClient(noAnswer, created);
    const { sleep, delays } = recordingSleep();
    expect(await submitEnquiry(client, row, { sleep, attemptTimeoutMs: 20 })).toEqual({ ok: true, attempts: 2 });
    expect(calls.map((call) => call.signal?.aborted)).toEqual([true, false]);
    expect(calls.map((call) => call.row.id)).toEqual([row.id, row.id]);
    expect(delays).toEqual([1000]);
  });

  it('ends a submission that never gets an answer after every attempt has had its deadline, even if the client ignores aborts', async () => {
    const { client, calls } = scriptedClient(noAnswerEvenWhenAborted, noAnswer, noAnswerEvenWhenAborted, noAnswer);
    const { sleep, delays } = recordingSleep();
    const started = performance.now();
    const result = await submitEnquiry(client, row, { sleep, attemptTimeoutMs: 25 });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(calls).toHaveLength(4);
    expect(delays).toEqual([1000, 2000, 4000]);
    expect(result).toMatchObject({ ok: false, attempts: 4, error: { status: 0 } });
  });

  it('keeps the worst case of the real policy near a minute', () => {
    const { retries, attemptTimeoutMs, firstDelayMs } = retryPolicy;
    const backoff = Array.from({ length: retries }, (_, i) => firstDelayMs * 2 ** i).reduce((a, b) => a + b, 0);
    expect((retries + 1) * attemptTimeoutMs + backoff).toBeLessThanOrEqual(60_000);
  });

  it('fails at once on a rejection such as a check violation, without retrying', async () => {
    const { client, calls } = scriptedClient(checkViolation);
    const { sleep, delays } = recordingSleep();
    const result = await submitEnquiry(client, row, { sleep });
    expect(calls).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(result).toEqual({
      ok: false,
      attempts: 1,
      error: { code: '23514', message: 'violates check constraint', details: null, hint: null, status: 400 },
    });
  });

  it('caps the backoff at 30 s', async () => {
    const script = [...Array<InsertResponse>(7).fill(networkDown), created];
    const { client } = scriptedClient(...script);
    const { sleep, delays } = recordingSleep();
    await submitEnquiry(client, row, { sleep, retries: 7 });
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('recognising a rate limit', () => {
  it.each(Object.values(rateLimitMessages))('knows the database message %s', (message) => {
    expect(isRateLimited({ code: 'P0001', message })).toBe(true);
  });

  it('does not take other failures for one', () => {
    expect(isRateLimited({ code: 'P0001', message: 'something else' })).toBe(false);
    expect(isRateLimited({ code: '23514', message: rateLimitMessages.email })).toBe(false);
  });
});
