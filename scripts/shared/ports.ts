import { connect, createServer } from 'node:net';

/** The ports this project's tools may serve on, so they never collide with dev servers (4321, 54321…). */
const TOOL_PORTS = { first: 4600, last: 4699 } as const;

function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** The first port of TOOL_PORTS nobody listens on, skipping `taken`. */
export async function freePort(taken: readonly number[] = [], host = '127.0.0.1'): Promise<number> {
  for (let port = TOOL_PORTS.first; port <= TOOL_PORTS.last; port++) {
    if (!taken.includes(port) && (await isFree(port, host))) return port;
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
