/**
 * decap-server, Decap CMS's local backend: the editor at /admin reads and writes content/ in `root` through it,
 * with no GitHub account. MODE=fs writes files only (no branches or commits); bound to 127.0.0.1 because it
 * writes any file under `root` for whoever asks.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export interface DecapServer {
  url: string;
  close: () => Promise<void>;
}

const entry = createRequire(import.meta.url).resolve('decap-server');

/** Answers when something listening on `port` replies to decap-server's `info` action. */
export async function decapServerAnswers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'info' }),
      signal: AbortSignal.timeout(1000),
    });
    return Array.isArray(((await response.json()) as { publish_modes?: unknown }).publish_modes);
  } catch {
    return false;
  }
}

export async function startDecapServer({ root, port }: { root: string; port: number }): Promise<DecapServer> {
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), BIND_HOST: '127.0.0.1', MODE: 'fs', GIT_REPO_DIRECTORY: join(root), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 15_000;
  while (!(await decapServerAnswers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`decap-server did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    close: async () => {
      if (child.exitCode === null) child.kill();
      await exited;
    },
  };
}
