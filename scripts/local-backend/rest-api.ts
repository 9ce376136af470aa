/**
 * The slice of Supabase's REST API (PostgREST) this project calls, served from PGlite: one JSON object inserted into a
 * table (the form, through supabase-js), reads with `select`, `order`, `limit`, `offset` and `eq` filters and function
 * calls with named arguments (`npm run enquiries`, the tests), and the CORS preflight. Each request runs in its own
 * transaction as its key's role with PostgREST's request settings, so grants, row level security, constraints and the
 * rate-limit trigger decide; anything else gets PostgREST's error for that kind of request, saying it is not supported.
 * Unlike hosted Supabase it never accepts the service_role key from a web page. The parity table, each row with the PostgREST documentation it follows, is in tests/db/local-backend.test.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { text as streamText } from 'node:stream/consumers';
import type { PGlite } from '@electric-sql/pglite';
import { localSupabaseAnonKey } from '../../src/config/local-supabase.ts';
import { localSupabaseServiceRoleKey } from './local-api-keys.ts';

const roleByKey = new Map([
  [localSupabaseAnonKey, 'anon'],
  [localSupabaseServiceRoleKey, 'service_role'],
]);

const served = 'GET and POST of one JSON object on /rest/v1/<table>, POST on /rest/v1/rpc/<function> (select, order, limit, offset and eq filters)';
/** A refusal, answered with PostgREST's error body (code, message, details, hint) wherever it is thrown. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: { code: string | null; message: string; details: string | null; hint: string | null };
  constructor(status: number, code: string | null, message: string, hint: string | null = null, details: string | null = null) {
    super(message);
    this.status = status;
    this.body = { code, message, details, hint };
  }
}
const notSupported = (status: number, code: string, what: string) =>
  new ApiError(status, code, `The local Supabase stand-in does not support ${what}`, `It serves only what this project calls: ${served}.`);

const maxBodyBytes = 64 * 1024;

/** PostgREST's CORS answer (docs: references/api/cors), with the headers supabase-js sends, for the dev site's origins only. */
const corsPreflight = {
  'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD',
  'access-control-allow-headers': 'apikey, authorization, content-type, content-profile, accept-profile, prefer, range, x-client-info, x-retry-count',
  'access-control-max-age': '86400',
};

/** PostgREST's status for a SQL error this project meets (docs: references/errors, "HTTP Status Codes"); others are 400. */
const statusByCode: Record<string, number> = { '23503': 409, '23505': 409, '42883': 404, '42P01': 404, P0001: 400 };
const serverError = /^(08|09|25|2D|38|39|3B|40|53|54|55|57|58|F0|HV|P0|XX)/;
const statusForSqlState = (code: string, role: string) =>
  code === '42501' ? (role === 'anon' ? 401 : 403) : (statusByCode[code] ?? (serverError.test(code) ? 500 : 400));

type Caller = ReturnType<typeof authenticate>;

interface RestApiOptions {
  /** Called after an insert has committed. */
  afterInsert?: () => void;
  /** Where the edge would say a request came from (`cf-connecting-ip`); by default the connection's own address. */
  clientAddress?: (req: IncomingMessage) => string | undefined;
}

