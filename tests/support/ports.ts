/**
 * Ports for the tools a test starts (astro dev, wrangler, decap-server), from the block of ports the test runner's
 * worker owns: Vitest numbers its workers (VITEST_POOL_ID, 1…), Playwright its parallel workers (TEST_PARALLEL_INDEX,
 * 0…), so workers started at once never ask for the same port and need no lock. The blocks sit below Linux's
 * ephemeral range (32768…), where the system hands out ports for port 0 and outgoing connections.
 */
import { createServer } from 'node:net';

export const PORTS_PER_WORKER = 20;
const VITEST_FIRST = 20_000;
const PLAYWRIGHT_FIRST = 26_000;

/** The first port of this worker's block: Vitest's and Playwright's blocks apart, so both may run at once. */
export function workerBlock(env: NodeJS.ProcessEnv = process.env): number {
  if (env.VITEST_POOL_ID) return VITEST_FIRST + (Number(env.VITEST_POOL_ID) - 1) * PORTS_PER_WORKER;
  if (env.TEST_PARALLEL_INDEX) return PLAYWRIGHT_FIRST + Number(env.TEST_PARALLEL_INDEX) * PORTS_PER_WORKER;
  throw new Error('workerPort() is for tests: no VITEST_POOL_ID or TEST_PARALLEL_INDEX in the environment.');
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

let next = 0;

/**
 * The next port of this worker's block that nothing listens on (a tool left by a crashed test may still hold one).
 * Each call moves on, so a test that takes two ports before starting either gets two different ones.
 */
export async function workerPort(): Promise<number> {
  const first = workerBlock();
  for (let tries = 0; tries < PORTS_PER_WORKER; tries++) {
    const port = first + (next++ % PORTS_PER_WORKER);
    if (await isFree(port)) return port;
  }
  throw new Error(`Every port of this worker's block ${first}–${first + PORTS_PER_WORKER - 1} is taken.`);
}
