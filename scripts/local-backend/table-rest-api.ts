/**
 * Supabase's REST API (PostgREST v13) for the enquiry tables, served from PGlite: GET/HEAD, POST (with
 * on_conflict and Prefer: resolution), PATCH, PUT and DELETE on /rest/v1/contact_submissions (and, for staff
 * tools, /rest/v1/enquiry_notifications), plus CORS preflight. Every request runs in its own transaction as the key's role, with PostgREST's request
 * settings and the SQL PostgREST would run (src/PostgREST/Query/QueryBuilder.hs, SqlFragment.hs), so the
 * table's grants, RLS policy, constraints and trigger decide the outcome.
 *
 * Request parsing lives in postgrest-query.ts (query string, filters) and postgrest-payload.ts (bodies,
 * content types, Prefer), the SQL for filters and writes in postgrest-sql.ts. Where the local backend
 * knowingly answers differently from PostgREST, and why, is listed above the request table in
 * tests/db/local-backend.test.ts ("the local backend as PostgREST").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { enquiryTable } from '../../src/config/enquiry.ts';
import { claimsForKey, roleForKey } from './local-api-keys.ts';
import { bodyMediaType, parsePayload, preferenceApplied, preferences, type Payload } from './postgrest-payload.ts';
import {
  columnNotFound,
  invalidPutFilters,
  isSqlError,
  negativeLimit,
  notEmbedded,
  putLimitNotAllowed,
  putMatchingPk,
  reply,
  replyForSqlError,
  tableNotFound,
  unacceptableSchema,
  unsupportedMethod,
  type ApiRole,
  type ErrorReply,
} from './postgrest-errors.ts';
import { parseTableQuery, type TableQuery } from './postgrest-query.ts';
import { ident, mutationSql, selectSql, SqlParams, whereSql, type SqlTable, type WriteMethod } from './postgrest-sql.ts';

const maxBodyBytes = 64 * 1024;
/** Past this much of an oversized body we stop draining it and drop the connection. */
const maxDrainBytes = 1024 * 1024;

const schemaName = 'public';
/** The notification outbox (supabase/migrations/20261124090000_enquiry_notifications.sql). */
export const notificationTable = 'enquiry_notifications';
/** The tables served: the enquiries, and for staff tools their notifications (service_role only, by grants). */
const servedTables = [enquiryTable, notificationTable] as const;

/** The methods PostgREST's CORS policy allows (src/PostgREST/Cors.hs). */
const corsAllowMethods = 'GET, POST, PATCH, PUT, DELETE, OPTIONS';
const corsAllowHeaders = [
  'apikey',
  'authorization',
  'content-type',
  'content-profile',
  'accept-profile',
  'prefer',
  'range',
  'x-client-info',
  'x-retry-count',
].join(', ');

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

interface Caller {
  role: ApiRole;
  claims: string;
}

interface TableShape {
  columns: Set<string>;
  primaryKey: string[];
}

interface WriteResult {
  count: number;
  body: string;
  inserted: number | null;
}

/** Thrown inside a transaction to roll it back and answer with a PostgREST error instead. */
class Rollback extends Error {
  readonly reply: ErrorReply;
  constructor(reply: ErrorReply) {
    super(reply.body.message);
    this.reply = reply;
  }
}

interface TableRestApiOptions {
  /** Called after a request has stored new rows (POST or PUT), once its transaction has committed. */
  afterInsert?: () => void;
}

/** One handler for every served table: /rest/v1/<table>, anything else answered as PostgREST would. */
export async function createTableRestApi(db: PGlite, options: TableRestApiOptions = {}): Promise<Handler> {
  const handlers = new Map<string, Handler>();
  for (const name of servedTables) handlers.set(`/rest/v1/${name}`, await createTableHandler(db, name, options));
  return async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const handler = handlers.get(path);
    if (handler) return handler(req, res);
    sendError(res, notFound(path));
  };
}

