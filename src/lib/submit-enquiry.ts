/**
 * Stores one enquiry exactly once: retries what may be transient (network, 5xx, 408, 429) with
 * the spec's backoff (1 s doubling, capped at 30 s, 3 retries) and treats "already stored" on a
 * retry as success, because the row's client-chosen id makes the insert idempotent.
 */
import { enquiryTable } from '../config/enquiry.ts';
import type { EnquiryRow } from './enquiry.ts';

/** The error object supabase-js resolves with (PostgrestError's fields). */
export interface InsertError {
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

/** The part of a supabase-js client this needs; inject the real one, or a fake in tests. */
export interface InsertClient {
  from(table: string): { insert(row: EnquiryRow): PromiseLike<InsertResponse> };
}

export interface EnquiryError {
  message: string;
  code: string | null;
  details: string | null;
  hint: string | null;
  /** HTTP status of the last attempt; 0 for a network failure or a thrown exception. */
  status: number;
}

export type SubmitResult = { ok: true; attempts: number } | { ok: false; attempts: number; error: EnquiryError };

export interface SubmitOptions {
  /** Retries after the first attempt. */
  retries?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export const retryPolicy = { retries: 3, firstDelayMs: 1000, maxDelayMs: 30_000 } as const;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function isTransient(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

function isAlreadyStored(response: InsertResponse): boolean {
  return response.error?.code === '23505';
}

async function attemptInsert(client: InsertClient, row: EnquiryRow): Promise<InsertResponse> {
  try {
    return await client.from(enquiryTable).insert(row);
  } catch (thrown) {
    return { status: 0, error: { message: thrown instanceof Error ? thrown.message : String(thrown) } };
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
    firstDelayMs = retryPolicy.firstDelayMs,
    maxDelayMs = retryPolicy.maxDelayMs,
    sleep = sleepFor,
  } = options;

  for (let attempt = 1; ; attempt++) {
    const response = await attemptInsert(client, row);
    if (response.error === null && response.status >= 200 && response.status < 300) {
      return { ok: true, attempts: attempt };
    }
    // An earlier attempt may have been stored even though its answer was lost.
    if (attempt > 1 && isAlreadyStored(response)) return { ok: true, attempts: attempt };
    if (!isTransient(response.status) || attempt > retries) {
      return { ok: false, attempts: attempt, error: toEnquiryError(response) };
    }
    await sleep(Math.min(firstDelayMs * 2 ** (attempt - 1), maxDelayMs));
  }
}
