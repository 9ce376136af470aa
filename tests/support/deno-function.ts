/**
 * Runs a Supabase Edge Function under Deno, as `supabase functions serve` does, on a free local port: the test
 * gets its URL, can call it, and can stop (SIGSTOP) or kill (SIGKILL) the process at a moment of its choosing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The deno binary itself (not npm's bin.cjs wrapper), so a signal reaches the runtime. */
export function denoBinary(): string {
  const candidates = [join(repoRoot, 'node_modules/deno/deno'), join(repoRoot, `node_modules/@deno/${process.platform}-${process.arch}-glibc/deno`)];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`No deno binary in node_modules (looked for ${candidates.join(', ')}); run npm install.`);
  return found;
}

export interface RunningFunction {
  url: string;
  process: ChildProcess;
  output(): string;
  invoke(token: string): Promise<{ status: number; body: Record<string, unknown> }>;
  kill(): Promise<void>;
}

export async function serveFunction(entry: string, env: Record<string, string>): Promise<RunningFunction> {
  const child = spawn(denoBinary(), ['run', '--node-modules-dir=manual', '--allow-net', '--allow-env', '--allow-read', '--allow-sys', '--no-prompt', entry], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1', DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const until = Date.now() + 60_000;
  let listening: RegExpExecArray | null = null;
  while (!(listening = /Listening on (http:\/\/\S+)/.exec(output))) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`deno did not start ${entry}:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = listening[1]!;
  return {
    url,
    process: child,
    output: () => output,
    async invoke(token) {
      const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
