/** PostgREST's error body and its SQLSTATE → HTTP status mapping (docs: references/errors, "HTTP Status Codes"). */

export interface ErrorReply {
  status: number;
  body: { code: string | null; message: string; details: string | null; hint: string | null };
}

export type ApiRole = 'anon' | 'service_role';

/** Fields a Postgres error carries, as both PGlite's and pg's DatabaseError expose them. */
interface SqlError {
  code: string;
  message: string;
  detail?: string | undefined;
  hint?: string | undefined;
}

export function isSqlError(error: unknown): error is SqlError {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

const statusByCode: Record<string, number> = { '23503': 409, '23505': 409, '25006': 405, '53400': 500, P0001: 400, '42883': 404, '42P01': 404, '42P17': 500 };
const statusByClass: Record<string, number> = { '08': 503, '53': 503, '0L': 403, '0P': 403, '28': 403 };
const serverErrorClasses = ['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'];

/** 42501 is 401 for the anonymous role and 403 for an authenticated one; unlisted codes are 400. */
function statusForSqlState(code: string, role: ApiRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  const prefix = code.slice(0, 2);
  if (prefix === 'PT') return Number(code.slice(2)) || 500;
  return statusByCode[code] ?? statusByClass[prefix] ?? (serverErrorClasses.includes(prefix) ? 500 : 400);
}

export function replyForSqlError(error: SqlError, role: ApiRole): ErrorReply {
  return {
    status: statusForSqlState(error.code, role),
    body: { code: error.code, message: error.message, details: error.detail ?? null, hint: error.hint ?? null },
  };
}

export function reply(status: number, code: string | null, message: string, hint: string | null = null): ErrorReply {
  return { status, body: { code, message, details: null, hint } };
}
