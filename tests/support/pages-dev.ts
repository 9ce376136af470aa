/**
 * `wrangler pages dev`, Cloudflare's local Pages runtime, serving a built site in `root` with its `_headers`,
 * `_redirects` and `functions/` as the hosted service does. No network is needed; wrangler's attempt to fetch
 * Cloudflare's request metadata fails and it carries on.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { workerPort } from './worker-ports.ts';
import { repoRoot } from './project-copy.ts';

export interface PagesDev {
  origin: string;
  close: () => void;
}

/** Whether `url` answers 200, waiting for a slow answer (a loaded machine) until `deadline` rather than asking again. */
async function answers(url: string, deadline: number): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(Math.max(1000, deadline - Date.now())) })).ok;
  } catch {
    return false;
  }
}

interface Options {
  root: string;
  /** The Functions' settings, as the project's secrets and variables. */
  bindings: Record<string, string>;
  /** A path that answers 200 once the runtime serves the site. */
  readyPath?: string;
  /** A port taken beforehand, when the build must know the site's address. */
  port?: number;
}

/**
 * Starts the runtime, once more when workerd stopped at its start on a locked SQLite database (SQLITE_BUSY): two
 * runtimes starting at the same moment, from this file or another test's, can meet on wrangler's local state.
 */
export async function startPagesDev(options: Options): Promise<PagesDev> {
  try {
    return await startOnce(options);
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('SQLITE_BUSY'))) throw error;
    return startOnce(options);
  }
}

async function startOnce({ root, bindings, readyPath = '/', port: chosen }: Options): Promise<PagesDev> {
  const port = chosen ?? (await workerPort());
  const inspectorPort = await workerPort();
  const args = ['pages', 'dev', '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspectorPort), '--log-level', 'warn'];
  const host = spawn(
    join(repoRoot, 'node_modules/.bin/wrangler'),
    [...args, ...Object.entries(bindings).flatMap(([name, value]) => ['--binding', `${name}=${value}`])],
    {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
      detached: true,
    },
  );
  let output = '';
  host.stdout?.on('data', (chunk) => (output += chunk));
  host.stderr?.on('data', (chunk) => (output += chunk));
  // wrangler runs workerd as a child: end the whole group.
  const close = () => {
    if (host.pid && host.exitCode === null) process.kill(-host.pid, 'SIGTERM');
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await answers(`${origin}${readyPath}`, deadline))) {
    if (host.exitCode !== null || Date.now() > deadline) {
      close();
      throw new Error(`wrangler pages dev did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, close };
}
