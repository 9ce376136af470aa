import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSupabaseAnonKey } from '../../src/config/local-supabase.ts';
import { localSupabaseServiceRoleKey } from '../../scripts/local-backend/local-api-keys.ts';
import type { EnquiryRow } from '../../src/lib/enquiry.ts';
import { submitEnquiry } from '../../src/lib/submit-enquiry.ts';
import { startLocalBackend, type LocalBackend } from '../../scripts/local-backend.ts';
import { httpRequest, loopbackAddress, type HttpReply, type HttpRequestOptions } from '../../scripts/shared/loopback-http.ts';
import { requestHeadersJson } from '../../scripts/local-backend/table-rest-api.ts';

const tablePath = '/rest/v1/contact_submissions';

let visitor = 0;
/** Each request comes from its own loopback address, like distinct visitors. */
function nextVisitorAddress(): string {
  return loopbackAddress(visitor++);
}

function enquiry(overrides: Partial<EnquiryRow> = {}): EnquiryRow {
  return {
    id: randomUUID(),
    name: 'Asha Rao',
    email: `asha.${randomUUID().slice(0, 8)}@example.com`,
    company: null,
    phone: null,
    service: 'IT Consulting',
    message: 'Please call me back.',
    ...overrides,
  };
}

const anonHeaders = {
  apikey: localSupabaseAnonKey,
  authorization: `Bearer ${localSupabaseAnonKey}`,
  'content-type': 'application/json',
};

