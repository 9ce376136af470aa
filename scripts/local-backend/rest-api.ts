/**
 * The slice of Supabase's REST API (PostgREST) that this project calls, served from PGlite:
 * - POST /rest/v1/contact_submissions: the contact form's insert through supabase-js (one JSON object,
 *   no Prefer or `Prefer: return=minimal`, answered 201 with no body);
 * - GET /rest/v1/contact_submissions, /rest/v1/enquiry_notifications and /rest/v1/enquiry_events: staff reads
 *   (`npm run enquiries`, tests) with `select`, `order`, `limit`, `offset` and `column=eq.value` filters;
 * - POST /rest/v1/rpc/record_enquiry_state, undo_enquiry_event and enquiry_undo_window: `npm run enquiries` setting,
 *   undoing and showing states (one JSON object of named arguments; a set of rows or one value back);
 * - OPTIONS: the browser's CORS preflight.
 * Unlike hosted Supabase it answers only requests addressed to a loopback name (not a DNS name rebound to this
 * machine) and, from web pages, only the dev site's own origins (editor-backend-guard.ts's check, shared with the
 * editor's backend); the service_role key, for server-side tools (`npm run enquiries`, the tests), is refused from
 * any web page at all.
 * Each request runs in its own transaction as its key's role with PostgREST's request settings, so grants,
 * row level security, constraints and the rate-limit trigger decide; SQL errors get PostgREST's statuses.
 * Anything else gets PostgREST's error for the request with a message saying the stand-in does not support it.
 * The parity table, each row with the PostgREST documentation it follows, is in tests/db/local-backend.test.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import { enquiryTable } from '../../src/config/enquiry.ts';
import { requestSourceProblem, type LocalService } from './editor-backend-guard.ts';
import { claimsForKey, localSupabaseServiceRoleKey, roleForKey } from './local-api-keys.ts';
import { isSqlError, reply, replyForSqlError, type ApiRole, type ErrorReply } from './postgrest-errors.ts';

/** The notification outbox (supabase/migrations/20261124090000_enquiry_notifications.sql). */
export const notificationTable = 'enquiry_notifications';

/** Every change of an enquiry's state (supabase/migrations/20261206110000_enquiry_events.sql). */
export const eventTable = 'enquiry_events';

/** What each served table answers besides OPTIONS; the grants then decide who may. */
const servedMethods: Record<string, string[]> = {
  [enquiryTable]: ['GET', 'POST'],
  [notificationTable]: ['GET'],
  [eventTable]: ['GET'],
  // The company's closures, for the staff report's working clocks (granted to service_role only).
  office_closures: ['GET'],
};

/** The functions served at /rest/v1/rpc/<name>: their arguments, and whether they return rows or one value. */
const servedFunctions: Record<string, { args: string[]; returns: 'rows' | 'value' }> = {
  record_enquiry_state: { args: ['enquiry', 'new_state', 'changed_by', 'changed_via'], returns: 'rows' },
  undo_enquiry_event: { args: ['event', 'undone_by'], returns: 'value' },
  enquiry_undo_window: { args: [], returns: 'value' },
};
const served =
  `GET and POST on /rest/v1/${enquiryTable}, GET on /rest/v1/${notificationTable} and /rest/v1/${eventTable}, ` +
  `POST on /rest/v1/rpc/${Object.keys(servedFunctions).join(', ')}`;

/** PostgREST's error for the kind of request (its code and status), saying the stand-in does not support it. */
function notSupported(status: number, code: string, what: string): ErrorReply {
  const hint = `It serves only what this project calls: ${served} (select, order, limit, offset and eq filters).`;
  return reply(status, code, `The local Supabase stand-in does not support ${what}`, hint);
}

const maxBodyBytes = 64 * 1024;
/** Past this much of an oversized body we stop draining it and drop the connection. */
const maxDrainBytes = 1024 * 1024;

/** PostgREST's CORS answer (docs: references/api/cors), with the headers supabase-js sends, for the dev site's origins only. */
const corsPreflight = {
  'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD',
  'access-control-allow-headers': 'apikey, authorization, content-type, content-profile, accept-profile, prefer, range, x-client-info, x-retry-count',
  'access-control-max-age': '86400',
};

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

interface Caller {
  role: ApiRole;
  claims: string;
}

