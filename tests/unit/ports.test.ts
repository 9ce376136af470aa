/**
 * Tools and tests started at once (Playwright and Vitest workers) each get a port of their own: a port probed free
 * by two processes before either listens goes to one of them only.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const ports = join(import.meta.dirname, '../../scripts/shared/ports.ts');
const takePortAndWait = `const { freePort } = await import(${JSON.stringify(ports)}); console.log(await freePort()); await new Promise((resolve) => setTimeout(resolve, 1500));`;

test('processes asking for a port at the same moment get different ports', async () => {
  const run = () => promisify(execFile)(process.execPath, ['--input-type=module', '-e', takePortAndWait]);
  const answers = await Promise.all([run(), run(), run(), run()]);
  const taken = answers.map(({ stdout }) => Number(stdout.trim()));
  expect(taken.every((port) => port >= 4600 && port <= 4699)).toBe(true);
  expect(new Set(taken).size).toBe(4);
});