describe('the local backend over HTTP', () => {
  let backend: LocalBackend;

  beforeAll(async () => {
    backend = await startLocalBackend({ port: 0, dataDir: 'memory://' });
  });

  afterAll(async () => {
    await backend?.close();
  });

  function post(body: unknown, options: HttpRequestOptions = {}) {
    return httpRequest(`${backend.url}${tablePath}`, {
      method: 'POST',
      headers: anonHeaders,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      localAddress: nextVisitorAddress(),
      ...options,
    });
  }

  function listAsService(query = '?select=*&order=created_at.desc') {
    return httpRequest(`${backend.url}${tablePath}${query}`, {
      headers: { apikey: localSupabaseServiceRoleKey, authorization: `Bearer ${localSupabaseServiceRoleKey}` },
    });
  }

  async function storedIds(): Promise<string[]> {
    const reply = await listAsService('?select=id');
    return (JSON.parse(reply.body) as Array<{ id: string }>).map((row) => row.id);
  }

  it('stores an enquiry and answers 201 with an empty body', async () => {
    const row = enquiry();
    const reply = await post(row);
    expect(reply.status).toBe(201);
    expect(reply.body).toBe('');
    expect(await storedIds()).toContain(row.id);
  });

  it('answers Prefer: return=minimal the same way', async () => {
    const reply = await post(enquiry(), { headers: { ...anonHeaders, prefer: 'return=minimal' } });
    expect(reply.status).toBe(201);
    expect(reply.body).toBe('');
  });

  it('refuses return=representation for anon with 401 and 42501, as RLS would', async () => {
    const row = enquiry();
    const reply = await post(row, { headers: { ...anonHeaders, prefer: 'return=representation' } });
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.body)).toMatchObject({ code: '42501' });
    expect(await storedIds()).not.toContain(row.id);
  });

  it('answers a repeated id with 409 and a PostgREST error body', async () => {
    const row = enquiry();
    expect((await post(row)).status).toBe(201);
    const reply = await post(row);
    expect(reply.status).toBe(409);
    expect(JSON.parse(reply.body)).toEqual({
      code: '23505',
      message: 'duplicate key value violates unique constraint "contact_submissions_pkey"',
      details: expect.toSatisfy((d: unknown) => d === null || typeof d === 'string'),
      hint: null,
    });
  });

  it('answers a missing apikey with 401', async () => {
    const reply = await post(enquiry(), { headers: { 'content-type': 'application/json' } });
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.body)).toMatchObject({ message: 'No API key found in request' });
  });

  it('answers a wrong apikey with 401', async () => {
    const reply = await post(enquiry(), { headers: { ...anonHeaders, apikey: 'not-a-key' } });
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.body)).toMatchObject({ message: 'Invalid API key' });
  });

  it('answers a wrong bearer token with 401', async () => {
    const reply = await post(enquiry(), { headers: { ...anonHeaders, authorization: 'Bearer forged' } });
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.body)).toMatchObject({ code: 'PGRST301' });
  });

  it('answers a check violation with 400 and 23514', async () => {
    const reply = await post(enquiry({ email: 'not-an-email' }));
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({ code: '23514' });
  });

  it('answers a missing required field with 400 and 23502', async () => {
    const { name: _name, ...withoutName } = enquiry();
    const reply = await post(withoutName);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({ code: '23502' });
  });

  it('answers an empty object with 400 and 23502, as the required fields are missing', async () => {
    const reply = await post({});
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({ code: '23502' });
  });

  it('answers an anon attempt to set created_at with 401 and 42501', async () => {
    const reply = await post({ ...enquiry(), created_at: '2020-01-01T00:00:00Z' });
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.body)).toMatchObject({ code: '42501' });
  });

  it('answers the sixth enquiry from one email address within 10 minutes with 400 and P0001', async () => {
    // One address: the email limit counts per mailbox and network (supabase/migrations/*_enquiry_abuse_limits.sql).
    const email = `busy.${randomUUID().slice(0, 8)}@example.com`;
    const localAddress = nextVisitorAddress();
    for (let i = 0; i < 5; i++) expect((await post(enquiry({ email }), { localAddress })).status).toBe(201);
    const reply = await post(enquiry({ email }), { localAddress });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({
      code: 'P0001',
      message: 'Too many enquiries from this email address, please try again later',
    });
  });

  it('answers the 21st enquiry from one client address within 10 minutes with 400 and P0001', async () => {
    const localAddress = nextVisitorAddress();
    for (let i = 0; i < 20; i++) expect((await post(enquiry(), { localAddress })).status).toBe(201);
    const reply = await post(enquiry(), { localAddress });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({
      code: 'P0001',
      message: 'Too many enquiries from this address, please try again later',
    });
  });

  it('ignores a forged x-forwarded-for and limits by the socket address', async () => {
    const localAddress = nextVisitorAddress();
    for (let i = 0; i < 20; i++) {
      const forged = { ...anonHeaders, 'x-forwarded-for': `203.0.113.${i + 1}` };
      expect((await post(enquiry(), { localAddress, headers: forged })).status).toBe(201);
    }
    const reply = await post(enquiry(), { localAddress, headers: { ...anonHeaders, 'x-forwarded-for': '203.0.113.200' } });
    expect(reply.status).toBe(400);
  });

  it('answers invalid JSON with 400 and PGRST102', async () => {
    const reply = await post('{"name": ');
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toEqual({ code: 'PGRST102', message: 'Empty or invalid json', details: null, hint: null });
  });

  it('answers an unknown column with 400 and PGRST204', async () => {
    const reply = await post({ ...enquiry(), budget: '10k' });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({ code: 'PGRST204' });
  });

  it('answers a body over 64 KB with 413 and stores nothing', async () => {
    const row = enquiry({ message: 'm'.repeat(70 * 1024) });
    const reply = await post(row);
    expect(reply.status).toBe(413);
    expect(await storedIds()).not.toContain(row.id);
  });

  it('answers other paths with 404', async () => {
    const other = await httpRequest(`${backend.url}/rest/v1/profiles`, { headers: anonHeaders });
    expect(other.status).toBe(404);
    expect(JSON.parse(other.body)).toMatchObject({ code: 'PGRST205' });
    expect((await httpRequest(`${backend.url}/auth/v1/user`, { headers: anonHeaders })).status).toBe(404);
  });

  it('answers the CORS preflight for any origin with the headers supabase-js sends', async () => {
    const reply = await httpRequest(`${backend.url}${tablePath}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4321',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, authorization, content-type, content-profile, x-client-info, prefer',
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(reply.headers['access-control-allow-methods']).toContain('POST');
    const allowed = String(reply.headers['access-control-allow-headers']).split(', ');
    expect(allowed).toEqual(
      expect.arrayContaining(['apikey', 'authorization', 'content-type', 'content-profile', 'x-client-info', 'prefer']),
    );
    expect((await post(enquiry())).headers['access-control-allow-origin']).toBe('*');
  });

  it('stores a bulk insert (an array of rows) in one go', async () => {
    const rows = [enquiry(), enquiry()];
    expect((await post(rows)).status).toBe(201);
    expect(await storedIds()).toEqual(expect.arrayContaining(rows.map((row) => row.id)));
  });

  it('lists enquiries newest first for the service_role key only', async () => {
    const reply = await listAsService();
    expect(reply.status).toBe(200);
    const rows = JSON.parse(reply.body) as Array<{ created_at: string }>;
    const times = rows.map((row) => Date.parse(row.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const asAnon = await httpRequest(`${backend.url}${tablePath}?select=*&order=created_at.desc`, { headers: anonHeaders });
    expect(asAnon.status).toBe(401);
    expect(JSON.parse(asAnon.body)).toMatchObject({ code: '42501' });
  });

  it('stores 50 concurrent enquiries exactly once each', async () => {
    const rows = Array.from({ length: 50 }, () => enquiry());
    const replies = await Promise.all(rows.map((row) => post(row)));
    expect(replies.map((reply) => reply.status)).toEqual(Array(50).fill(201));
    const ids = await storedIds();
    for (const row of rows) expect(ids.filter((id) => id === row.id)).toHaveLength(1);
  });

  it('accepts an insert from the real supabase-js client', async () => {
    const supabase = createClient(backend.url, localSupabaseAnonKey);
    const row = enquiry();
    const { error, status } = await supabase.from('contact_submissions').insert(row);
    expect({ error, status }).toEqual({ error: null, status: 201 });
    const again = await supabase.from('contact_submissions').insert(row);
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: '23505' });
  });

  it('lets submitEnquiry store an enquiry through supabase-js', async () => {
    const supabase = createClient(backend.url, localSupabaseAnonKey);
    const row = enquiry();
    await expect(submitEnquiry(supabase, row)).resolves.toEqual({ ok: true, attempts: 1 });
    expect(await storedIds()).toContain(row.id);
  });
});

describe('the local backend on disk', () => {
  it('keeps enquiries across restarts without re-applying migrations', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'local-backend-'));
    try {
      const row = enquiry();
      const first = await startLocalBackend({ port: 0, dataDir });
      const stored = await httpRequest(`${first.url}${tablePath}`, { method: 'POST', headers: anonHeaders, body: JSON.stringify(row) });
      expect(stored.status).toBe(201);
      await first.close();

      const second = await startLocalBackend({ port: 0, dataDir });
      try {
        const list = await httpRequest(`${second.url}${tablePath}?select=id`, { headers: { apikey: localSupabaseServiceRoleKey } });
        expect(JSON.parse(list.body)).toEqual([{ id: row.id }]);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('says clearly when the port is taken', async () => {
    const first = await startLocalBackend({ port: 0, dataDir: 'memory://' });
    try {
      const port = Number(new URL(first.url).port);
      await expect(startLocalBackend({ port, dataDir: 'memory://' })).rejects.toThrow(
        `Port ${port} on 127.0.0.1 is already in use`,
      );
    } finally {
      await first.close();
    }
  });
});

/**
 * What a client (the form, supabase-js, or an attacker with the public anon key) can send, answered as
 * PostgREST v13 answers it on Supabase: one row per request, with the status and error code expected and
 * where in PostgREST's source or docs that expectation comes from (repository PostgREST/postgrest, tag v13.0.8).
 *
 * Where the local backend knowingly differs from PostgREST:
 * - Content-Type other than JSON, CSV and form data: PostgREST answers 400 PGRST102 "Content-Type not
 *   acceptable: <type>" (ApiRequest.hs getPayload; reported in supabase/supabase-js#691), not the 415 PGRST107
 *   that docs/references/errors.rst listed until PostgREST#4959 corrected it (PGRST107 is the 406 for Accept).
 *   The local backend does what the source does.
 * - A filter on a column the table lacks is sent to Postgres as PostgREST sends it, so the answer is Postgres's
 *   400 42703 "column contact_submissions.x does not exist" (as in PostgREST's QuerySpec), not a PGRST100.
 * - PGRST100 messages keep PostgREST's shape ("failed to parse filter (…)") but not Parsec's exact position
 *   and expectation text; the status and code match.
 * - Filter operators: only eq, neq, gt, gte, lt, lte, like, ilike, is, in and the not. prefix. Others (fts,
 *   match, cs, quantifiers such as eq(any), …), JSON paths (col->key) and anything after a column name in a
 *   filter key answer 400 PGRST100 where PostgREST would run them.
 * - Not emulated, answered with 400 PGRST100 and a message saying so: logic trees (and=/or=), embedded
 *   order/limit/offset, select with aliases/casts/embeds, and limit/offset/order on POST/PATCH/DELETE
 *   (v12 applied them to the rows changed, v13 ignores them; refusing is safer than either guess).
 * - Not emulated and ignored: Prefer count=, missing=default, tx=, handling=strict, max-affected=, timezone=;
 *   the Range header; Accept negotiation (vnd.pgrst.object singular responses, CSV output).
 * - CSV parse errors: PostgREST returns cassava's parser message; the local backend returns its own text.
 * - Texts that changed between v12 and v13 follow v13 (PGRST106 "Invalid schema: x" with a hint; v12 said
 *   "The schema must be one of the following: public"). Only the public schema is exposed here; a hosted
 *   project may also expose graphql_public.
 */
describe('the local backend as PostgREST', () => {
  let backend: LocalBackend;

  beforeAll(async () => {
    backend = await startLocalBackend({ port: 0, dataDir: 'memory://' });
  });

  afterAll(async () => {
    await backend?.close();
  });

  const serviceHeaders = {
    apikey: localSupabaseServiceRoleKey,
    authorization: `Bearer ${localSupabaseServiceRoleKey}`,
    'content-type': 'application/json',
  };

  interface Context {
    /** A row stored as anon before the request. */
    stored: EnquiryRow;
    /** A row not stored yet. */
    fresh: EnquiryRow;
    /** The loopback address the request comes from. */
    address: string;
    send(row: Case): Promise<HttpReply>;
  }

  interface Case {
    name: string;
    method: string;
    /** Query string (with its `?`), may use the context. */
    query?: string | ((c: Context) => string);
    as?: 'anon' | 'service_role';
    headers?: Record<string, string>;
    /** A string is sent as it is; anything else as JSON. */
    body?: unknown;
    status: number;
    /** PostgREST/Postgres error code, or null for a successful answer. */
    code: string | null;
    /** Exact error texts where PostgREST's source pins them down. */
    message?: string;
    details?: string | null;
    hint?: string | null;
    /** Where the expectation comes from. */
    source: string;
    /** Further proof, e.g. what is stored afterwards. */
    then?: (reply: HttpReply, c: Context) => Promise<void>;
  }

  async function storedRow(id: string): Promise<Record<string, unknown> | undefined> {
    const reply = await httpRequest(`${backend.url}${tablePath}?select=*&id=eq.${id}`, { headers: serviceHeaders });
    expect(reply.status).toBe(200);
    const rows = JSON.parse(reply.body) as Array<Record<string, unknown>>;
    expect(rows.length).toBeLessThanOrEqual(1);
    return rows[0];
  }

  async function storedCount(id: string): Promise<number> {
    const reply = await httpRequest(`${backend.url}${tablePath}?select=id&id=eq.${id}`, { headers: serviceHeaders });
    return (JSON.parse(reply.body) as unknown[]).length;
  }

  const unchanged = async (_reply: HttpReply, c: Context) => {
    expect(await storedRow(c.stored.id)).toMatchObject({ ...c.stored });
  };
  const notStored = async (_reply: HttpReply, c: Context) => {
    expect(await storedCount(c.fresh.id)).toBe(0);
  };

  /** A DELETE whose filter PostgREST would run (matching the stored row) but the local backend refuses. */
  const notEmulated = (what: string, query: (c: Context) => string): Case => ({
    name: `DELETE as service_role with ${what}, which the local backend does not emulate`,
    method: 'DELETE',
    as: 'service_role',
    query,
    status: 400,
    code: 'PGRST100',
    source: 'Not emulated (see above); PostgREST would run it (QueryParams.hs pOpExpr, pJsonPath)',
    then: unchanged,
  });

  const putFilters = "Filters must include all and only primary key columns with 'eq' operators";
  const permissionDenied = 'permission denied for table contact_submissions';

  const cases: Case[] = [
    // PATCH and DELETE as anon: Postgres refuses, anon has neither UPDATE/DELETE nor SELECT (the WHERE reads id).
    {
      name: 'PATCH as anon with an id filter',
      method: 'PATCH',
      query: (c) => `?id=eq.${c.stored.id}`,
      body: { name: 'Changed' },
      status: 401,
      code: '42501',
      message: permissionDenied,
      source: 'Error.hs pgErrorStatus: 42501 → 401 when not authed; QueryBuilder.hs mutatePlanToQuery (UPDATE … WHERE)',
      then: unchanged,
    },
    {
      name: 'PATCH as anon without a filter',
      method: 'PATCH',
      body: { name: 'Changed' },
      status: 401,
      code: '42501',
      message: permissionDenied,
      source: 'Error.hs pgErrorStatus 42501; an UPDATE without WHERE is what PostgREST sends',
      then: unchanged,
    },
    {
      name: 'DELETE as anon with an id filter',
      method: 'DELETE',
      query: (c) => `?id=eq.${c.stored.id}`,
      status: 401,
      code: '42501',
      message: permissionDenied,
      source: 'Error.hs pgErrorStatus 42501; QueryBuilder.hs mutatePlanToQuery (DELETE … WHERE)',
      then: unchanged,
    },
    {
      name: 'DELETE as anon without a filter',
      method: 'DELETE',
      status: 401,
      code: '42501',
      message: permissionDenied,
      source: 'Error.hs pgErrorStatus 42501',
      then: unchanged,
    },
    {
      name: 'DELETE as anon with two filters (ANDed)',
      method: 'DELETE',
      query: (c) => `?id=eq.${c.stored.id}&email=eq.${encodeURIComponent(c.stored.email)}`,
      status: 401,
      code: '42501',
      source: 'QueryBuilder.hs: root filters joined with AND; Error.hs 42501',
      then: unchanged,
    },
    // Filter syntax
    {
      name: 'DELETE with an operator PostgREST does not know',
      method: 'DELETE',
      query: '?id=val.1',
      status: 400,
      code: 'PGRST100',
      source: 'QueryParams.hs pRequestFilter doctest ("val"); Error.hs QueryParamError = PGRST100, 400',
      then: unchanged,
    },
    {
      name: 'DELETE with a malformed quantifier',
      method: 'DELETE',
      query: '?id=eq().1',
      status: 400,
      code: 'PGRST100',
      source: 'QueryParams.hs pOpExpr doctest ("eq().value")',
    },
    {
      name: 'DELETE with an in list without parentheses',
      method: 'DELETE',
      query: '?id=in.1,2',
      status: 400,
      code: 'PGRST100',
      source: 'QueryParams.hs pListVal (same text as the pLogicTree doctest for "id.in.1,2")',
    },
    notEmulated('full-text search', () => '?message=fts.call'),
    notEmulated('a containment operator', (c) => `?id=cs.{${c.stored.id}}`),
    notEmulated('a quantifier', (c) => `?id=eq(any).{${c.stored.id}}`),
    notEmulated('a JSON path', (c) => `?id->>x=eq.${c.stored.id}`),
    {
      name: 'GET as service_role with the filter operators the local backend emulates',
      method: 'GET',
      as: 'service_role',
      query: (c) =>
        `?select=id&id=in.(${c.fresh.id},"${c.stored.id}")&company=is.null&phone=not.is.not_null` +
        `&email=like.*${encodeURIComponent(c.stored.email.slice(4))}&name=ilike.ASHA*&message=not.like.*nope*` +
        `&service=neq.x&created_at=gt.2000-01-01&created_at=gte.2000-01-01&created_at=lt.2100-01-01&created_at=lte.2100-01-01`,
      status: 200,
      code: null,
      source: 'SqlFragment.hs operators (=, <>, >, >=, <, <=, like, ilike, IS, = ANY) with * read as %; QueryParams.hs pListVal quoting',
      then: async (reply, c) => {
        expect(JSON.parse(reply.body)).toEqual([{ id: c.stored.id }]);
        // Negated, an in() list naming the row excludes it.
        const query = `?select=id&id=not.in.("${c.stored.id}")&email=eq.${encodeURIComponent(c.stored.email)}`;
        const negated = await c.send({ name: 'negated', method: 'GET', as: 'service_role', query, status: 200, code: null, source: '' });
        expect({ status: negated.status, body: JSON.parse(negated.body) }).toEqual({ status: 200, body: [] });
      },
    },
    {
      name: 'DELETE filtering on a column the table lacks',
      method: 'DELETE',
      query: '?nope=eq.1',
      status: 400,
      code: '42703',
      message: 'column contact_submissions.nope does not exist',
      source: 'PostgREST sends the filter to Postgres (SqlFragment.hs pgFmtFilter); QuerySpec "column … does not exist" → 400',
    },
    {
      name: 'DELETE filtering on an embedded resource that is not selected',
      method: 'DELETE',
      query: '?clients.id=eq.1',
      status: 400,
      code: 'PGRST108',
      message: "'clients' is not an embedded resource in this request",
      hint: "Verify that 'clients' is included in the 'select' query parameter.",
      source: 'Plan.hs updateNode → NotEmbedded; Error.hs PGRST108, 400',
    },
    // PATCH and DELETE as service_role: allowed, and the filter decides which rows.
    {
      name: 'PATCH as service_role with an id filter',
      method: 'PATCH',
      as: 'service_role',
      query: (c) => `?id=eq.${c.stored.id}`,
      body: { name: 'Renamed by staff' },
      status: 204,
      code: null,
      source: 'Response.hs MutationUpdate: 204 without return=representation',
      then: async (reply, c) => {
        expect(reply.headers['content-range']).toBe('0-0/*');
        expect(await storedRow(c.stored.id)).toMatchObject({ ...c.stored, name: 'Renamed by staff' });
      },
    },
    {
      name: 'PATCH as service_role with return=representation',
      method: 'PATCH',
      as: 'service_role',
      query: (c) => `?id=eq.${c.stored.id}&select=id,name`,
      headers: { prefer: 'return=representation' },
      body: { name: 'Shown' },
      status: 200,
      code: null,
      source: 'Response.hs MutationUpdate: 200 with the rows for return=representation',
      then: async (reply, c) => {
        expect(JSON.parse(reply.body)).toEqual([{ id: c.stored.id, name: 'Shown' }]);
      },
    },
    {
      name: 'DELETE as service_role with an id filter',
      method: 'DELETE',
      as: 'service_role',
      query: (c) => `?id=eq.${c.stored.id}`,
      status: 204,
      code: null,
      source: 'Response.hs MutationDelete: 204 without return=representation',
      then: async (_reply, c) => {
        expect(await storedCount(c.stored.id)).toBe(0);
      },
    },
    {
      name: 'DELETE as service_role with a filter matching nothing',
      method: 'DELETE',
      as: 'service_role',
      query: (c) => `?id=eq.${c.fresh.id}`,
      status: 204,
      code: null,
      source: 'Response.hs MutationDelete: 204 whatever the count',
      then: unchanged,
    },
    // PUT: a single-row upsert on the primary key.
    {
      name: 'PUT as anon, valid',
      method: 'PUT',
      query: (c) => `?id=eq.${c.stored.id}`,
      body: (c: Context) => ({ ...c.stored, name: 'Overwritten' }),
      status: 401,
      code: '42501',
      message: permissionDenied,
      source: 'Plan.hs mutatePlan MutationSingleUpsert → INSERT … ON CONFLICT DO UPDATE, which needs UPDATE; Error.hs 42501',
      then: unchanged,
    },
    {
      name: 'PUT as anon for a new id',
      method: 'PUT',
      query: (c) => `?id=eq.${c.fresh.id}`,
      body: (c: Context) => c.fresh,
      status: 401,
      code: '42501',
      source: 'Postgres checks UPDATE privilege for ON CONFLICT DO UPDATE before any row; Error.hs 42501',
      then: notStored,
    },
    {
      name: 'PUT without a filter',
      method: 'PUT',
      body: (c: Context) => c.fresh,
      status: 405,
      code: 'PGRST105',
      message: putFilters,
      source: 'Plan.hs mutatePlan (qsFilterFields == pkCols); UpsertSpec "rejects every other filter than pk cols eq\'s"; errors.rst PGRST105 405',
      then: notStored,
    },
    {
      name: 'PUT with an extra filter',
      method: 'PUT',
      query: (c) => `?id=eq.${c.fresh.id}&name=eq.Asha`,
      body: (c: Context) => c.fresh,
      status: 405,
      code: 'PGRST105',
      message: putFilters,
      source: 'Plan.hs mutatePlan; UpsertSpec',
      then: notStored,
    },
    {
      name: 'PUT filtering on a column that is not the key',
      method: 'PUT',
      query: '?email=eq.asha@example.com',
      body: (c: Context) => c.fresh,
      status: 405,
      code: 'PGRST105',
      message: putFilters,
      source: 'UpsertSpec "rejects every other filter than pk cols eq\'s" (rank=eq.19)',
    },
    {
      name: 'PUT with not.eq on the key',
      method: 'PUT',
      query: (c) => `?id=not.eq.${c.fresh.id}`,
      body: (c: Context) => c.fresh,
      status: 405,
      code: 'PGRST105',
      message: putFilters,
      source: 'UpsertSpec (id=not.eq.Java)',
    },
    {
      name: 'PUT with limit',
      method: 'PUT',
      query: (c) => `?id=eq.${c.fresh.id}&limit=1`,
      body: (c: Context) => c.fresh,
      status: 400,
      code: 'PGRST114',
      message: 'limit/offset querystring parameters are not allowed for PUT',
      source: 'ApiRequest.hs getRanges; UpsertSpec "fails if limit is specified"',
    },
    {
      name: 'PUT as anon with a key in the body that differs from the query string',
      method: 'PUT',
      query: (c) => `?id=eq.${c.fresh.id}`,
      body: (c: Context) => c.stored,
      status: 401,
      code: '42501',
      source: 'Query.hs failPut runs after the statement, which Postgres refuses anon first (Error.hs 42501)',
      then: async (reply, c) => {
        await unchanged(reply, c);
        await notStored(reply, c);
      },
    },
    {
      name: 'PUT as service_role with a key in the body that differs from the query string',
      method: 'PUT',
      as: 'service_role',
      query: (c) => `?id=eq.${c.fresh.id}`,
      body: (c: Context) => ({ ...c.stored, name: 'Mismatch' }),
      status: 400,
      code: 'PGRST115',
      message: 'Payload values do not match URL in primary key column(s)',
      source: 'Query.hs failPut (rows ≠ 1 → rollback); UpsertSpec "fails if the uri primary key doesn\'t match the payload primary key"',
      then: async (reply, c) => {
        await unchanged(reply, c);
        await notStored(reply, c);
      },
    },
    {
      name: 'PUT as service_role without the key in the body',
      method: 'PUT',
      as: 'service_role',
      query: (c) => `?id=eq.${c.fresh.id}`,
      body: (c: Context) => ({ ...c.fresh, id: undefined }),
      status: 400,
      code: '42703',
      message: 'column pgrst_body.id does not exist',
      source: 'QueryBuilder.hs: PUT filters read "pgrst_body", which has only the body\'s keys',
      then: notStored,
    },
    {
      name: 'PUT as service_role, valid, for a new id',
      method: 'PUT',
      as: 'service_role',
      query: (c) => `?id=eq.${c.fresh.id}`,
      headers: { prefer: 'return=representation' },
      body: (c: Context) => c.fresh,
      status: 201,
      code: null,
      source: 'Response.hs MutationSingleUpsert: 201 when pgrst.inserted > 0; UpsertSpec "Inserting row"',
      then: async (_reply, c) => {
        expect(await storedRow(c.fresh.id)).toMatchObject({ ...c.fresh });
      },
    },
    {
      name: 'PUT as service_role, valid, for a stored id',
      method: 'PUT',
      as: 'service_role',
      query: (c) => `?id=eq.${c.stored.id}`,
      body: (c: Context) => ({ ...c.stored, name: 'Replaced' }),
      status: 204,
      code: null,
      source: 'Response.hs MutationSingleUpsert: 204 without return=representation',
      then: async (_reply, c) => {
        expect(await storedRow(c.stored.id)).toMatchObject({ ...c.stored, name: 'Replaced' });
      },
    },
    // POST upserts
    {
      name: 'POST with on_conflict=id and resolution=merge-duplicates as anon',
      method: 'POST',
      query: '?on_conflict=id',
      headers: { prefer: 'resolution=merge-duplicates' },
      body: (c: Context) => ({ ...c.stored, name: 'Merged' }),
      status: 401,
      code: '42501',
      message: permissionDenied,
      source: 'QueryBuilder.hs mutatePlanToQuery: ON CONFLICT(id) DO UPDATE needs UPDATE; Error.hs 42501',
      then: unchanged,
    },
    {
      name: 'POST with on_conflict=id and resolution=ignore-duplicates as anon, repeating a stored id',
      method: 'POST',
      query: '?on_conflict=id',
      headers: { prefer: 'resolution=ignore-duplicates' },
      body: (c: Context) => c.stored,
      status: 401,
      code: '42501',
      message: permissionDenied,
      source: 'QueryBuilder.hs: ON CONFLICT(id) DO NOTHING; the arbiter column needs SELECT, which anon lacks',
      then: async (reply, c) => {
        expect(await storedCount(c.stored.id)).toBe(1);
        await unchanged(reply, c);
        // The same request with an id nobody stored gets the same answer: nothing is revealed.
        const other = await c.send({ ...ignoreDuplicates, body: () => c.fresh });
        expect({ status: other.status, body: other.body }).toEqual({ status: reply.status, body: reply.body });
        await notStored(reply, c);
      },
    },
    {
      name: 'POST with resolution=ignore-duplicates and no on_conflict (the primary key is the target)',
      method: 'POST',
      headers: { prefer: 'resolution=ignore-duplicates' },
      body: (c: Context) => c.fresh,
      status: 401,
      code: '42501',
      source: 'Plan.hs mutatePlan: confCols = fromMaybe pkCols qsOnConflict',
      then: notStored,
    },
    {
      name: 'POST with on_conflict on a column without a unique index',
      method: 'POST',
      query: '?on_conflict=email',
      headers: { prefer: 'resolution=ignore-duplicates' },
      body: (c: Context) => c.fresh,
      status: 400,
      code: '42P10',
      message: 'there is no unique or exclusion constraint matching the ON CONFLICT specification',
      source: 'Postgres 42P10 before any privilege check; Error.hs pgErrorStatus default 400',
      then: notStored,
    },
    {
      name: 'POST with on_conflict but no resolution (on_conflict is ignored)',
      method: 'POST',
      query: '?on_conflict=email',
      body: (c: Context) => c.fresh,
      status: 201,
      code: null,
      source: 'Plan.hs mutatePlan: onConflict = (,) <$> preferResolution <*> Just confCols',
      then: async (_reply, c) => {
        expect(await storedCount(c.fresh.id)).toBe(1);
      },
    },
    {
      name: 'POST with merge-duplicates as service_role on a stored id',
      method: 'POST',
      as: 'service_role',
      query: '?on_conflict=id',
      headers: { prefer: 'resolution=merge-duplicates' },
      body: (c: Context) => ({ ...c.stored, name: 'Merged by staff' }),
      status: 200,
      code: null,
      source: 'Response.hs MutationCreate: 200 when merge-duplicates inserted nothing; UpsertSpec "UPDATEs rows on pk conflict"',
      then: async (reply, c) => {
        expect(reply.headers['preference-applied']).toBe('resolution=merge-duplicates');
        expect(await storedRow(c.stored.id)).toMatchObject({ ...c.stored, name: 'Merged by staff' });
      },
    },
    {
      name: 'POST with ignore-duplicates as service_role on a stored id',
      method: 'POST',
      as: 'service_role',
      headers: { prefer: 'resolution=ignore-duplicates' },
      body: (c: Context) => ({ ...c.stored, name: 'Ignored' }),
      status: 201,
      code: null,
      source: 'Response.hs MutationCreate: 201; UpsertSpec "succeeds if not a single resource is created"',
      then: async (reply, c) => {
        expect(await storedCount(c.stored.id)).toBe(1);
        await unchanged(reply, c);
      },
    },
    // Prefer: return
    {
      name: 'POST with return=representation as anon',
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: (c: Context) => c.fresh,
      status: 401,
      code: '42501',
      message: permissionDenied,
      source: 'SqlFragment.hs returningF (RETURNING needs SELECT); Error.hs 42501',
      then: notStored,
    },
    {
      name: 'POST with return=minimal',
      method: 'POST',
      headers: { prefer: 'return=minimal' },
      body: (c: Context) => c.fresh,
      status: 201,
      code: null,
      source: 'Response.hs MutationCreate: 201, no body',
      then: async (reply, c) => {
        expect(reply.body).toBe('');
        expect(await storedCount(c.fresh.id)).toBe(1);
      },
    },
    // Content types
    {
      name: 'POST as text/plain',
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: (c: Context) => c.fresh,
      status: 400,
      code: 'PGRST102',
      message: 'Content-Type not acceptable: text/plain',
      source: 'ApiRequest.hs getPayload (MTTextPlain on a table) → InvalidBody; supabase/supabase-js#691',
      then: notStored,
    },
    {
      name: 'POST as application/xml',
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<enquiry/>',
      status: 400,
      code: 'PGRST102',
      message: 'Content-Type not acceptable: application/xml',
      source: 'ApiRequest.hs getPayload; MediaType.hs decodeMediaType → MTOther, toMime prints it as sent',
    },
    {
      name: 'POST as application/json; charset=utf-8',
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: (c: Context) => c.fresh,
      status: 201,
      code: null,
      source: 'MediaType.hs decodeMediaType ignores parameters; CustomMediaSpec "regression test allowing charset=utf-8"',
      then: async (_reply, c) => {
        expect(await storedCount(c.fresh.id)).toBe(1);
      },
    },
    {
      name: 'POST as text/csv (header row, NULL for null)',
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: (c: Context) =>
        `id,name,email,message,company\n${c.fresh.id},Csv Sender,${c.fresh.email},"Hello, from CSV",NULL\n`,
      status: 201,
      code: null,
      source: 'ApiRequest.hs getPayload MTTextCSV + csvToJson ("NULL" → null); InsertSpec CSV inserts',
      then: async (_reply, c) => {
        expect(await storedRow(c.fresh.id)).toMatchObject({ name: 'Csv Sender', message: 'Hello, from CSV', company: null });
      },
    },
    {
      name: 'POST as text/csv with a short line',
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: (c: Context) => `id,name\n${c.fresh.id},A\n${randomUUID()}\n`,
      status: 400,
      code: 'PGRST102',
      message: 'All lines must have same number of fields',
      source: 'ApiRequest.hs getPayload MTTextCSV (payloadAttributes fails)',
      then: notStored,
    },
    {
      name: 'POST as application/x-www-form-urlencoded',
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: (c: Context) =>
        `id=${c.fresh.id}&name=Form+Sender&email=${encodeURIComponent(c.fresh.email)}&message=Hi%21+Call+me`,
      status: 201,
      code: null,
      source: 'ApiRequest.hs getPayload MTUrlEncoded (parseSimpleQuery, one object of strings)',
      then: async (_reply, c) => {
        expect(await storedRow(c.fresh.id)).toMatchObject({ name: 'Form Sender', message: 'Hi! Call me', email: c.fresh.email });
      },
    },
    {
      name: 'PATCH as anon with text/plain (the body is checked before the SQL)',
      method: 'PATCH',
      query: (c) => `?id=eq.${c.stored.id}`,
      headers: { 'content-type': 'text/plain' },
      body: 'name=x',
      status: 400,
      code: 'PGRST102',
      message: 'Content-Type not acceptable: text/plain',
      source: 'ApiRequest.hs userApiRequest: getPayload runs before the plan and the query',
      then: unchanged,
    },
    {
      name: 'PATCH with a column the table lacks',
      method: 'PATCH',
      as: 'service_role',
      query: (c) => `?id=eq.${c.stored.id}`,
      body: { budget: '10k' },
      status: 400,
      code: 'PGRST204',
      message: "Could not find the 'budget' column of 'contact_submissions' in the schema cache",
      source: 'Plan.hs resolveOrError → ColumnNotFound; Error.hs PGRST204, 400',
      then: unchanged,
    },
    // Methods, schemas, CORS
    {
      name: 'TRACE, a method PostgREST has no action for',
      method: 'TRACE',
      status: 405,
      code: 'PGRST117',
      message: 'Unsupported HTTP method: TRACE',
      source: 'ApiRequest.hs getAction → UnsupportedMethod; Error.hs PGRST117, 405',
    },
    {
      name: 'POST with a Content-Profile that is not exposed',
      method: 'POST',
      headers: { 'content-profile': 'private' },
      body: (c: Context) => c.fresh,
      status: 406,
      code: 'PGRST106',
      message: 'Invalid schema: private',
      hint: 'Only the following schemas are exposed: public',
      source: 'ApiRequest.hs getSchema; Error.hs UnacceptableSchema (v13 text)',
      then: notStored,
    },
    {
      name: 'CORS preflight for PATCH',
      method: 'OPTIONS',
      headers: { origin: 'https://example.com', 'access-control-request-method': 'PATCH' },
      status: 200,
      code: null,
      source: 'Cors.hs corsMethods = GET, POST, PATCH, PUT, DELETE, OPTIONS',
      then: async (reply) => {
        const methods = String(reply.headers['access-control-allow-methods']).split(', ');
        expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS']));
      },
    },
    {
      name: 'HEAD as service_role',
      method: 'HEAD',
      as: 'service_role',
      query: (c) => `?id=eq.${c.stored.id}`,
      status: 200,
      code: null,
      source: 'ApiRequest.hs getAction: HEAD reads like GET without a body',
      then: async (reply) => {
        expect(reply.body).toBe('');
        expect(reply.headers['content-range']).toBe('0-0/*');
      },
    },
    // The client address the database sees
    {
      name: "POST with a client's own cf-connecting-ip and x-real-ip",
      method: 'POST',
      headers: { 'cf-connecting-ip': '203.0.113.9', 'x-real-ip': '203.0.113.10' },
      body: (c: Context) => c.fresh,
      status: 201,
      code: null,
      source: 'Cloudflare overwrites CF-Connecting-IP with the connecting address (developers.cloudflare.com/fundamentals/reference/http-headers/)',
      then: async (_reply, c) => {
        expect(await storedRow(c.fresh.id)).toMatchObject({ client_address: c.address });
      },
    },
    {
      name: 'POST with a rotated x-forwarded-for',
      method: 'POST',
      headers: { 'x-forwarded-for': `198.51.100.${1 + Math.floor(Math.random() * 250)}, 192.0.2.1` },
      body: (c: Context) => c.fresh,
      status: 201,
      code: null,
      source: 'Cloudflare appends the client address to X-Forwarded-For; the trigger reads only cf-connecting-ip',
      then: async (_reply, c) => {
        expect(await storedRow(c.fresh.id)).toMatchObject({ client_address: c.address });
      },
    },
  ];

  const ignoreDuplicates = cases.find((row) => row.name.includes('ignore-duplicates as anon, repeating'))!;

  async function sendCase(row: Case, c: Context): Promise<HttpReply> {
    const base = row.as === 'service_role' ? serviceHeaders : anonHeaders;
    const query = typeof row.query === 'function' ? row.query(c) : (row.query ?? '');
    const value = typeof row.body === 'function' ? (row.body as (c: Context) => unknown)(c) : row.body;
    return httpRequest(`${backend.url}${tablePath}${query}`, {
      method: row.method,
      headers: { ...base, ...row.headers },
      ...(value === undefined ? {} : { body: typeof value === 'string' ? value : JSON.stringify(value) }),
      localAddress: c.address,
    });
  }

  it.each(cases)('$method: $name → $status $code ($source)', async (row) => {
    const stored = enquiry();
    const seeded = await httpRequest(`${backend.url}${tablePath}`, {
      method: 'POST',
      headers: anonHeaders,
      body: JSON.stringify(stored),
      localAddress: nextVisitorAddress(),
    });
    expect(seeded.status).toBe(201);
    const c: Context = {
      stored,
      fresh: enquiry(),
      address: nextVisitorAddress(),
      send: (other) => sendCase(other, { ...c, address: nextVisitorAddress() }),
    };

    const reply = await sendCase(row, c);
    expect({ status: reply.status, body: reply.body }).toMatchObject({ status: row.status });
    if (row.code === null) {
      if (reply.body !== '') expect(JSON.parse(reply.body)).not.toHaveProperty('code');
    } else {
      const body = JSON.parse(reply.body) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(body.code).toBe(row.code);
      if (row.message !== undefined) expect(body.message).toBe(row.message);
      if (row.details !== undefined) expect(body.details).toBe(row.details);
      if (row.hint !== undefined) expect(body.hint).toBe(row.hint);
    }
    await row.then?.(reply, c);
  });

  it('exposes the socket address to SQL as cf-connecting-ip and appends it to x-forwarded-for', () => {
    const req = {
      headers: {
        'x-forwarded-for': '198.51.100.1, 192.0.2.7',
        'cf-connecting-ip': '203.0.113.9',
        'x-real-ip': '203.0.113.10',
        cookie: 'session=secret',
        apikey: 'k',
      },
      socket: { remoteAddress: '::ffff:127.4.0.9' },
    } as unknown as IncomingMessage;
    expect(JSON.parse(requestHeadersJson(req))).toEqual({
      apikey: 'k',
      'cf-connecting-ip': '127.4.0.9',
      'x-forwarded-for': '198.51.100.1, 192.0.2.7, 127.4.0.9',
    });
    const plain = { headers: {}, socket: { remoteAddress: '127.4.0.10' } } as unknown as IncomingMessage;
    expect(JSON.parse(requestHeadersJson(plain))).toEqual({ 'cf-connecting-ip': '127.4.0.10', 'x-forwarded-for': '127.4.0.10' });
  });
});
