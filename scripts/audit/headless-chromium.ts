import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../shared/chromium.ts';

export { CHROMIUM_PATH };

/** Lighthouse's Chromium: headless (new mode), with the container flags of CHROMIUM_ARGS and no default-browser prompt. */
const CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_ARGS, '--no-default-browser-check'];

export interface HeadlessChromium {
  port: number;
  /** Version string the browser reports over DevTools, e.g. "Chrome/156.0.8078.79". */
  version: string;
  close(): Promise<void>;
}

async function devtoolsVersion(port: number): Promise<string | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/json/version`);
    return response.ok ? String(((await response.json()) as { Browser?: string }).Browser) : undefined;
  } catch {
    return undefined;
  }
}

function stop(browser: ChildProcess): void {
  if (browser.exitCode !== null || browser.pid === undefined) return;
  // Chromium forks renderer and utility processes into its group: end the whole group we started.
  try {
    process.kill(-browser.pid, 'SIGTERM');
  } catch {
    browser.kill('SIGTERM');
  }
}

/** Starts Chromium with a throwaway profile and waits until its DevTools endpoint answers. */
export async function launchChromium(port: number, timeoutMs = 20_000): Promise<HeadlessChromium> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it ("apt-get update && apt-get install -y chromium") or set CHROMIUM_PATH.`);
  }
  const profile = await mkdtemp(join(tmpdir(), 'audit-chromium-'));
  const browser = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  browser.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const close = async () => {
    stop(browser);
    await new Promise((resolve) => (browser.exitCode !== null ? resolve(undefined) : browser.once('exit', resolve)));
    await rm(profile, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (browser.exitCode !== null) break;
    const version = await devtoolsVersion(port);
    if (version) return { port, version, close };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await close();
  throw new Error(`Chromium did not open its DevTools port ${port} within ${timeoutMs / 1000} s.\n${stderr.trim()}`);
}
