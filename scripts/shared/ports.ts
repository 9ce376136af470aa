/** Ports, through get-port: a server of our own listens on port 0 and reads its port back. */
import type { AddressInfo } from 'node:net';
import getPort from 'get-port';

/** The port a server listening on port 0 was given. */
export const listeningPort = (server: { address(): AddressInfo | string | null }): number => (server.address() as AddressInfo).port;

/** Whether something holds host:port (a local backend or mail viewer already running). */
export const isListening = async (host: string, port: number): Promise<boolean> => (await getPort({ host, port })) !== port;
