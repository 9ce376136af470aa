import { connect, createServer, type AddressInfo } from 'node:net';

/**
 * A port the operating system hands out (listen on port 0), free at this moment: for a tool that must be told its
 * port before it starts (Chromium's DevTools). A server of our own listens on port 0 itself instead.
 */
export function systemPort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The port a server listening on port 0 was given. */
export const listeningPort = (server: { address(): AddressInfo | string | null }): number => (server.address() as AddressInfo).port;

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
