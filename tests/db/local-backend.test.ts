import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSupabaseAnonKey } from '../../src/config/local-supabase.ts';
import { localSupabaseServiceRoleKey } from '../../scripts/local-backend/local-api-keys.ts';
import type { EnquiryRow } from '../../src/enquiry/enquiry.ts';
import { submitEnquiry } from '../../src/enquiry/submit-enquiry.ts';
import { startLocalBackend, type LocalBackend } from '../../scripts/local-backend.ts';
import { httpRequest, loopbackAddress, type HttpReply, type HttpRequestOptions } from '../support/loopback-http.ts';
import { listeningPort } from '../../scripts/shared/ports.ts';
import { requestHeadersJson } from '../../scripts/local-backend/rest-api.ts';

const tablePath = '/rest/v1/contact_submissions';

let visitor = 0;
/** Each request comes from its own loopback address, like distinct visitors. */
const nextVisitorAddress = () => loopbackAddress(visitor++);

function enquiry(overrides: Partial<EnquiryRow> = {}): EnquiryRow {
  const email = `asha.${randomUUID().slice(0, 8)}@example.com`;
  return { id: randomUUID(), name: 'Asha Rao', email, company: null, phone: null, service: 'IT Consulting', message: 'Call me.', ...overrides };
}

/** What supabase-js 2 sends for `from('contact_submissions').insert(row)` (NOTES.md): no Prefer header. */
const anonHeaders = {
  apikey: localSupabaseAnonKey,
  authorization: `Bearer ${localSupabaseAnonKey}`,
  'content-type': 'application/json',
  'content-profile': 'public',
  'x-client-info': 'supabase-js-node/2',
};
const serviceHeaders = { apikey: localSupabaseServiceRoleKey, authorization: `Bearer ${localSupabaseServiceRoleKey}`, 'accept-profile': 'public' };

