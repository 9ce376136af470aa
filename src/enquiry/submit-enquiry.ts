/**
 * Stores one enquiry exactly once: every attempt has a deadline; what may be transient (no answer,
 * network, 5xx, 408, 429) is retried with backoff (1 s doubling, capped at 30 s, 3 retries);
 * "already stored" counts as success, because the row's client-chosen id makes the insert idempotent:
 * an earlier attempt, or an earlier submission of the same enquiry, may have been stored without an answer.
 */
import { enquiryTable, rateLimitMessages } from '../config/enquiry.ts';
import type { EnquiryRow } from './enquiry.ts';

/** The error object supabase-js resolves with (PostgrestError's fields). */
interface InsertError {
  message: string;
  code?: string | null;
  details?: string | null;
  hint?: string | null;
}

export interface InsertResponse {
  error: InsertError | null;
  /** HTTP status; supabase-js reports 0 when the request never got an answer. */
  status: number;
}

/** The part of a supabase-js client this needs (an insert that can be aborted); inject the real one, or a fake in tests. */
export interface InsertClient {
  from(table: string): { insert(row: EnquiryRow): { abortSignal(signal: AbortSignal): PromiseLike<InsertResponse> } };
}

export interface EnquiryError {
  message: string;
  code: string | null;
  details: string | null;
  hint: string | null;
  /** HTTP status of the last attempt; 0 for a network failure or a thrown exception. */
  status: number;
}

type SubmitResult = { ok: true; attempts: number } | { ok: false; attempts: number; error: EnquiryError };

interface SubmitOptions {
  /** Retries after the first attempt. */
  retries?: number;
  /** How long one attempt may wait for an answer before it is abandoned (and retried). */
  attemptTimeoutMs?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** With these, a submission that never gets an answer ends after 4 × 12 s + 1 + 2 + 4 s = 55 s at worst. */
export const retryPolicy = { retries: 3, attemptTimeoutMs: 12_000, firstDelayMs: 1000, maxDelayMs: 30_000 } as const;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isTransient(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

function isAlreadyStored(response: InsertResponse): boolean {
  return response.error?.code === '23505';
}

/** The visitor has sent too many enquiries for now: retrying will not help, calling or writing will. */
export function isRateLimited(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as Partial<EnquiryError>;
  return code === 'P0001' && (Object.values(rateLimitMessages) as unknown[]).includes(message);
}

/** One insert, aborted when it has had no answer for `timeoutMs`; the deadline holds even if the client ignores the abort. */
async function attemptInsert(client: InsertClient, row: EnquiryRow, timeoutMs: number): Promise<InsertResponse> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<InsertResponse>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ status: 0, error: { message: `No answer within ${timeoutMs / 1000} s` } });
    }, timeoutMs);
  });
  try {
    return await Promise.race([client.from(enquiryTable).insert(row).abortSignal(controller.signal), deadline]);
  } catch (thrown) {
    return { status: 0, error: { message: thrown instanceof Error ? thrown.message : String(thrown) } };
  } finally {
    clearTimeout(timer);
  }
}

function toEnquiryError(response: InsertResponse): EnquiryError {
  const error = response.error ?? { message: `Unexpected response status ${response.status}` };
  return {
    message: error.message,
    code: error.code ?? null,
    details: error.details ?? null,
    hint: error.hint ?? null,
    status: response.status,
  };
}

export async function submitEnquiry(client: InsertClient, row: EnquiryRow, options: SubmitOptions = {}): Promise<SubmitResult> {
  const {
    retries = retryPolicy.retries,
    attemptTimeoutMs = retryPolicy.attemptTimeoutMs,
    firstDelayMs = retryPolicy.firstDelayMs,
    maxDelayMs = retryPolicy.maxDelayMs,
    sleep = sleepFor,
  } = options;

  for (let attempt = 1; ; attempt++) {
    const response = await attemptInsert(client, row, attemptTimeoutMs);
    if (response.error === null && response.status >= 200 && response.status < 300) {
      return { ok: true, attempts: attempt };
    }
    // An earlier attempt or submission with this id was stored even though its answer was lost.
    if (isAlreadyStored(response)) return { ok: true, attempts: attempt };
    if (!isTransient(response.status) || attempt > retries) {
      return { ok: false, attempts: attempt, error: toEnquiryError(response) };
    }
    await sleep(Math.min(firstDelayMs * 2 ** (attempt - 1), maxDelayMs));
  }
}
