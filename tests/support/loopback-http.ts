/**
 * Plain HTTP requests that can come from any loopback address (127.x.y.z), so tests can stand in for many
 * visitors without tripping the per-address rate limit.
 */
import { request } from 'node:http';

export interface HttpReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface HttpRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Source address of the connection, e.g. 127.0.3.7. */
  localAddress?: string;
}

export function httpRequest(url: string, options: HttpRequestOptions = {}): Promise<HttpReply> {
  const { method = 'GET', headers = {}, body, localAddress } = options;
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false, ...(localAddress ? { localAddress } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The n-th (from 0) distinct loopback address, from 127.1.0.1 on; never 127.0.0.1. */
export function loopbackAddress(n: number): string {
  const hostsPerBlock = 254;
  const last = (n % hostsPerBlock) + 1;
  const third = Math.floor(n / hostsPerBlock) % 256;
  const second = 1 + Math.floor(n / (hostsPerBlock * 256));
  return `127.${second}.${third}.${last}`;
}
