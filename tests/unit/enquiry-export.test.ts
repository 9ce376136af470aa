import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { localSupabaseAnonKey, localSupabaseServiceRoleKey } from '../../src/config/local-supabase.ts';
import { toCsv, toJson, toTable, type StoredEnquiry } from '../../scripts/lib/enquiry-export-format.ts';
import { readViaApi } from '../../scripts/lib/enquiry-sources.ts';
import { httpRequest, loopbackAddress } from '../../scripts/lib/loopback-http.ts';
import { startLocalBackend } from '../../scripts/local-backend.ts';

const tricky: StoredEnquiry = {
  id: '11111111-1111-4111-8111-111111111111',
  created_at: '2026-11-21T10:05:09.123+00:00',
  name: '=HYPERLINK("http://evil.example")',
  email: 'a@b.co',
  company: 'Acme, "Big" Ltd',
  phone: '+91 120 555 0142',
  service: 'Other',
  message: 'line one\r\nline two',
  client_address: '127.0.0.1',
};

const plain: StoredEnquiry = {
  id: '22222222-2222-4222-8222-222222222222',
  created_at: '2026-11-21T09:00:00+00:00',
  name: 'Ravi',
  email: 'ravi@example.com',
  company: null,
  phone: null,
  service: null,
  message: 'Hi',
  client_address: null,
};

describe('the staff export formats', () => {
  it('quotes CSV fields with commas, quotes and line breaks, and leaves nulls empty', () => {
    expect(toCsv([tricky, plain])).toBe(
      'id,created_at,name,email,company,phone,service,message,client_address\r\n' +
        `${tricky.id},${tricky.created_at},"'=HYPERLINK(""http://evil.example"")",a@b.co,"Acme, ""Big"" Ltd",+91 120 555 0142,Other,"line one\r\nline two",127.0.0.1\r\n` +
        `${plain.id},${plain.created_at},Ravi,ravi@example.com,,,,Hi,\r\n`,
    );
  });

  it('defuses formula-like text in free-text CSV fields but keeps phone numbers as typed', () => {
    const csv = toCsv([{ ...plain, message: '@SUM(1+1)', company: '-2+3', phone: '+44 20 7946 0000' }]);
    expect(csv).toContain(",'-2+3,+44 20 7946 0000,,'@SUM(1+1),");
  });

  it('prints an aligned table, one line per enquiry, with multi-line messages flattened', () => {
    const lines = toTable([tricky, plain]).trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^Received \(UTC\)\s+Name\s+Email\s+Company\s+Phone\s+Service\s+Message$/);
    expect(lines[2]).toContain('2026-11-21 10:05');
    expect(lines[2]).toContain('line one line two');
    const emailColumn = lines[0]!.indexOf('Email');
    expect(lines[2]!.indexOf('a@b.co')).toBe(emailColumn);
    expect(lines[3]!.indexOf('ravi@example.com')).toBe(emailColumn);
  });

  it('prints JSON with every column', () => {
    expect(JSON.parse(toJson([tricky]))).toEqual([tricky]);
  });
});

describe('reading enquiries through the REST API', () => {
  it('pages through all rows, newest first', async () => {
    const backend = await startLocalBackend({ port: 0, dataDir: 'memory://' });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const id = randomUUID();
        ids.push(id);
        const body = JSON.stringify({ id, name: 'N', email: `n${i}.${id.slice(0, 6)}@example.com`, message: 'M' });
        const reply = await httpRequest(`${backend.url}/rest/v1/contact_submissions`, {
          method: 'POST',
          headers: { apikey: localSupabaseAnonKey, 'content-type': 'application/json' },
          body,
          localAddress: loopbackAddress(i),
        });
        expect(reply.status).toBe(201);
      }
      const rows = await readViaApi(backend.url, localSupabaseServiceRoleKey, 2);
      expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
      const times = rows.map((row) => Date.parse(row.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    } finally {
      await backend.close();
    }
  });

  it('fails with a clear message when the key may not read', async () => {
    const backend = await startLocalBackend({ port: 0, dataDir: 'memory://' });
    try {
      await expect(readViaApi(backend.url, localSupabaseAnonKey)).rejects.toThrow(/failed: 401 42501 permission denied/);
    } finally {
      await backend.close();
    }
  });
});