describe('the local backend as PostgREST', () => {
  let backend: LocalBackend;
  beforeAll(async () => {
    backend = await startLocalBackend({ port: 0, dataDir: 'memory://' });
  });
  afterAll(async () => {
    await backend?.close();
  });

  function post(body: unknown, options: HttpRequestOptions = {}) {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const localAddress = nextVisitorAddress();
    return httpRequest(`${backend.url}${tablePath}`, { method: 'POST', headers: anonHeaders, body: text, localAddress, ...options });
  }

  async function stored(id: string): Promise<Array<Record<string, unknown>>> {
    const reply = await httpRequest(`${backend.url}${tablePath}?select=*&id=eq.${id}`, { headers: serviceHeaders });
    expect(reply.status).toBe(200);
    return JSON.parse(reply.body) as Array<Record<string, unknown>>;
  }

  interface Context {
    /** A row stored as anon before the request. */
    stored: EnquiryRow;
    /** A row not stored yet. */
    fresh: EnquiryRow;
    /** The loopback address the request comes from. */
    address: string;
  }

  interface Case {
    name: string;
    method: string;
    /** Path and query string after /rest/v1; the enquiry table if absent. */
    path?: string | ((c: Context) => string);
    as?: 'anon' | 'service_role';
    headers?: Record<string, string>;
    /** A string is sent as it is; anything else as JSON. */
    body?: (c: Context) => unknown;
    status: number;
    /** PostgREST/Postgres error code, or null for a successful answer. */
    code: string | null;
    message?: string;
    /** The PostgREST (or Supabase) documentation the expectation follows. */
    source: string;
    then?: (reply: HttpReply, c: Context) => Promise<void>;
  }

  const notStored = async (_reply: HttpReply, c: Context) => expect(await stored(c.fresh.id)).toEqual([]);
  const unchanged = async (_reply: HttpReply, c: Context) => expect(await stored(c.stored.id)).toMatchObject([{ ...c.stored }]);
  const unsupported = (what: string) => `The local Supabase stand-in does not support ${what}`;
  const fresh = (c: Context) => c.fresh;

  /**
   * The parity table: every request this project makes (the form's insert through supabase-js, the staff reads of
   * `npm run enquiries` and the tests) and the errors those meet, answered as PostgREST documents it
   * (docs.postgrest.org, references/errors, references/api/tables_views, preferences, schemas, cors).
   * The stand-in serves no other kind of request: any other gets PostgREST's error code for that kind of request
   * (PGRST117 method, PGRST100 query parameter, PGRST122 Prefer, PGRST102 body) with a message saying so;
   * the last rows check a few of those. Known differences from PostgREST: no Content-Range header on reads
   * (supabase-js reads it only for counts), a 64 KB body limit of its own, and arguments that fit no function of
   * that name answered as Postgres's 42883 (404) rather than PGRST202.
   */
  const cases: Case[] = [
    // The contact form's insert
    {
      name: "the form's insert (no Prefer header)",
      method: 'POST',
      body: fresh,
      status: 201,
      code: null,
      source: 'tables_views "Insert": 201 Created; preferences "return=minimal" is the default, so no body',
      then: async (reply, c) => {
        expect(reply.body).toBe('');
        expect(await stored(c.fresh.id)).toHaveLength(1);
      },
    },
    {
      name: 'the insert with Prefer: return=minimal',
      method: 'POST',
      headers: { prefer: 'return=minimal' },
      body: fresh,
      status: 201,
      code: null,
      source: 'preferences "Return Representation": minimal',
    },
    {
      name: 'an id already stored',
      method: 'POST',
      body: (c) => c.stored,
      status: 409,
      code: '23505',
      message: 'duplicate key value violates unique constraint "contact_submissions_pkey"',
      source: 'errors "HTTP Status Codes": 23505 → 409',
    },
    {
      name: 'an email the CHECK refuses',
      method: 'POST',
      body: (c) => ({ ...c.fresh, email: 'nope' }),
      status: 400,
      code: '23514',
      source: 'errors: other SQL errors → 400',
      then: notStored,
    },
    {
      name: 'a row without its name',
      method: 'POST',
      body: (c) => ({ ...c.fresh, name: undefined }),
      status: 400,
      code: '23502',
      source: 'errors "Errors from PostgreSQL" (its 23502 example) → 400',
    },
    { name: 'an empty object', method: 'POST', body: () => ({}), status: 400, code: '23502', source: 'errors: 23502 → 400' },
    {
      name: 'created_at, which anon may not write',
      method: 'POST',
      body: (c) => ({ ...c.fresh, created_at: '2020-01-01T00:00:00Z' }),
      status: 401,
      code: '42501',
      source: 'errors: 42501 → 401 when anonymous, 403 when authenticated',
      then: notStored,
    },
    {
      name: 'invalid JSON',
      method: 'POST',
      body: () => '{"name": ',
      status: 400,
      code: 'PGRST102',
      message: 'Empty or invalid json',
      source: 'errors: PGRST102 invalid body, 400',
    },
    {
      name: 'a column the table lacks',
      method: 'POST',
      body: (c) => ({ ...c.fresh, budget: '10k' }),
      status: 400,
      code: 'PGRST204',
      message: "Could not find the 'budget' column of 'contact_submissions' in the schema cache",
      source: 'errors: PGRST204 column not found, 400',
      then: notStored,
    },
    {
      name: 'a Content-Profile that is not exposed',
      method: 'POST',
      headers: { 'content-profile': 'private' },
      body: fresh,
      status: 406,
      code: 'PGRST106',
      message: 'Invalid schema: private',
      source: 'schemas "Switching schemas"; errors: PGRST106, 406',
      then: notStored,
    },
    {
      name: 'no apikey',
      method: 'POST',
      headers: { apikey: '' },
      body: fresh,
      status: 401,
      code: null,
      message: 'No API key found in request',
      source: "Supabase's API gateway",
    },
    {
      name: 'an apikey that is no demo key',
      method: 'POST',
      headers: { apikey: 'x' },
      body: fresh,
      status: 401,
      code: null,
      message: 'Invalid API key',
      source: "Supabase's API gateway",
    },
    {
      name: 'a bearer token that is no demo key',
      method: 'POST',
      headers: { authorization: 'Bearer x' },
      body: fresh,
      status: 401,
      code: 'PGRST301',
      source: 'errors: PGRST301 invalid JWT, 401',
    },
    {
      name: "a client's own cf-connecting-ip and x-real-ip",
      method: 'POST',
      headers: { 'cf-connecting-ip': '203.0.113.9', 'x-real-ip': '203.0.113.10' },
      body: fresh,
      status: 201,
      code: null,
      source: 'Cloudflare (in front of Supabase) sets CF-Connecting-IP to the connecting address',
      then: async (_reply, c) => expect(await stored(c.fresh.id)).toMatchObject([{ client_address: c.address }]),
    },
    {
      name: 'a body over 64 KB',
      method: 'POST',
      body: (c) => ({ ...c.fresh, message: 'm'.repeat(70 * 1024) }),
      status: 413,
      code: null,
      source: "the stand-in's own limit (hosted Supabase's gateway has its own)",
      then: notStored,
    },
    // Staff reads (npm run enquiries through supabase-js, the tests)
    {
      name: 'a read with select, eq filter, order and range, as supabase-js sends them',
      method: 'GET',
      as: 'service_role',
      path: (c) => `/contact_submissions?select=id,name&id=eq.${c.stored.id}&order=created_at.desc,id.asc&offset=0&limit=2`,
      status: 200,
      code: null,
      source: 'tables_views "Vertical Filtering", "Horizontal Filtering" (eq), "Ordering", "Limits and Pagination"',
      then: async (reply, c) => expect(JSON.parse(reply.body)).toEqual([{ id: c.stored.id, name: c.stored.name }]),
    },
    {
      name: 'a read as anon',
      method: 'GET',
      path: '/contact_submissions?select=*',
      status: 401,
      code: '42501',
      source: 'errors: 42501 → 401 when anonymous',
    },
    {
      name: "the outbox's row for an enquiry",
      method: 'GET',
      as: 'service_role',
      path: (c) => `/enquiry_notifications?enquiry_id=eq.${c.stored.id}&select=status,attempts`,
      status: 200,
      code: null,
      source: 'tables_views "Horizontal Filtering", "Vertical Filtering"',
      then: async (reply) => expect(JSON.parse(reply.body)).toEqual([{ status: 'pending', attempts: 0 }]),
    },
    {
      name: "the company's closures, for the report's working clocks",
      method: 'GET',
      as: 'service_role',
      path: '/office_closures?select=day,office,reason&order=day.asc',
      status: 200,
      code: null,
      source: 'tables_views "Vertical Filtering", "Ordering"',
      then: async (reply) => expect(JSON.parse(reply.body)).toEqual([]),
    },
    {
      name: "the company's closures as anon",
      method: 'GET',
      path: '/office_closures?select=*',
      status: 401,
      code: '42501',
      source: 'errors: 42501 → 401 when anonymous',
    },
    {
      name: 'a filter on a column the table lacks',
      method: 'GET',
      as: 'service_role',
      path: '/contact_submissions?budget=eq.1',
      status: 400,
      code: '42703',
      source: 'errors: other SQL errors → 400',
    },
    {
      name: 'a table the database lacks',
      method: 'GET',
      as: 'service_role',
      path: '/profiles',
      status: 404,
      code: 'PGRST205',
      source: 'errors: PGRST205 table not found, 404',
    },
    {
      name: 'a function the database lacks',
      method: 'POST',
      as: 'service_role',
      path: '/rpc/delete_enquiry',
      body: () => ({ enquiry: 'x' }),
      status: 404,
      code: 'PGRST202',
      source: 'errors: PGRST202 function not found, 404',
    },
    {
      name: "the browser's CORS preflight for the form's insert",
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:4321', 'access-control-request-method': 'POST' },
      status: 200,
      code: null,
      source: "cors: Access-Control-Max-Age 86400 (the stand-in names the dev site's origin, where PostgREST allows any)",
      then: async (reply) => {
        expect(reply.headers['access-control-allow-origin']).toBe('http://localhost:4321');
        expect(String(reply.headers['access-control-allow-headers']).split(', ')).toEqual(
          expect.arrayContaining(['apikey', 'authorization', 'content-type', 'content-profile', 'x-client-info', 'prefer']),
        );
      },
    },
    // Refused: PostgREST would serve these; the stand-in answers PostgREST's error for the kind of request.
    {
      name: 'PATCH',
      method: 'PATCH',
      as: 'service_role',
      path: (c) => `/contact_submissions?id=eq.${c.stored.id}`,
      body: () => ({ name: 'Changed' }),
      status: 405,
      code: 'PGRST117',
      message: unsupported('PATCH on /rest/v1/contact_submissions'),
      source: 'errors: PGRST117 unsupported method, 405',
      then: unchanged,
    },
    {
      name: 'a CSV body',
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: () => 'id\n1',
      status: 400,
      code: 'PGRST102',
      source: 'errors: PGRST102',
      then: notStored,
    },
    {
      name: 'Prefer: return=representation',
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: fresh,
      status: 400,
      code: 'PGRST122',
      source: 'errors: PGRST122',
    },
    {
      name: 'a neq filter',
      method: 'GET',
      as: 'service_role',
      path: '/contact_submissions?id=neq.1',
      status: 400,
      code: 'PGRST100',
      source: 'errors: PGRST100',
    },
  ];

  it.each(cases)('$method: $name → $status $code ($source)', async (row) => {
    const c: Context = { stored: enquiry(), fresh: enquiry(), address: nextVisitorAddress() };
    expect((await post(c.stored)).status).toBe(201);
    const path = typeof row.path === 'function' ? row.path(c) : (row.path ?? '/contact_submissions');
    const body = row.body?.(c);
    const reply = await httpRequest(`${backend.url}/rest/v1${path}`, {
      method: row.method,
      headers: { ...(row.as === 'service_role' ? serviceHeaders : anonHeaders), ...row.headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      localAddress: c.address,
    });
    expect({ status: reply.status, body: reply.body }).toMatchObject({ status: row.status });
    if (reply.status >= 400) {
      const error = JSON.parse(reply.body) as Record<string, unknown>;
      expect(Object.keys(error).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(error.code).toBe(row.code);
      if (row.message !== undefined) expect(error.message).toBe(row.message);
    }
    await row.then?.(reply, c);
  });

  it('answers the sixth enquiry from one email address, and the 21st from one client address, with 400 P0001', async () => {
    // The limits live in supabase/migrations/*_enquiry_abuse_limits.sql; the stand-in passes the socket address.
    const email = `busy.${randomUUID().slice(0, 8)}@example.com`;
    const sameSender = nextVisitorAddress();
    for (let i = 0; i < 5; i++) expect((await post(enquiry({ email }), { localAddress: sameSender })).status).toBe(201);
    const byEmail = await post(enquiry({ email }), { localAddress: sameSender });
    expect([byEmail.status, JSON.parse(byEmail.body).code]).toEqual([400, 'P0001']);

    const localAddress = nextVisitorAddress();
    for (let i = 0; i < 20; i++) {
      // A forged x-forwarded-for changes nothing: only the socket address counts.
      expect((await post(enquiry(), { localAddress, headers: { ...anonHeaders, 'x-forwarded-for': `203.0.113.${i}` } })).status).toBe(201);
    }
    const byAddress = await post(enquiry(), { localAddress });
    expect(JSON.parse(byAddress.body)).toMatchObject({ code: 'P0001', message: 'Too many enquiries from this address, please try again later' });
  });

  it('stores 50 concurrent enquiries exactly once each', async () => {
    const rows = Array.from({ length: 50 }, () => enquiry());
    expect((await Promise.all(rows.map((row) => post(row)))).map((reply) => reply.status)).toEqual(Array(50).fill(201));
    for (const row of rows) expect(await stored(row.id)).toHaveLength(1);
  });

  it('accepts the insert from the real supabase-js client and through submitEnquiry', async () => {
    const supabase = createClient(backend.url, localSupabaseAnonKey);
    const row = enquiry();
    expect(await supabase.from('contact_submissions').insert(row)).toMatchObject({ error: null, status: 201 });
    const again = await supabase.from('contact_submissions').insert(row);
    expect([again.status, again.error?.code]).toEqual([409, '23505']);
    await expect(submitEnquiry(supabase, enquiry())).resolves.toEqual({ ok: true, attempts: 1 });
  });

  it('exposes the socket address to SQL as cf-connecting-ip and appends it to x-forwarded-for', () => {
    const headers = { 'x-forwarded-for': '198.51.100.1', 'cf-connecting-ip': '203.0.113.9', 'x-real-ip': '203.0.113.10', cookie: 'a=b', apikey: 'k' };
    const req = { headers, socket: { remoteAddress: '::ffff:127.4.0.9' } } as unknown as IncomingMessage;
    const seen = { apikey: 'k', 'cf-connecting-ip': '127.4.0.9', 'x-forwarded-for': '198.51.100.1, 127.4.0.9' };
    expect(JSON.parse(requestHeadersJson(req))).toEqual(seen);
  });
});

describe('the local backend for the browser tests (--address-per-connection)', () => {
  let backend: LocalBackend;
  beforeAll(async () => {
    backend = await startLocalBackend({ port: 0, dataDir: 'memory://', addressPerConnection: true });
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('counts each connection as a visitor of its own, so 25 enquiries from one machine are all stored', async () => {
    const localAddress = nextVisitorAddress();
    const rows = Array.from({ length: 25 }, () => enquiry());
    // One connection each (httpRequest uses no keep-alive agent), as each browser test opens its own.
    for (const row of rows) {
      const reply = await httpRequest(`${backend.url}${tablePath}`, { method: 'POST', headers: anonHeaders, body: JSON.stringify(row), localAddress });
      expect(reply.status).toBe(201);
    }
    const read = await httpRequest(`${backend.url}${tablePath}?select=client_address`, { headers: serviceHeaders });
    const addresses = (JSON.parse(read.body) as Array<{ client_address: string }>).map((row) => row.client_address);
    expect(addresses).toHaveLength(25);
    for (const address of addresses) expect(address).toMatch(/^198\.18\.\d{1,3}\.\d{1,3}$/);
    expect(new Set(addresses).size).toBe(25);
  });
});

describe('the local backend on disk', () => {
  describe('restarted on its data folder', () => {
    const row = enquiry();
    let dataDir: string;
    let restarted: LocalBackend | undefined;

    // The first start on a new data folder, one enquiry, and the restart the test is about (a start that re-applied a
    // migration would fail here): each opens a PGlite cluster on disk, seconds on a loaded 2-core machine, so all of
    // it is set-up under the hook's limit, which only catches a hang.
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'local-backend-'));
      const first = await startLocalBackend({ port: 0, dataDir });
      try {
        const sent = await httpRequest(`${first.url}${tablePath}`, { method: 'POST', headers: anonHeaders, body: JSON.stringify(row) });
        expect(sent.status).toBe(201);
      } finally {
        await first.close();
      }
      restarted = await startLocalBackend({ port: 0, dataDir });
    });
    afterAll(async () => {
      await restarted?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('keeps enquiries across restarts without re-applying migrations', async () => {
      const list = await httpRequest(`${restarted!.url}${tablePath}?select=id`, { headers: serviceHeaders });
      expect(JSON.parse(list.body)).toEqual([{ id: row.id }]);
    });
  });

  it('says clearly when the port is taken, before opening any database', async () => {
    // Whatever holds the port (another stand-in, `supabase start`): the stand-in claims it before its database.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = listeningPort(holder);
    const dataDir = join(tmpdir(), `local-backend-never-${randomUUID()}`);
    try {
      await expect(startLocalBackend({ port, dataDir })).rejects.toThrow(`Port ${port} on 127.0.0.1 is already in use`);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});

/**
 * A web page open while the stand-in runs (npm run dev, the e2e tests) must not read the local enquiries: through its
 * own origin (CORS), through a DNS name rebound to 127.0.0.1 (a foreign Host), or with the public demo service key.
 * The dev site's form and the tools keep working.
 */
describe('the local backend refuses other web pages', () => {
  const sitePort = 4999;
  const site = `http://localhost:${sitePort}`;
  let backend: LocalBackend;
  let port: number;
  beforeAll(async () => {
    backend = await startLocalBackend({ port: 0, dataDir: 'memory://', siteOrigins: [site, `http://127.0.0.1:${sitePort}`] });
    port = Number(new URL(backend.url).port);
  });
  afterAll(async () => {
    await backend?.close();
  });

  const read = (headers: Record<string, string>) =>
    httpRequest(`${backend.url}${tablePath}?select=*`, { headers: { ...serviceHeaders, ...headers }, localAddress: nextVisitorAddress() });
  const insert = (headers: Record<string, string>) =>
    httpRequest(`${backend.url}${tablePath}`, {
      method: 'POST',
      headers: { ...anonHeaders, ...headers },
      body: JSON.stringify(enquiry()),
      localAddress: nextVisitorAddress(),
    });
  /** Refused with `words`; a foreign page does not even get to read why (no CORS header). */
  const refused = (reply: HttpReply, words: string, { siteMayRead = false } = {}) => {
    expect(reply.status).toBe(403);
    expect(reply.body).not.toContain('"id"');
    if (!siteMayRead) expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    expect((JSON.parse(reply.body) as { message: string }).message).toContain(words);
  };

  const foreignOrigins = ['https://evil.example', 'http://localhost:1', `http://localhost:${sitePort}.evil.example`, 'null', `https://localhost:${sitePort}`];
  it.each(foreignOrigins)('refuses the service key, the form insert and the preflight from Origin %s', async (origin) => {
    refused(await read({ origin }), 'accepts requests only from the dev site');
    refused(await insert({ origin }), 'accepts requests only from the dev site');
    const preflight = await httpRequest(`${backend.url}${tablePath}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'apikey, authorization' },
    });
    refused(preflight, 'accepts requests only from the dev site');
  });

  const foreignHosts = ['rebind.evil.example', 'rebind.evil.example:PORT', 'localhost.evil.example:PORT', '127.0.0.1:1', '10.0.0.5:PORT', 'localhost'];
  it.each(foreignHosts)('refuses a request addressed to Host "%s" (DNS rebinding)', async (hostPattern) => {
    const host = hostPattern.replace('PORT', String(port));
    refused(await read({ host }), 'answers only at http://127.0.0.1:');
    refused(await insert({ host, origin: site }), 'answers only at http://127.0.0.1:');
  });

  it.each([site, `http://127.0.0.1:${sitePort}`])("refuses the service key from the dev site's own page %s", async (origin) => {
    refused(await read({ origin }), 'service_role key is for server-side tools', { siteMayRead: true });
    refused(await read({ origin, apikey: localSupabaseAnonKey }), 'service_role key is for server-side tools', { siteMayRead: true });
  });

  it("answers the dev site's form, its preflight and the tools at 127.0.0.1, localhost and [::1]", async () => {
    for (const origin of [site, `http://127.0.0.1:${sitePort}`]) {
      const preflight = await httpRequest(`${backend.url}${tablePath}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
      expect([preflight.status, preflight.headers['access-control-allow-origin'], preflight.headers.vary]).toEqual([200, origin, 'Origin']);
      const stored = await insert({ origin });
      expect([stored.status, stored.headers['access-control-allow-origin']]).toEqual([201, origin]);
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      const rows = await read({ host });
      expect(rows.status).toBe(200);
      expect(JSON.parse(rows.body)).toHaveLength(2);
    }
  });
});
