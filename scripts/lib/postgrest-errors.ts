/** PostgREST's error body and its SQLSTATE → HTTP status mapping (PostgREST docs, "Errors"). */

export interface PostgrestErrorBody {
  code: string | null;
  message: string;
  details: string | null;
  hint: string | null;
}

export interface ErrorReply {
  status: number;
  body: PostgrestErrorBody;
}

export type ApiRole = 'anon' | 'service_role';

/** Fields a Postgres error carries, as both PGlite's and pg's DatabaseError expose them. */
export interface SqlError {
  code?: string | undefined;
  message: string;
  detail?: string | undefined;
  hint?: string | undefined;
}

export function isSqlError(error: unknown): error is SqlError & { code: string } {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

export function statusForSqlState(code: string, role: ApiRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === 'P0001') return 400;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42P17') return 500;
  const prefix = code.slice(0, 2);
  if (prefix === '08' || prefix === '53') return 503;
  if (['0L', '0P', '28'].includes(prefix)) return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(prefix)) {
    return 500;
  }
  return 400;
}

export function replyForSqlError(error: SqlError & { code: string }, role: ApiRole): ErrorReply {
  return {
    status: statusForSqlState(error.code, role),
    body: { code: error.code, message: error.message, details: error.detail ?? null, hint: error.hint ?? null },
  };
}

export function reply(status: number, code: string | null, message: string, hint: string | null = null): ErrorReply {
  return { status, body: { code, message, details: null, hint } };
}
