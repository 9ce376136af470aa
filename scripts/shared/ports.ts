import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The ports this project's tools may serve on, so they never collide with dev servers (4321, 54321…). */
const TOOL_PORTS = { first: 4600, last: 4699 } as const;

function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

const claimed: string[] = [];
process.once('exit', () => {
  for (const file of claimed) {
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  }
});

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A port is free only until its server listens, so two processes (test workers) probing at once could both take
 * it: each claims the port with a lock file only one of them can create, released when the claiming process ends.
 */
function claim(port: number, host: string): boolean {
  const file = join(tmpdir(), `kalpaka-tool-port-${host}-${port}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      claimed.push(file);
      return true;
    } catch {
      // Held by a live process: taken. Left by one that ended without cleaning up: take it over.
      // (An empty file is one being written this instant.)
      const owner = Number(readFileSync(file, 'utf8').trim() || 0);
      if (!owner || isAlive(owner)) return false;
      try {
        unlinkSync(file);
      } catch {
        return false;
      }
    }
  }
  return false;
}

/** The first port of TOOL_PORTS nobody listens on or has claimed, skipping `taken`. */
export async function freePort(taken: readonly number[] = [], host = '127.0.0.1'): Promise<number> {
  for (let port = TOOL_PORTS.first; port <= TOOL_PORTS.last; port++) {
    if (!taken.includes(port) && (await isFree(port, host)) && claim(port, host)) return port;
  }
  throw new Error(`No free port between ${TOOL_PORTS.first} and ${TOOL_PORTS.last} on ${host}.`);
}
/** Whether something accepts connections on host:port (a local backend or mail viewer already running). */
export function isListening(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const finish = (listening: boolean) => {
      socket.destroy();
      resolve(listening);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}
