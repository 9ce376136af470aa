/**
 * Serves dist/ the way a static host does: /about → about.html, unknown paths → 404.html with status 404,
 * gzip for text, and the headers of dist/_headers (CSP, caching), as Netlify and Cloudflare Pages apply them.
 * Used by the e2e tests, the audit and screenshots.
 */
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { matchesHeaderPath, parseHeadersFile, type HeaderRule } from '../src/config/security-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function resolveFile(root: string, urlPath: string): Promise<string | undefined> {
  const clean = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const base = join(root, clean);
  if (!base.startsWith(root)) return undefined;
  const candidates = clean.endsWith('/') ? [join(base, 'index.html')] : [base, `${base}.html`, join(base, 'index.html')];
  for (const candidate of candidates) if (await isFile(candidate)) return candidate;
  return undefined;
}

async function readHeaderRules(root: string): Promise<HeaderRule[]> {
  try {
    return parseHeadersFile(await readFile(join(root, '_headers'), 'utf8'));
  } catch {
    return [];
  }
}

export async function serveDist(root = 'dist', port = 4321, host = '127.0.0.1'): Promise<Server> {
  const absoluteRoot = resolve(root);
  const rules = await readHeaderRules(absoluteRoot);
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const file = await resolveFile(absoluteRoot, url.pathname);
    const status = file ? 200 : 404;
    const path = file ?? join(absoluteRoot, '404.html');
    let body: Buffer;
    try {
      body = await readFile(path);
    } catch {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const type = TYPES[extname(path)] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': url.pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    };
    for (const rule of rules) if (matchesHeaderPath(rule.path, url.pathname)) Object.assign(headers, rule.headers);
    const compressible = /text|javascript|json|xml|svg/.test(type);
    if (compressible && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      body = gzipSync(body);
      headers['Content-Encoding'] = 'gzip';
      headers['Vary'] = 'Accept-Encoding';
    }
    response.writeHead(status, headers).end(request.method === 'HEAD' ? undefined : body);
  });
  return await new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolvePromise(server));
  });
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4321' },
      root: { type: 'string', default: 'dist' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log('Usage: node scripts/serve-dist.ts [--port 4321] [--root dist]\nServes the built site like a static host (gzip, 404.html for unknown paths).');
    process.exit(0);
  }
  if (!(await isFile(join(resolve(values.root), 'index.html')))) {
    console.error(`No ${values.root}/index.html: run "npm run build" first.`);
    process.exit(1);
  }
  try {
    await serveDist(values.root, Number(values.port));
    console.log(`Serving ${values.root}/ on http://127.0.0.1:${values.port}`);
  } catch (error) {
    console.error(`Could not serve on port ${values.port}: ${(error as Error).message}`);
    process.exit(1);
  }
}
