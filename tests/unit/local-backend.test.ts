import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSupabaseAnonKey, localSupabaseServiceRoleKey } from '../../src/config/local-supabase.ts';
import type { EnquiryRow } from '../../src/lib/enquiry.ts';
import { submitEnquiry } from '../../src/lib/submit-enquiry.ts';
import { startLocalBackend, type LocalBackend } from '../../scripts/local-backend.ts';
import { httpRequest, loopbackAddress, type HttpRequestOptions } from '../../scripts/lib/loopback-http.ts';

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
    const email = `busy.${randomUUID().slice(0, 8)}@example.com`;
    for (let i = 0; i < 5; i++) expect((await post(enquiry({ email }))).status).toBe(201);
    const reply = await post(enquiry({ email }));
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

  it('answers other paths and methods with 404', async () => {
    const other = await httpRequest(`${backend.url}/rest/v1/profiles`, { headers: anonHeaders });
    expect(other.status).toBe(404);
    expect(JSON.parse(other.body)).toMatchObject({ code: 'PGRST205' });
    expect((await httpRequest(`${backend.url}/auth/v1/user`, { headers: anonHeaders })).status).toBe(404);
    expect((await httpRequest(`${backend.url}${tablePath}`, { method: 'DELETE', headers: anonHeaders })).status).toBe(404);
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
