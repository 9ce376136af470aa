/**
 * PostgREST's error body and its SQLSTATE → HTTP status mapping, as in PostgREST v13's
 * src/PostgREST/Error.hs (pgErrorStatus and the ApiRequestError/SchemaCacheError texts) and the
 * "Errors" reference (docs/references/errors.rst).
 */

interface PostgrestErrorBody {
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
interface SqlError {
  code?: string | undefined;
  message: string;
  detail?: string | undefined;
  hint?: string | undefined;
}

export function isSqlError(error: unknown): error is SqlError & { code: string } {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

/** pgErrorStatus: `authed` is false for the anonymous role, which turns 42501 into 401 rather than 403. */
function statusForSqlState(code: string, role: ApiRole, message = ''): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (code === '53400') return 500;
  if (code === '57P01') return 503;
  if (code === 'P0001') return 400;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  const prefix = code.slice(0, 2);
  if (prefix === 'PT') {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  if (prefix === '08' || prefix === '53') return 503;
  if (['0L', '0P', '28'].includes(prefix)) return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(prefix)) {
    return 500;
  }
  return 400;
}

export function replyForSqlError(error: SqlError & { code: string }, role: ApiRole): ErrorReply {
  return {
    status: statusForSqlState(error.code, role, error.message),
    body: { code: error.code, message: error.message, details: error.detail ?? null, hint: error.hint ?? null },
  };
}

export function reply(
  status: number,
  code: string | null,
  message: string,
  hint: string | null = null,
  details: string | null = null,
): ErrorReply {
  return { status, body: { code, message, details, hint } };
}

// ApiRequestError (PGRST1xx) and SchemaCacheError (PGRST2xx), with PostgREST v13's texts.

/** PGRST100: a query parameter that does not parse; PostgREST's message shape, Parsec's exact text approximated. */
export function queryParamError(message: string, details: string): ErrorReply {
  return reply(400, 'PGRST100', message, null, details);
}

/** PGRST102: "Empty or invalid json", "All object keys must match", "Content-Type not acceptable: …". */
export function invalidBody(message: string): ErrorReply {
  return reply(400, 'PGRST102', message);
}

/** PGRST103 for a negative limit. */
export function negativeLimit(): ErrorReply {
  return reply(416, 'PGRST103', 'Requested range not satisfiable', null, 'Limit should be greater than or equal to zero.');
}

/** PGRST105: a PUT whose filters are not exactly `pk=eq.value` for every primary key column. */
export function invalidPutFilters(): ErrorReply {
  return reply(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators");
}

/** PGRST106 (v13 text; v12 said "The schema must be one of the following: public"). */
export function unacceptableSchema(schema: string, exposed: string[]): ErrorReply {
  return reply(406, 'PGRST106', `Invalid schema: ${schema}`, `Only the following schemas are exposed: ${exposed.join(', ')}`);
}

/** PGRST108: a filter on `resource.column` where `resource` is not embedded in the select. */
export function notEmbedded(resource: string): ErrorReply {
  return reply(
    400,
    'PGRST108',
    `'${resource}' is not an embedded resource in this request`,
    `Verify that '${resource}' is included in the 'select' query parameter.`,
  );
}

/** PGRST114 */
export function putLimitNotAllowed(): ErrorReply {
  return reply(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');
}

/** PGRST115: the PUT body's primary key is not the one in the query string (or is missing). */
export function putMatchingPk(): ErrorReply {
  return reply(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
}

/** PGRST117 */
export function unsupportedMethod(method: string): ErrorReply {
  return reply(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

/** PGRST204 */
export function columnNotFound(table: string, column: string): ErrorReply {
  return reply(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);
}

/** PGRST205 (PostgREST adds a "Perhaps you meant …" hint when a table name is close; there is only one here). */
export function tableNotFound(schema: string, table: string): ErrorReply {
  return reply(404, 'PGRST205', `Could not find the table '${schema}.${table}' in the schema cache`);
}