async function createTableHandler(db: PGlite, tableName: string, options: TableRestApiOptions): Promise<Handler> {
  const qualifiedTable = `${ident(schemaName)}.${ident(tableName)}`;
  const table = await tableShape(db, tableName);
  const sqlTable: SqlTable = { name: qualifiedTable, primaryKey: table.primaryKey };

  async function asCaller<T>(caller: Caller, req: IncomingMessage, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.headers', $3, true), set_config('request.method', $4, true),
                set_config('request.path', $5, true)`,
        [caller.role, caller.claims, requestHeadersJson(req), req.method ?? '', `/${tableName}`],
      );
      return work(tx);
    });
  }

  async function read(req: IncomingMessage, res: ServerResponse, caller: Caller, query: TableQuery): Promise<void> {
    if (query.limit !== null && query.limit < 0) return sendError(res, negativeLimit());
    const params = new SqlParams();
    const select = selectSql(qualifiedTable, query.select);
    const where = whereSql(qualifiedTable, query.filters, params);
    const orderBy =
      query.order.length === 0
        ? ''
        : ` ORDER BY ${query.order
            .map((t) => `${qualifiedTable}.${ident(t.column)}${t.direction ? ` ${t.direction.toUpperCase()}` : ''}${t.nulls ? ` NULLS ${t.nulls.toUpperCase()}` : ''}`)
            .join(', ')}`;
    const offset = query.offset ?? 0;
    const range =
      query.limit === null && offset === 0 ? '' : ` LIMIT ${query.limit === null ? 'ALL' : params.add(String(query.limit))} OFFSET ${params.add(String(offset))}`;
    const result = await asCaller(caller, req, async (tx) => {
      const { rows } = await tx.query<{ body: string; count: number }>(
        `WITH pgrst_source AS (SELECT ${select} FROM ${qualifiedTable}${where}${orderBy}${range})
         SELECT coalesce(json_agg(_postgrest_t), '[]')::text AS body, count(_postgrest_t)::int AS count
         FROM (SELECT * FROM pgrst_source) _postgrest_t`,
        params.values,
      );
      return rows[0]!;
    });
    const contentRange = result.count === 0 ? '*/*' : `${offset}-${offset + result.count - 1}/*`;
    send(res, 200, result.body, { 'content-range': contentRange });
  }

  async function write(
    req: IncomingMessage,
    res: ServerResponse,
    caller: Caller,
    method: WriteMethod,
    query: TableQuery,
    payload: Payload | null,
  ): Promise<void> {
    const prefs = preferences(req);
    const params = new SqlParams();
    const mutation = mutationSql(sqlTable, method, query, payload, prefs, params);

    const result = await asCaller(caller, req, async (tx): Promise<WriteResult> => {
      const { rows } = await tx.query<{ body: string; count: number }>(
        `WITH pgrst_source AS (${mutation})
         SELECT coalesce(json_agg(_postgrest_t), '[]')::text AS body, count(_postgrest_t)::int AS count
         FROM (SELECT * FROM pgrst_source) _postgrest_t`,
        params.values,
      );
      const { rows: setting } = await tx.query<{ inserted: number | null }>(
        `select nullif(current_setting('pgrst.inserted', true), '')::int as inserted`,
      );
      const out = { ...rows[0]!, inserted: setting[0]?.inserted ?? null };
      // failPut: nothing is written unless exactly one row passed the primary key condition.
      if (method === 'PUT' && out.count !== 1) throw new Rollback(putMatchingPk());
      return out;
    });

    if ((method === 'POST' || method === 'PUT') && result.count > 0) options.afterInsert?.();
    const full = prefs.representation === 'full';
    const body = full ? result.body : undefined;
    const applied = preferenceApplied(prefs, method === 'POST');
    switch (method) {
      case 'POST': {
        const merged = prefs.resolution === 'merge-duplicates';
        const status = merged && (result.inserted ?? 0) <= 0 ? 200 : 201;
        const location: Record<string, string> =
          prefs.representation === 'headers-only' && result.count === 1 ? { location: locationFor(JSON.parse(result.body)[0]) } : {};
        return send(res, status, body, { 'content-range': '*/*', ...location, ...applied });
      }
      case 'PUT':
        return full ? send(res, (result.inserted ?? 0) > 0 ? 201 : 200, body, applied) : send(res, 204, undefined, applied);
      case 'PATCH': {
        const contentRange = result.count === 0 ? '*/*' : `0-${result.count - 1}/*`;
        return send(res, full ? 200 : 204, body, { 'content-range': contentRange, ...applied });
      }
      case 'DELETE':
        return send(res, full ? 200 : 204, body, { 'content-range': '*/*', ...applied });
    }
  }

  function locationFor(row: Record<string, unknown> | undefined): string {
    const pairs = table.primaryKey.map((c) => `${encodeURIComponent(c)}=${encodeURIComponent(`eq.${String(row?.[c] ?? '')}`)}`);
    return `/${tableName}?${pairs.join('&')}`;
  }

  return async function handle(req, res) {
    let role: ApiRole = 'anon';
    try {
      if (req.method === 'OPTIONS') return sendPreflight(res);

      const caller = authenticate(req);
      if ('status' in caller) return sendError(res, caller);
      role = caller.role;

      // PostgREST's userApiRequest order: schema, method, query string, ranges, body; then the plan.
      const method = req.method ?? '';
      const writing = ['DELETE', 'PATCH', 'POST', 'PUT'].includes(method);
      const profile = req.headersDistinct[writing ? 'content-profile' : 'accept-profile']?.[0];
      if (profile !== undefined && profile !== schemaName) return sendError(res, unacceptableSchema(profile, [schemaName]));
      if (!writing && method !== 'GET' && method !== 'HEAD') return sendError(res, unsupportedMethod(method));

      const rawQuery = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?') + 1) : '';
      const query = parseTableQuery(rawQuery);
      if ('status' in query) return sendError(res, query);
      if (method === 'PUT' && (query.limit !== null || (query.offset !== null && query.offset !== 0))) {
        return sendError(res, putLimitNotAllowed());
      }
      const unsupported = unsupportedParams(method, query);
      if (unsupported !== null) return sendError(res, unsupported);

      if (!writing) {
        const planned = checkFilters(query);
        if (planned !== null) return sendError(res, planned);
        return await read(req, res, caller, query);
      }

      const body = await readBody(req);
      if (body === 'too-large') {
        sendError(res, reply(413, null, `Request body larger than ${maxBodyBytes} bytes`), { connection: 'close' });
        if (!req.complete) req.destroy();
        return;
      }
      let payload: Payload | null = null;
      if (method !== 'DELETE') {
        const columnsParam = method === 'PUT' ? null : query.columns;
        const parsed = parsePayload(body, bodyMediaType(req.headers['content-type']), columnsParam);
        if ('status' in parsed) return sendError(res, parsed);
        payload = parsed;
      }

      const planned = checkFilters(query) ?? (method === 'PUT' ? checkPutFilters(query) : null) ?? checkColumns(payload);
      if (planned !== null) return sendError(res, planned);
      await write(req, res, caller, method as WriteMethod, query, payload);
    } catch (error) {
      if (error instanceof Rollback) return sendError(res, error.reply);
      if (isSqlError(error)) return sendError(res, replyForSqlError(error, role));
      console.error('local backend: unexpected error', error);
      sendError(res, reply(500, null, error instanceof Error ? error.message : String(error)));
    }
  };

  /** readPlan's addFilters: a filter on `resource.column` needs `resource` embedded, which this table has none of. */
  function checkFilters(query: TableQuery): ErrorReply | null {
    const embedded = query.filters.find((f) => f.path.length > 0);
    return embedded ? notEmbedded(embedded.path[0]!) : null;
  }

  /** mutatePlan for PUT: filters on all and only the primary key columns, each `eq` without `not`. */
  function checkPutFilters(query: TableQuery): ErrorReply | null {
    const keys = new Set(query.filters.map((f) => f.key));
    const valid =
      table.primaryKey.length > 0 &&
      keys.size === table.primaryKey.length &&
      table.primaryKey.every((c) => keys.has(c)) &&
      query.filters.every((f) => !f.negated && f.operation.kind === 'compare' && f.operation.op === 'eq');
    return valid ? null : invalidPutFilters();
  }

  /** resolveOrError: every column written must exist (checked in sorted order, as PostgREST's Set is). */
  function checkColumns(payload: Payload | null): ErrorReply | null {
    const missing = [...(payload?.columns ?? [])].sort().find((c) => !table.columns.has(c));
    return missing === undefined ? null : columnNotFound(tableName, missing);
  }
}

