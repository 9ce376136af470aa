/**
 * Tools and tests started at once (Playwright and Vitest workers) each get a port of their own, with no lock: each
 * worker takes ports from its own block, numbered by the test runner; a server of our own listens on port 0.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { isListening, listeningPort } from '../../scripts/shared/ports.ts';
import { PORTS_PER_WORKER, workerBlock, workerPort } from '../support/worker-ports.ts';

const support = join(import.meta.dirname, '../support/worker-ports.ts');
const takeTwoPorts = `const { workerPort } = await import(${JSON.stringify(support)}); console.log(await workerPort(), await workerPort());`;

test('workers of Vitest and Playwright started at the same moment get different ports', async () => {
  const run = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--input-type=module', '-e', takeTwoPorts], { env: { PATH: process.env.PATH, ...env } });
  const workers: Record<string, string>[] = [{ VITEST_POOL_ID: '1' }, { VITEST_POOL_ID: '2' }, { TEST_PARALLEL_INDEX: '0' }, { TEST_PARALLEL_INDEX: '1' }];
  const answers = await Promise.all(workers.map(run));
  const taken = answers.flatMap(({ stdout }) => stdout.trim().split(' ').map(Number));
  expect(taken).toHaveLength(8);
  expect(new Set(taken).size).toBe(8);
  // Below the system's ephemeral ports, which port 0 and outgoing connections use.
  expect(taken.every((port) => port >= 1024 && port < 32768)).toBe(true);
});

test("a worker's blocks never overlap another's, up to 64 workers of each runner", () => {
  const blocks = [...Array(64).keys()].flatMap((n) => [workerBlock({ VITEST_POOL_ID: String(n + 1) }), workerBlock({ TEST_PARALLEL_INDEX: String(n) })]);
  const ports = blocks.flatMap((first) => [...Array(PORTS_PER_WORKER).keys()].map((offset) => first + offset));
  expect(new Set(ports).size).toBe(ports.length);
  expect(Math.max(...ports)).toBeLessThan(32768);
});

test('a port something already listens on is passed over', async () => {
  // Something else holds a port of this worker's block that get-port has not handed out.
  const server = createServer();
  let held = workerBlock();
  for (; ; held++) {
    const listening = await new Promise<boolean>((resolve) => server.once('error', () => resolve(false)).listen(held, '127.0.0.1', () => resolve(true)));
    if (listening) break;
  }
  try {
    const given: number[] = [];
    for (let asked = 0; asked < PORTS_PER_WORKER - 1 - (held - workerBlock()); asked++) given.push(await workerPort());
    expect(given).not.toContain(held);
    expect(new Set(given).size).toBe(given.length);
  } finally {
    server.close();
  }
});

test('a server of our own listens on the port the system hands out, and is seen listening there', async () => {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const own = listeningPort(server);
  try {
    expect(own).toBeGreaterThan(0);
    expect(await isListening('127.0.0.1', own)).toBe(true);
  } finally {
    server.close();
  }
  await new Promise((resolve) => server.once('close', resolve));
  expect(await isListening('127.0.0.1', own)).toBe(false);
});