interface RestApiOptions {
  /** Called after an insert has committed. */
  afterInsert?: () => void;
  /** The port the stand-in listens on: requests must be addressed to a loopback name with it. */
  port: number;
  /** The origins the dev site is served on, the only web pages answered (src: editor-backend-guard.ts devSiteOrigins). */
  siteOrigins: readonly string[];
  /** Where the edge would say a request came from (`cf-connecting-ip`); by default the connection's own address. */
  clientAddress?: (req: IncomingMessage) => string | undefined;
}

const standIn: LocalService = {
  name: 'The local Supabase stand-in',
  fromSite: (site) => `Open the site at ${site}`,
};

/** Why a web page may not use the service_role key here, or undefined (no Origin: a tool such as npm run enquiries). */
function serviceKeyFromPageProblem(req: IncomingMessage): string | undefined {
  const { origin, apikey, authorization } = req.headers;
  if (origin === undefined) return undefined;
  const bearer = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  if (apikey !== localSupabaseServiceRoleKey && bearer !== localSupabaseServiceRoleKey) return undefined;
  return `The service_role key is for server-side tools (npm run enquiries, the notifier, the tests), never a web page; this request came from ${origin}, so it is refused. A page uses the anon key.`;
}

export async function createRestApi(db: PGlite, options: RestApiOptions): Promise<Handler> {
  const { clientAddress = socketAddress } = options;
  const { rows } = await db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns where table_schema = 'public' and table_name = any($1)`,
    [Object.keys(servedMethods)],
  );
  const columnsOf = (table: string) => new Set(rows.filter((row) => row.table_name === table).map((row) => row.column_name));

  function asCaller<T>(caller: Caller, req: IncomingMessage, table: string, sql: string, params: unknown[]) {
    return db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.headers', $3, true), set_config('request.method', $4, true),
                set_config('request.path', $5, true)`,
        [caller.role, caller.claims, requestHeadersJson(req, clientAddress(req)), req.method ?? '', `/${table}`],
      );
      return (await tx.query<T>(sql, params)).rows;
    });
  }

  async function read(req: IncomingMessage, res: ServerResponse, caller: Caller, table: string, search: URLSearchParams) {
    const query = selectSql(table, search);
    if ('status' in query) return sendError(res, query);
    const sql = `select coalesce(json_agg(r), '[]')::text as body from (${query.sql}) r`;
    const [result] = await asCaller<{ body: string }>(caller, req, table, sql, query.params);
    send(res, 200, result!.body);
  }

  async function insert(req: IncomingMessage, res: ServerResponse, caller: Caller, table: string, search: URLSearchParams) {
    if (search.size > 0) return sendError(res, notSupported(400, 'PGRST100', `the query parameter '${[...search.keys()][0]}' on POST`));
    const type = req.headers['content-type']?.split(';')[0]!.trim().toLowerCase() ?? 'application/json';
    if (type !== 'application/json') return sendError(res, notSupported(400, 'PGRST102', `Content-Type ${type}`));

    const body = await readBody(req);
    if (body === null) {
      sendError(res, reply(413, null, `Request body larger than ${maxBodyBytes} bytes`), { connection: 'close' });
      if (!req.complete) req.destroy();
      return;
    }
    let row: unknown;
    try {
      row = JSON.parse(body);
    } catch {
      return sendError(res, reply(400, 'PGRST102', 'Empty or invalid json'));
    }
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      return sendError(res, notSupported(400, 'PGRST102', 'a body that is not one JSON object'));
    }
    const keys = Object.keys(row).sort();
    const columns = columnsOf(table);
    const unknown = keys.find((key) => !columns.has(key));
    if (unknown !== undefined) {
      return sendError(res, reply(400, 'PGRST204', `Could not find the '${unknown}' column of '${table}' in the schema cache`));
    }

    const target = `public.${ident(table)}`;
    const names = keys.map(ident).join(', ');
    const sql =
      keys.length === 0
        ? `insert into ${target} default values`
        : `insert into ${target} (${names}) select ${names} from json_populate_record(null::${target}, $1::json)`;
    await asCaller(caller, req, table, sql, keys.length === 0 ? [] : [body]);
    options.afterInsert?.();
    send(res, 201);
  }

  /** PostgREST's function call (docs: references/api/functions): named arguments in, a set of rows or one value out. */
  async function call(req: IncomingMessage, res: ServerResponse, caller: Caller, name: string, search: URLSearchParams) {
    if (search.size > 0) return sendError(res, notSupported(400, 'PGRST100', `the query parameter '${[...search.keys()][0]}' on POST`));
    const body = await readBody(req);
    if (body === null) {
      sendError(res, reply(413, null, `Request body larger than ${maxBodyBytes} bytes`), { connection: 'close' });
      if (!req.complete) req.destroy();
      return;
    }
    let args: unknown;
    try {
      args = body.trim() === '' ? {} : JSON.parse(body);
    } catch {
      return sendError(res, reply(400, 'PGRST102', 'Empty or invalid json'));
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      return sendError(res, notSupported(400, 'PGRST102', 'a body that is not one JSON object'));
    }
    const fn = servedFunctions[name]!;
    const given = Object.keys(args).sort();
    if (given.join(',') !== [...fn.args].sort().join(',')) {
      const hint = `Perhaps you meant to call the function public.${name}(${fn.args.join(', ')})`;
      return sendError(res, reply(404, 'PGRST202', `Could not find the function public.${name}(${given.join(', ')}) in the schema cache`, hint));
    }
    const values = fn.args.map((arg) => {
      const value = (args as Record<string, unknown>)[arg];
      return value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);
    });
    const call = `public.${ident(name)}(${fn.args.map((arg, i) => `${ident(arg)} => $${i + 1}`).join(', ')})`;
    const sql = fn.returns === 'rows' ? `select coalesce(json_agg(r), '[]')::text as body from ${call} r` : `select to_json(${call})::text as body`;
    const [result] = await asCaller<{ body: string }>(caller, req, `rpc/${name}`, sql, values);
    send(res, 200, result!.body);
  }

  return async (req, res) => {
    let role: ApiRole = 'anon';
    try {
      // Before anything else, so a foreign page learns nothing, not even which tables are served.
      res.setHeader('vary', 'Origin');
      const { origin } = req.headers;
      const source = requestSourceProblem({ host: req.headers.host, origin, port: options.port, siteOrigins: options.siteOrigins, service: standIn });
      if (source) return sendError(res, reply(403, null, source));
      if (origin !== undefined) res.setHeader('access-control-allow-origin', origin);
      const serviceKeyProblem = serviceKeyFromPageProblem(req);
      if (serviceKeyProblem) return sendError(res, reply(403, null, serviceKeyProblem));

      const url = new URL(req.url ?? '/', 'http://localhost');
      const table = url.pathname.startsWith('/rest/v1/') ? url.pathname.slice('/rest/v1/'.length) : null;
      const fn = table?.startsWith('rpc/') ? table.slice('rpc/'.length) : undefined;
      const methods = table === null ? undefined : fn !== undefined ? (Object.hasOwn(servedFunctions, fn) ? ['POST'] : undefined) : servedMethods[table];
      if (table === null) return sendError(res, reply(404, null, `Not found: the local stand-in serves only ${served}`));
      if (methods === undefined && fn !== undefined) {
        return sendError(
          res,
          reply(404, 'PGRST202', `Could not find the function public.${fn} in the schema cache`, `The local stand-in serves only ${served}`),
        );
      }
      if (methods === undefined) return sendError(res, reply(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`));
      if (req.method === 'OPTIONS') {
        res.writeHead(200, { ...corsPreflight, 'content-length': '0' });
        return void res.end();
      }

      const caller = authenticate(req);
      if ('status' in caller) return sendError(res, caller);
      role = caller.role;
      const profile = req.headers[req.method === 'GET' ? 'accept-profile' : 'content-profile'];
      if (profile !== undefined && profile !== 'public') {
        return sendError(res, reply(406, 'PGRST106', `Invalid schema: ${profile}`, 'Only the following schemas are exposed: public'));
      }
      if (!methods.includes(req.method ?? '')) return sendError(res, notSupported(405, 'PGRST117', `${req.method} on /rest/v1/${table}`));
      const prefer = req.headersDistinct.prefer?.join(', ');
      if (prefer !== undefined && !(req.method === 'POST' && prefer.trim() === 'return=minimal')) {
        return sendError(res, notSupported(400, 'PGRST122', `Prefer: ${prefer}`));
      }
      if (fn !== undefined) return await call(req, res, caller, fn, url.searchParams);
      if (req.method === 'GET') return await read(req, res, caller, table, url.searchParams);
      await insert(req, res, caller, table, url.searchParams);
    } catch (error) {
      if (isSqlError(error)) return sendError(res, replyForSqlError(error, role));
      console.error('local backend: unexpected error', error);
      sendError(res, reply(500, null, error instanceof Error ? error.message : String(error)));
    }
  };
}

/** select, order, limit, offset and `column=eq.value` filters as PostgREST reads them (docs: references/api/tables_views). */
function selectSql(table: string, search: URLSearchParams): { sql: string; params: string[] } | ErrorReply {
  const params: string[] = [];
  const where: string[] = [];
  let select = 't.*';
  let order = '';
  let range = '';
  const name = /^[a-z_][a-z0-9_]*$/;
  for (const [key, value] of search) {
    if (key === 'select') {
      const columns = value.split(',');
      if (value !== '*' && !columns.every((c) => name.test(c))) return notSupported(400, 'PGRST100', `select=${value} (only * or column names)`);
      select = value === '*' ? 't.*' : columns.map(ident).join(', ');
    } else if (key === 'order') {
      const terms = value.split(',').map((term) => /^([a-z_][a-z0-9_]*)\.(asc|desc)$/.exec(term));
      if (terms.some((term) => term === null)) return notSupported(400, 'PGRST100', `order=${value} (only column.asc or column.desc)`);
      order = ` order by ${terms.map((term) => `${ident(term![1]!)} ${term![2]}`).join(', ')}`;
    } else if ((key === 'limit' || key === 'offset') && /^[0-9]+$/.test(value)) {
      params.push(value);
      range += ` ${key} $${params.length}`;
    } else if (name.test(key) && value.startsWith('eq.') && !['limit', 'offset'].includes(key)) {
      params.push(value.slice(3));
      where.push(`${ident(key)} = $${params.length}`);
    } else {
      return notSupported(400, 'PGRST100', `the query parameter ${key}=${value}`);
    }
  }
  const filter = where.length ? ` where ${where.join(' and ')}` : '';
  return { sql: `select ${select} from public.${ident(table)} t${filter}${order}${range}`, params };
}

/** Like Supabase's gateway: the apikey must be a known key; a Bearer token, if sent, picks the role. */
function authenticate(req: IncomingMessage): Caller | ErrorReply {
  const apikey = req.headers.apikey;
  if (typeof apikey !== 'string' || apikey === '') {
    return reply(401, null, 'No API key found in request', 'No `apikey` request header or url param was found.');
  }
  if (roleForKey(apikey) === undefined) return reply(401, null, 'Invalid API key', 'Double check your Supabase `anon` or `service_role` API key.');
  const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? apikey;
  const role = roleForKey(token);
  if (role === undefined) return reply(401, 'PGRST301', 'JWT is not one of the local demo keys');
  return { role, claims: claimsForKey(token) };
}

/** The connection's address, an IPv4 address in its plain form, as Cloudflare writes it. */
export const socketAddress = (req: IncomingMessage) => req.socket.remoteAddress?.replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, '$1');

/** Each connection's address, and how many connections have had one. */
const connectionAddresses = new WeakMap<IncomingMessage['socket'], string>();
let connectionsSeen = 0;

/**
 * A client address of its own for each connection (198.18.x.y, the range set aside for benchmarks, numbered in the
 * order connections arrive), as if each came from another visitor's network. For the browser tests: their pages all
 * connect from 127.0.0.1, which the rate limit would count as one network of 20 enquiries in 10 minutes, while each
 * test is a visitor of its own. Numbered rather than taken from the connection's port: the system hands a closed
 * connection's port to the next one, and two visitors would share an address (24 of 25 in a CI run).
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
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie' || name === 'cf-connecting-ip' || name === 'x-real-ip') continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const forwarded = headers['x-forwarded-for']?.trim();
  delete headers['x-forwarded-for'];
  if (address) {
    headers['cf-connecting-ip'] = address;
    headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${address}` : address;
  }
  return JSON.stringify(headers);
}

/** PostgREST's escapeIdent: double quotes doubled. */
function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The body as text, or null when it is over the limit (drained up to maxDrainBytes so the 413 reaches the client). */
async function readBody(req: IncomingMessage): Promise<string | null> {
  let tooLarge = Number(req.headers['content-length'] ?? 0) > maxBodyBytes;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) tooLarge = true;
    if (size > maxDrainBytes) break;
    if (!tooLarge) chunks.push(chunk);
  }
  return tooLarge ? null : Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, json?: string, headers: Record<string, string> = {}): void {
  const type = json === undefined ? { 'content-length': '0' } : { 'content-type': 'application/json; charset=utf-8' };
  res.writeHead(status, { ...type, ...headers });
  res.end(json);
}

function sendError(res: ServerResponse, { status, body }: ErrorReply, headers: Record<string, string> = {}): void {
  send(res, status, JSON.stringify(body), headers);
}
