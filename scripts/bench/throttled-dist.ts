/**
 * dist/ served over a simulated slow mobile connection, for benchmarks: every response starts one round trip
 * after its request and arrives at the profile's download rate, gzip-compressed as the host sends it. The server
 * does the slowing because Chromium's network emulation leaves speculative prefetches at full speed; each
 * response is paced on its own (concurrent responses do not share the bandwidth), which flatters neither side
 * of a with/without comparison of single page loads.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';

/** Lighthouse's mobile "slow 4G", as its DevTools throttling applies it: 150 ms × 3.75 round trip, 1.6 Mbit/s × 0.9 down. */
export const slow4g = { rttMs: 562.5, downloadBytesPerSecond: (1638.4 * 0.9 * 1000) / 8 } as const;

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

export interface DistServer {
  port: number;
  origin: string;
  /** The HTML this server sends for a path, read without delay. */
  html(path: string): Promise<string>;
  close(): Promise<void>;
}

/** The file a static host answers a path with: /about from about.html, / from index.html. */
async function fileFor(root: string, path: string): Promise<{ file: string; body: Buffer } | null> {
  const candidates = path.endsWith('/') ? [`${path}index.html`] : [path, `${path}.html`, `${path}/index.html`];
  for (const candidate of candidates) {
    const file = resolve(join(root, candidate));
    if (!file.startsWith(resolve(root))) return null;
    const body = await readFile(file).catch(() => null);
    if (body) return { file, body };
  }
  return null;
}

export async function throttledDistServer(root: string, port: number, transformHtml: (html: string) => string = (html) => html): Promise<DistServer> {
  const ticksPerSecond = 50;
  const bytesPerTick = Math.round(slow4g.downloadBytesPerSecond / ticksPerSecond);
  const serve = async (request: IncomingMessage, response: ServerResponse) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const found = (await fileFor(root, path)) ?? { file: join(root, '404.html'), body: await readFile(join(root, '404.html')) };
    const type = types[extname(found.file)] ?? 'application/octet-stream';
    let body = found.body;
    if (type.startsWith('text/html')) body = Buffer.from(transformHtml(body.toString('utf8')));
    const compressible = !/^image\/(png|webp)/.test(type);
    if (compressible && /\bgzip\b/.test(String(request.headers['accept-encoding']))) {
      body = gzipSync(body);
      response.setHeader('Content-Encoding', 'gzip');
    }
    response.statusCode = found.file.endsWith('404.html') && path !== '/404' ? 404 : 200;
    response.setHeader('Content-Type', type);
    response.setHeader('Content-Length', body.length);
    if (path.startsWith('/_astro/')) response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    await sleep(slow4g.rttMs);
    for (let offset = 0; offset < body.length; offset += bytesPerTick) {
      response.write(body.subarray(offset, offset + bytesPerTick));
      await sleep(1000 / ticksPerSecond);
    }
    response.end();
  };
  // A failed read or a dropped connection ends that response, and the benchmark sees it, instead of stopping the process.
  const server = createServer((request, response) => {
    serve(request, response).catch((error: unknown) => response.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolvePromise());
  });
  // Port 0: the one the system handed out.
  const { port: listening } = server.address() as AddressInfo;
  return {
    port: listening,
    origin: `http://127.0.0.1:${listening}`,
    html: async (path) => transformHtml(((await fileFor(root, path))?.body ?? Buffer.alloc(0)).toString('utf8')),
    close: () => new Promise((resolveClose) => server.close(() => resolveClose())),
  };
}
