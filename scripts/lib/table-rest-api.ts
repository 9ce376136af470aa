/**
 * The slice of Supabase's REST API (PostgREST) that the contact form and the staff export use,
 * served from PGlite: POST and GET on /rest/v1/contact_submissions, plus CORS preflight.
 * Every request runs in its own transaction as the key's role, with PostgREST's request
 * settings, so the table's grants, RLS policy, constraints and trigger decide the outcome.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { enquiryTable } from '../../src/config/enquiry.ts';
import { claimsForKey, roleForKey } from './local-api-keys.ts';
import { isSqlError, reply, replyForSqlError, type ApiRole, type ErrorReply } from './postgrest-errors.ts';

export const maxBodyBytes = 64 * 1024;
/** Past this much of an oversized body we stop draining it and drop the connection. */
const maxDrainBytes = 1024 * 1024;

const tablePath = `/rest/v1/${enquiryTable}`;
const qualifiedTable = `public.${enquiryTable}`;

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

export async function createTableRestApi(db: PGlite): Promise<Handler> {
  const columns = await tableColumns(db);

  async function asCaller<T>(caller: Caller, req: IncomingMessage, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.headers', $3, true), set_config('request.method', $4, true),
                set_config('request.path', $5, true)`,
        [caller.role, caller.claims, requestHeadersJson(req), req.method ?? '', tablePath],
      );
      return work(tx);
    });
  }

  async function insert(req: IncomingMessage, res: ServerResponse, caller: Caller, url: URL): Promise<void> {
    const body = await readBody(req);
    if (body === 'too-large') {
      sendError(res, reply(413, null, `Request body larger than ${maxBodyBytes} bytes`), { connection: 'close' });
      if (!req.complete) req.destroy();
      return;
    }
    const parsed = parseRows(body, url, columns);
    if ('status' in parsed) return sendError(res, parsed);

    const returnRepresentation = preferences(req).get('return') === 'representation';
    const { rows, insertColumns } = parsed;
    if (rows.length === 0) return send(res, 201, returnRepresentation ? '[]' : undefined);

    const result = await asCaller(caller, req, async (tx) => {
      if (insertColumns.length === 0) {
        for (let i = 0; i < rows.length; i++) await tx.query(`insert into ${qualifiedTable} default values`);
        return '[]';
      }
      const list = insertColumns.map((c) => `"${c}"`).join(', ');
      const insertSql = `insert into ${qualifiedTable} (${list})
        select ${list} from json_populate_recordset(null::${qualifiedTable}, $1::json)`;
      if (!returnRepresentation) {
        await tx.query(insertSql, [JSON.stringify(rows)]);
        return undefined;
      }
      const { rows: out } = await tx.query<{ body: string }>(
        `with inserted as (${insertSql} returning *)
         select coalesce(json_agg(inserted), '[]'::json)::text as body from inserted`,
        [JSON.stringify(rows)],
      );
      return out[0]?.body ?? '[]';
    });
    send(res, 201, returnRepresentation ? result : undefined);
  }

  async function list(req: IncomingMessage, res: ServerResponse, caller: Caller, url: URL): Promise<void> {
    const query = parseListQuery(url, columns);
    if ('status' in query) return sendError(res, query);
    const body = await asCaller(caller, req, async (tx) => {
      const { rows } = await tx.query<{ body: string }>(
        `select coalesce(json_agg(t), '[]'::json)::text as body
         from (select ${query.select} from ${qualifiedTable} ${query.orderBy} limit $1 offset $2) t`,
        [query.limit, query.offset],
      );
      return rows[0]?.body ?? '[]';
    });
    const count = (JSON.parse(body) as unknown[]).length;
    const range = count === 0 ? '*/*' : `${query.offset}-${query.offset + count - 1}/*`;
    send(res, 200, body, { 'content-range': range });
  }

  return async function handle(req, res) {
    let role: ApiRole = 'anon';
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== tablePath) return sendError(res, notFound(url.pathname));
      if (req.method === 'OPTIONS') return sendPreflight(res);
      if (req.method !== 'POST' && req.method !== 'GET') return sendError(res, notFound(url.pathname));

      const caller = authenticate(req);
      if ('status' in caller) return sendError(res, caller);
      role = caller.role;
      const profile = req.headers[req.method === 'POST' ? 'content-profile' : 'accept-profile'];
      if (profile !== undefined && profile !== 'public') {
        return sendError(res, reply(406, 'PGRST106', 'The schema must be one of the following: public'));
      }
      if (req.method === 'POST') await insert(req, res, caller, url);
      else await list(req, res, caller, url);
    } catch (error) {
      if (isSqlError(error)) return sendError(res, replyForSqlError(error, role));
      console.error('local backend: unexpected error', error);
      sendError(res, reply(500, null, error instanceof Error ? error.message : String(error)));
    }
  };
}

async function tableColumns(db: PGlite): Promise<Set<string>> {
  const { rows } = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1`,
    [enquiryTable],
  );
  return new Set(rows.map((row) => row.column_name));
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

/** PostgREST's request.headers, with x-forwarded-for set to the socket's address, which clients cannot forge. */
function requestHeadersJson(req: IncomingMessage): string {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  headers['x-forwarded-for'] = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  return JSON.stringify(headers);
}

function preferences(req: IncomingMessage): Map<string, string> {
  const prefs = new Map<string, string>();
  const header = req.headers.prefer ?? '';
  for (const item of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [key, value] = item.trim().split('=');
    if (key && value) prefs.set(key, value);
  }
  return prefs;
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

type JsonObject = Record<string, unknown>;

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** PostgREST's bulk insert is supported: an array of objects with the same keys, or `?columns=` naming them. */
function parseRows(body: Buffer, url: URL, columns: Set<string>): { rows: JsonObject[]; insertColumns: string[] } | ErrorReply {
  let payload: unknown;
  try {
    payload = JSON.parse(body.toString('utf8'));
  } catch {
    return reply(400, 'PGRST102', 'Empty or invalid json');
  }
  const rows = Array.isArray(payload) ? payload : [payload];
  if (!rows.every(isJsonObject)) return reply(400, 'PGRST102', 'Expected a JSON object or an array of objects');

  const columnsParam = url.searchParams.get('columns');
  let insertColumns: string[];
  if (columnsParam !== null) {
    insertColumns = columnsParam.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
  } else {
    insertColumns = Object.keys(rows[0] ?? {});
    const signature = [...insertColumns].sort().join(',');
    if (rows.some((row) => Object.keys(row).sort().join(',') !== signature)) {
      return reply(400, 'PGRST102', 'All object keys must match');
    }
  }
  const unknown = insertColumns.find((c) => !columns.has(c));
  if (unknown !== undefined) {
    return reply(400, 'PGRST204', `Could not find the '${unknown}' column of '${enquiryTable}' in the schema cache`);
  }
  return { rows, insertColumns };
}

interface ListQuery {
  select: string;
  orderBy: string;
  limit: number | null;
  offset: number;
}

/** Only what the staff export sends: select=* or a column list, order=col.asc|desc, limit, offset. */
function parseListQuery(url: URL, columns: Set<string>): ListQuery | ErrorReply {
  const supported = new Set(['select', 'order', 'limit', 'offset']);
  const other = [...url.searchParams.keys()].find((key) => !supported.has(key));
  if (other !== undefined) {
    return reply(400, 'PGRST100', `The local backend supports only select, order, limit and offset, not '${other}'`);
  }
  const selectParam = url.searchParams.get('select') ?? '*';
  const selected = selectParam.split(',').map((c) => c.trim());
  if (selectParam !== '*' && !selected.every((c) => columns.has(c))) {
    return reply(400, 'PGRST100', `Unsupported select '${selectParam}'`);
  }
  const orderTerms: string[] = [];
  for (const term of (url.searchParams.get('order') ?? '').split(',').filter(Boolean)) {
    const match = /^(\w+)(?:\.(asc|desc))?(?:\.(nullsfirst|nullslast))?$/.exec(term);
    if (!match || !columns.has(match[1]!)) return reply(400, 'PGRST100', `Unsupported order '${term}'`);
    const nulls = match[3] === 'nullsfirst' ? ' nulls first' : match[3] === 'nullslast' ? ' nulls last' : '';
    orderTerms.push(`"${match[1]}" ${match[2] ?? 'asc'}${nulls}`);
  }
  const limit = parseCount(url.searchParams.get('limit'));
  const offset = parseCount(url.searchParams.get('offset'));
  if (limit === 'invalid' || offset === 'invalid') return reply(400, 'PGRST100', 'limit and offset must be whole numbers');
  return {
    select: selectParam === '*' ? '*' : selected.map((c) => `"${c}"`).join(', '),
    orderBy: orderTerms.length > 0 ? `order by ${orderTerms.join(', ')}` : '',
    limit,
    offset: offset ?? 0,
  };
}

function parseCount(value: string | null): number | null | 'invalid' {
  if (value === null) return null;
  return /^\d+$/.test(value) ? Number(value) : 'invalid';
}

function notFound(path: string): ErrorReply {
  if (path.startsWith('/rest/v1/')) {
    const table = path.slice('/rest/v1/'.length);
    return reply(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);
  }
  return reply(404, null, `Not found: the local backend serves only ${tablePath}`);
}

function send(res: ServerResponse, status: number, json?: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'access-control-allow-origin': '*',
    ...(json === undefined ? { 'content-length': '0' } : { 'content-type': 'application/json; charset=utf-8' }),
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
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': corsAllowHeaders,
    'access-control-max-age': '86400',
    'content-length': '0',
  });
  res.end();
}
