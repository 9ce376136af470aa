/**
 * Load check for the local backend: N concurrent contact form submissions against a fresh
 * in-memory backend on loopback, then proof that every one is stored exactly once.
 * Run `npm run bench:enquiries -- --help`.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { localSupabaseAnonKey } from '../src/config/local-supabase.ts';
import { localSupabaseServiceRoleKey } from './local-backend/local-api-keys.ts';
import type { EnquiryRow } from '../src/enquiry/enquiry.ts';
import { httpRequest, loopbackAddress } from './shared/loopback-http.ts';
import { startLocalBackend } from './local-backend.ts';

const maxN = 20_000;

const usage = `Usage: npm run bench:enquiries -- [--n N]

Starts an in-memory local backend on a random loopback port, sends N concurrent enquiries
(default 1000, at most ${maxN}), each with its own email and its own 127.x.y.z source address
so the rate limits do not apply, then reports req/s and latency and checks that every
enquiry is stored exactly once. Exits non-zero if any is missing, duplicated or refused.`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function main(): Promise<boolean> {
  const { values } = parseArgs({ options: { n: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(usage);
    return true;
  }
  const n = values.n === undefined ? 1000 : Number(values.n);
  if (!Number.isInteger(n) || n < 1 || n > maxN) throw new Error(`--n must be a whole number from 1 to ${maxN}.`);

  const backend = await startLocalBackend({ port: 0, dataDir: 'memory://' });
  try {
    const endpoint = `${backend.url}/rest/v1/contact_submissions`;
    const rows: EnquiryRow[] = Array.from({ length: n }, (_, i) => ({
      id: randomUUID(),
      name: `Bench Visitor ${i}`,
      email: `bench.${i}@example.com`,
      company: null,
      phone: null,
      service: 'Other',
      message: 'Load test enquiry.',
      office: null,
      visitor_time_zone: null,
    }));

    const started = performance.now();
    const results = await Promise.all(
      rows.map(async (row, i) => {
        const sent = performance.now();
        const reply = await httpRequest(endpoint, {
          method: 'POST',
          headers: { apikey: localSupabaseAnonKey, authorization: `Bearer ${localSupabaseAnonKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(row),
          localAddress: loopbackAddress(i),
        });
        return { status: reply.status, ms: performance.now() - sent };
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
    const created = results.filter((r) => r.status === 201).length;
    console.log(`${n} concurrent submissions in ${seconds.toFixed(2)} s: ${(n / seconds).toFixed(0)} req/s`);
    console.log(`latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms`);
    console.log(`201 Created: ${created} of ${n}`);

    const list = await httpRequest(`${endpoint}?select=id`, { headers: { apikey: localSupabaseServiceRoleKey } });
    const storedIds = (JSON.parse(list.body) as Array<{ id: string }>).map((r) => r.id);
    const distinct = new Set(storedIds);
    const missing = rows.filter((row) => !distinct.has(row.id)).length;
    console.log(`stored rows: ${storedIds.length}, distinct ids: ${distinct.size}, missing: ${missing}`);

    const exactlyOnce = created === n && storedIds.length === n && distinct.size === n && missing === 0;
    console.log(exactlyOnce ? 'every enquiry stored exactly once' : 'FAILED: not every enquiry was stored exactly once');
    return exactlyOnce;
  } finally {
    await backend.close();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(`bench-enquiries: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
