/**
 * A tool a test starts (astro dev, wrangler, decap-server) is told a port from the block its test runner's worker
 * owns: Vitest numbers its workers (VITEST_POOL_ID, 1…), Playwright its parallel workers (TEST_PARALLEL_INDEX, 0…), so
 * workers started at once never ask for the same port and need no lock. The blocks sit below Linux's ephemeral range
 * (32768…), where the system hands out ports for port 0 and outgoing connections.
 */
import getPort, { portNumbers } from 'get-port';

export const PORTS_PER_WORKER = 20;
const VITEST_FIRST = 20_000;
const PLAYWRIGHT_FIRST = 26_000;

/** The first port of this worker's block: Vitest's and Playwright's blocks apart, so both may run at once. */
export function workerBlock(env: NodeJS.ProcessEnv = process.env): number {
  if (env.VITEST_POOL_ID) return VITEST_FIRST + (Number(env.VITEST_POOL_ID) - 1) * PORTS_PER_WORKER;
  if (env.TEST_PARALLEL_INDEX) return PLAYWRIGHT_FIRST + Number(env.TEST_PARALLEL_INDEX) * PORTS_PER_WORKER;
  throw new Error('workerPort() is for tests: no VITEST_POOL_ID or TEST_PARALLEL_INDEX in the environment.');
}

/**
 * A port of this worker's block that nothing listens on (a tool left by a crashed test may still hold one). get-port
 * holds back each port it hands out for a while, so a test that takes two ports before starting either gets two.
 */
export async function workerPort(): Promise<number> {
  const first = workerBlock();
  const last = first + PORTS_PER_WORKER - 1;
  const port = await getPort({ port: portNumbers(first, last) });
  if (port < first || port > last) throw new Error(`Every port of this worker's block ${first}–${last} is taken.`);
  return port;
}