/**
 * Query parameters PostgREST accepts but the local backend does not emulate: logic trees (and/or),
 * embedded order/limit/offset, and limit/offset/order on writes (v12 limits the rows a PATCH or DELETE
 * changes, v13 ignores them; refusing is safer than guessing).
 */
function unsupportedParams(method: string, query: TableQuery): ErrorReply | null {
  const writes = method !== 'GET' && method !== 'HEAD';
  const extra = [...query.unsupported];
  if (writes && method !== 'PUT' && (query.limit !== null || query.offset !== null)) extra.push('limit/offset');
  if (writes && query.order.length > 0) extra.push('order');
  if (extra.length === 0) return null;
  return reply(400, 'PGRST100', `The local backend does not emulate PostgREST's '${extra[0]}' query parameter on ${method}`);
}

async function tableShape(db: PGlite, tableName: string): Promise<TableShape> {
  const { rows } = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns where table_schema = $1 and table_name = $2`,
    [schemaName, tableName],
  );
  const { rows: key } = await db.query<{ attname: string }>(
    `select a.attname
     from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = $1::regclass and i.indisprimary
     order by array_position(i.indkey, a.attnum)`,
    [`${schemaName}.${tableName}`],
  );
  return { columns: new Set(rows.map((row) => row.column_name)), primaryKey: key.map((row) => row.attname) };
}

/** Like Supabase's gateway: the apikey must be a known key; a Bearer token, if sent, picks the role. */
function authenticate(req: IncomingMessage): Caller | ErrorReply {
  const apikey = req.headers.apikey;
  if (typeof apikey !== 'string' || apikey === '') {
    return reply(401, null, 'No API key found in request', 'No `apikey` request header or url param was found.');
  }
  if (roleForKey(apikey) === undefined) {
    return reply(401, null, 'Invalid API key', 'Double check your Supabase `anon` or `service_role` API key.');
  }
  const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const token = bearer ?? apikey;
  const role = roleForKey(token);
  if (role === undefined) return reply(401, 'PGRST301', 'JWT is not one of the local demo keys');
  return { role, claims: claimsForKey(token) };
}

/** The socket's address as Cloudflare would report it: IPv4 in its plain form, not ::ffff:1.2.3.4. */
function clientAddress(remoteAddress: string | undefined): string | null {
  if (remoteAddress === undefined || remoteAddress === '') return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(remoteAddress);
  return mapped ? mapped[1]! : remoteAddress;
}

/**
 * PostgREST's request.headers (every header but Cookie, names in lower case), as they arrive through
 * Supabase's edge: Cloudflare sets cf-connecting-ip to the connecting client's address, replacing any
 * value the client sent, and appends that address to x-forwarded-for. A client's x-real-ip is dropped too.
 */
export function requestHeadersJson(req: IncomingMessage): string {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie' || name === 'cf-connecting-ip' || name === 'x-real-ip') continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const address = clientAddress(req.socket.remoteAddress);
  const forwarded = headers['x-forwarded-for']?.trim();
  delete headers['x-forwarded-for'];
  if (address !== null) {
    headers['cf-connecting-ip'] = address;
    headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${address}` : address;
  }
  return JSON.stringify(headers);
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  let tooLarge = Number(req.headers['content-length'] ?? 0) > maxBodyBytes;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) tooLarge = true;
    if (size > maxDrainBytes) break;
    if (!tooLarge) chunks.push(chunk);
  }
  return tooLarge ? 'too-large' : Buffer.concat(chunks);
}

function notFound(path: string): ErrorReply {
  if (path.startsWith('/rest/v1/')) return tableNotFound(schemaName, path.slice('/rest/v1/'.length));
  return reply(404, null, `Not found: the local backend serves only ${servedTables.map((name) => `/rest/v1/${name}`).join(' and ')}`);
}

function send(res: ServerResponse, status: number, json?: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'access-control-allow-origin': '*',
    ...(json === undefined
      ? status === 204
        ? {}
        : { 'content-length': '0' }
      : { 'content-type': 'application/json; charset=utf-8' }),
    ...headers,
  });
  res.end(json);
}

function sendError(res: ServerResponse, { status, body }: ErrorReply, headers: Record<string, string> = {}): void {
  send(res, status, JSON.stringify(body), headers);
}

function sendPreflight(res: ServerResponse): void {
  res.writeHead(200, {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': corsAllowMethods,
    'access-control-allow-headers': corsAllowHeaders,
    'access-control-max-age': '86400',
    'content-length': '0',
  });
  res.end();
}
