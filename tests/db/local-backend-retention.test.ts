/** The local backend keeps the privacy policy's promise without pg_cron: it clears expired client addresses when it starts. */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressRetentionDays } from '../../src/config/enquiry.ts';
import { localSupabaseAnonKey } from '../../src/config/local-supabase.ts';
import { localSupabaseServiceRoleKey } from '../../scripts/local-backend/local-api-keys.ts';
import { startLocalBackend, type LocalBackend } from '../../scripts/local-backend.ts';
import { httpRequest } from '../support/loopback-http.ts';

const dataDirs: string[] = [];
afterAll(async () => {
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

async function addresses(url: string): Promise<Record<string, string | null>> {
  const reply = await httpRequest(`${url}/rest/v1/contact_submissions?select=id,client_address`, {
    headers: { apikey: localSupabaseServiceRoleKey, authorization: `Bearer ${localSupabaseServiceRoleKey}` },
  });
  return Object.fromEntries((JSON.parse(reply.body) as Array<{ id: string; client_address: string | null }>).map((row) => [row.id, row.client_address]));
}

describe('the local backend at start', () => {
  const [old, recent] = [randomUUID(), randomUUID()];
  let dataDir: string;
  let restarted: LocalBackend | undefined;

  // The stand-in's first start on a new data folder, two enquiries, a month passing for one of them, and the restart
  // the test is about: each start opens a PGlite cluster on disk (first start 3 s quiet, 15 s on a loaded 2-core
  // machine; a restart 0.3 s quiet, 2.6 s loaded, and over 30 s on a slower one), so all of it is set-up under the
  // hook's limit, which only catches a hang, and the test's verdict is what the restarted stand-in holds.
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'local-backend-retention-'));
    dataDirs.push(dataDir);
    const first = await startLocalBackend({ port: 0, dataDir });
    try {
      for (const id of [old, recent]) {
        const reply = await httpRequest(`${first.url}/rest/v1/contact_submissions`, {
          method: 'POST',
          headers: { apikey: localSupabaseAnonKey, authorization: `Bearer ${localSupabaseAnonKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ id, name: 'Asha Rao', email: `asha.${id.slice(0, 8)}@example.com`, message: 'Please call me back.' }),
        });
        expect(reply.status).toBe(201);
      }
      expect(await addresses(first.url)).toEqual({ [old]: '127.0.0.1', [recent]: '127.0.0.1' });
    } finally {
      await first.close();
    }

    // Time passes: the first enquiry is now past the retention period.
    const db = await PGlite.create(dataDir);
    await db.query(`update public.contact_submissions set created_at = now() - make_interval(days => $2) - interval '1 hour' where id = $1`, [
      old,
      clientAddressRetentionDays,
    ]);
    await db.close();

    restarted = await startLocalBackend({ port: 0, dataDir });
  });
  afterAll(async () => {
    await restarted?.close();
  });

  it(`clears client addresses older than ${clientAddressRetentionDays} days and keeps newer ones`, async () => {
    expect(await addresses(restarted!.url)).toEqual({ [old]: null, [recent]: '127.0.0.1' });
  });
});