/** The REST API's handler, for requests local-backend.ts has found addressed to it from the dev site or a tool. */
export function createRestApi(db: PGlite, options: RestApiOptions = {}) {
  const { clientAddress = socketAddress } = options;

  /** Runs `sql` in a transaction of its own as PostgREST would for the caller (the request settings the SQL reads). */
  function asCaller<T>(caller: Caller, req: IncomingMessage, sql: string, params: unknown[]) {
    return db.transaction(async (tx) => {
      const settings = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.headers', $3, true)`;
      await tx.query(settings, [caller.role, caller.claims, requestHeadersJson(req, clientAddress(req))]);
      return (await tx.query<T>(sql, params)).rows;
    });
  }

  /** The body as one JSON object, and its text. */
  async function readObject(req: IncomingMessage): Promise<{ text: string; value: object }> {
    const type = req.headers['content-type']?.split(';')[0]!.trim().toLowerCase() ?? 'application/json';
    if (type !== 'application/json') throw notSupported(400, 'PGRST102', `Content-Type ${type}`);
    // Read whole, so the client has sent all of it and reads the 413 (a local tool: its memory is not at stake).
    const text = await streamText(req);
    if (Buffer.byteLength(text) > maxBodyBytes) throw new ApiError(413, null, `Request body larger than ${maxBodyBytes} bytes`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { text, value };
    throw notSupported(400, 'PGRST102', 'a body that is not one JSON object');
  }

  async function insert(req: IncomingMessage, res: ServerResponse, caller: Caller, table: string, columns: Set<string>) {
    const body = await readObject(req);
    const keys = Object.keys(body.value).sort();
    const unknown = keys.find((key) => !columns.has(key));
    if (unknown !== undefined) throw new ApiError(400, 'PGRST204', `Could not find the '${unknown}' column of '${table}' in the schema cache`);
    const target = `public.${ident(table)}`;
    const names = keys.map(ident).join(', ');
    const sql =
      keys.length === 0
        ? `insert into ${target} default values`
        : `insert into ${target} (${names}) select ${names} from json_populate_record(null::${target}, $1::json)`;
    await asCaller(caller, req, sql, keys.length === 0 ? [] : [body.text]);
    options.afterInsert?.();
    send(res, 201);
  }

  /** PostgREST's function call (docs: references/api/functions): named arguments; Postgres picks the function (42883 if none). */
  async function call(req: IncomingMessage, res: ServerResponse, caller: Caller, name: string, returnsSet: boolean) {
    const body = await readObject(req);
    const args = Object.entries(body.value);
    const values = args.map(([, value]) => (value === null || typeof value === 'string' ? value : JSON.stringify(value)));
    const fn = `public.${ident(name)}(${args.map(([arg], i) => `${ident(arg)} => $${i + 1}`).join(', ')})`;
    const sql = returnsSet ? `select coalesce(json_agg(r), '[]')::text as body from ${fn} r` : `select to_json(${fn})::text as body`;
    const [result] = await asCaller<{ body: string }>(caller, req, sql, values);
    send(res, 200, result!.body);
  }

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let role = 'anon';
    try {
      const { origin } = req.headers;
      if (origin !== undefined) res.setHeader('access-control-allow-origin', origin);
      if (origin !== undefined && [req.headers.apikey, bearer(req)].includes(localSupabaseServiceRoleKey)) {
        const why = `The service_role key is for server-side tools (npm run enquiries, the notifier, the tests), never a web page; this request came from ${origin}, so it is refused. A page uses the anon key.`;
        throw new ApiError(403, null, why);
      }

      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = /^\/rest\/v1\/(rpc\/)?([^/]+)$/.exec(url.pathname);
      if (!path) throw new ApiError(404, null, `Not found: the local stand-in serves only ${served}`);
      if (req.method === 'OPTIONS') return void res.writeHead(200, { ...corsPreflight, 'content-length': '0' }).end();

      const caller = authenticate(req);
      role = caller.role;
      const profile = req.headers[req.method === 'GET' ? 'accept-profile' : 'content-profile'];
      if (profile !== undefined && profile !== 'public') {
        throw new ApiError(406, 'PGRST106', `Invalid schema: ${profile}`, 'Only the following schemas are exposed: public');
      }
      const [, rpc, name = ''] = path;
      if (!(rpc ? ['POST'] : ['GET', 'POST']).includes(req.method ?? '')) throw notSupported(405, 'PGRST117', `${req.method} on ${url.pathname}`);
      const prefer = req.headersDistinct.prefer?.join(', ');
      if (prefer !== undefined && !(req.method === 'POST' && prefer.trim() === 'return=minimal')) throw notSupported(400, 'PGRST122', `Prefer: ${prefer}`);
      const query = [...url.searchParams.keys()][0];
      if (req.method === 'POST' && query !== undefined) throw notSupported(400, 'PGRST100', `the query parameter '${query}' on POST`);

      if (rpc) {
        const sql = `select proretset from pg_proc where pronamespace = 'public'::regnamespace and proname = $1`;
        const { rows } = await db.query<{ proretset: boolean }>(sql, [name]);
        if (rows.length === 0) throw new ApiError(404, 'PGRST202', `Could not find the function public.${name} in the schema cache`);
        return await call(req, res, caller, name, rows[0]!.proretset);
      }
      // Read as the database owner: the caller's role sees only the columns it is granted, and a column it may not
      // write must fail on its grant (42501), not as unknown.
      const columnsSql = `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1`;
      const { rows } = await db.query<{ column_name: string }>(columnsSql, [name]);
      if (rows.length === 0) throw new ApiError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`);
      if (req.method === 'POST') return await insert(req, res, caller, name, new Set(rows.map((row) => row.column_name)));
      const read = readSql(name, url.searchParams);
      const [result] = await asCaller<{ body: string }>(caller, req, read.sql, read.params);
      send(res, 200, result!.body);
    } catch (error) {
      sendError(res, asApiError(error, role));
    }
  };
}

/** The answer to what a request threw: its refusal, PostgREST's answer to a SQL error, or a 500 logged here. */
function asApiError(error: unknown, role: string): ApiError {
  if (error instanceof ApiError) return error;
  // A Postgres error carries its SQLSTATE, as PGlite's DatabaseError has it.
  const { code, detail, hint } = error as { code?: unknown; detail?: string; hint?: string };
  if (error instanceof Error && typeof code === 'string') return new ApiError(statusForSqlState(code, role), code, error.message, hint, detail);
  console.error('local backend: unexpected error', error);
  return new ApiError(500, null, error instanceof Error ? error.message : String(error));
}

/** A read as one JSON array: select, order, limit, offset and `column=eq.value` as PostgREST reads them (docs: references/api/tables_views). */
function readSql(table: string, search: URLSearchParams): { sql: string; params: string[] } {
  const params: string[] = [];
  const where: string[] = [];
  let select = 't.*';
  let order = '';
  let range = '';
  const name = /^[a-z_][a-z0-9_]*$/;
  for (const [key, value] of search) {
    if (key === 'select') {
      const columns = value.split(',');
      if (value !== '*' && !columns.every((c) => name.test(c))) throw notSupported(400, 'PGRST100', `select=${value} (only * or column names)`);
      select = value === '*' ? 't.*' : columns.map(ident).join(', ');
    } else if (key === 'order') {
      const terms = value.split(',').map((term) => /^([a-z_][a-z0-9_]*)\.(asc|desc)$/.exec(term));
      if (terms.some((term) => term === null)) throw notSupported(400, 'PGRST100', `order=${value} (only column.asc or column.desc)`);
      order = ` order by ${terms.map((term) => `${ident(term![1]!)} ${term![2]}`).join(', ')}`;
    } else if ((key === 'limit' || key === 'offset') && /^[0-9]+$/.test(value)) {
      params.push(value);
      range += ` ${key} $${params.length}`;
    } else if (name.test(key) && value.startsWith('eq.') && !['limit', 'offset'].includes(key)) {
      params.push(value.slice(3));
      where.push(`${ident(key)} = $${params.length}`);
    } else {
      throw notSupported(400, 'PGRST100', `the query parameter ${key}=${value}`);
    }
  }
  const filter = where.length ? ` where ${where.join(' and ')}` : '';
  return { sql: `select coalesce(json_agg(r), '[]')::text as body from (select ${select} from public.${ident(table)} t${filter}${order}${range}) r`, params };
}

const bearer = (req: IncomingMessage) => /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];

/** Like Supabase's gateway: the apikey must be a known key; a Bearer token, if sent, picks the role. */
function authenticate(req: IncomingMessage) {
  const apikey = req.headers.apikey;
  if (typeof apikey !== 'string' || apikey === '') {
    throw new ApiError(401, null, 'No API key found in request', 'No `apikey` request header or url param was found.');
  }
  if (!roleByKey.has(apikey)) throw new ApiError(401, null, 'Invalid API key', 'Double check your Supabase `anon` or `service_role` API key.');
  const token = bearer(req) ?? apikey;
  const role = roleByKey.get(token);
  if (role === undefined) throw new ApiError(401, 'PGRST301', 'JWT is not one of the local demo keys');
  // claims: the key's JWT payload as JSON text, the value PostgREST puts in request.jwt.claims.
  return { role, claims: Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8') };
}

/** The connection's address, an IPv4 address in its plain form, as Cloudflare writes it. */
const socketAddress = (req: IncomingMessage) => req.socket.remoteAddress?.replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, '$1');

/** Each connection's address, and how many connections have had one. */
const connectionAddresses = new WeakMap<IncomingMessage['socket'], string>();
let connectionsSeen = 0;

/**
 * A client address of its own for each connection (198.18.x.y, the benchmark range, in the order connections arrive),
 * for the browser tests: their pages all connect from 127.0.0.1, which the rate limit (20 enquiries in 10 minutes from
 * one network) would count as one visitor. Numbered, not taken from the connection's port: the system hands a closed
 * connection's port to the next one, so two visitors would share an address (24 of 25 in a CI run).
 */
export const addressPerConnection = (req: IncomingMessage) => {
  let address = connectionAddresses.get(req.socket);
  if (!address) {
    connectionsSeen = (connectionsSeen + 1) % 65_536;
    address = `198.18.${connectionsSeen >> 8}.${connectionsSeen & 255}`;
    connectionAddresses.set(req.socket, address);
  }
  return address;
};

/**
 * PostgREST's request.headers (every header but Cookie, names in lower case), as they arrive through
 * Supabase's edge: Cloudflare sets cf-connecting-ip to the connecting client's address (`address`), replacing any
 * value the client sent, and appends it to x-forwarded-for. A client's x-real-ip is dropped too.
 */
export function requestHeadersJson(req: IncomingMessage, address = socketAddress(req)): string {
  const { cookie: _cookie, 'cf-connecting-ip': _sent, 'x-real-ip': _real, 'x-forwarded-for': forwarded, ...passed } = req.headers;
  const headers = Object.fromEntries(Object.entries(passed).map(([name, value]) => [name, [value].flat().join(', ')]));
  if (!address) return JSON.stringify(headers);
  const forwardedFor = [forwarded?.toString().trim(), address].filter(Boolean).join(', ');
  return JSON.stringify({ ...headers, 'cf-connecting-ip': address, 'x-forwarded-for': forwardedFor });
}

/** PostgREST's escapeIdent: double quotes doubled. */
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

const send = (res: ServerResponse, status: number, json?: string) =>
  void res.writeHead(status, json === undefined ? { 'content-length': '0' } : { 'content-type': 'application/json; charset=utf-8' }).end(json);

/** Answers with PostgREST's error body. */
export const sendError = (res: ServerResponse, error: ApiError) => send(res, error.status, JSON.stringify(error.body));
