/**
 * Serves dist/ as a plain static host does (GitHub Pages, S3, nginx without extra configuration): files as
 * they are, /about from about.html, 404.html with status 404 for unknown paths, gzip, and no custom headers.
 * `_headers` and `_redirects` are neither applied nor served, so the tests see only what every host gives:
 * the policy each page carries in its own <meta> tag. The default host's extras (headers, 301s) are
 * checked with its own runtime in tests/dist/default-host.test.ts.
 * Used by the browser tests, the Lighthouse audit and the screenshots.
 */
import { createReadStream, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import compression from 'compression';
import sirv from 'sirv';

/** Files a host reads as configuration and never serves. */
const hostFiles = new Set(['/_headers', '/_redirects']);

export async function serveDist(root = 'dist', port = 4321, host = '127.0.0.1'): Promise<Server> {
  const absoluteRoot = resolve(root);
  const notFoundPage = join(absoluteRoot, '404.html');
  const notFound = (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
    createReadStream(notFoundPage).pipe(response);
  };
  // dev: look files up on every request (no listing cached at start), so a rebuild while it runs is served as it is.
  const files = sirv(absoluteRoot, { dev: true, extensions: ['html'], etag: true, dotfiles: false, onNoMatch: notFound });
  // compression works on Node's own request and response; its type names Express's, which extend them.
  const gzip = compression() as unknown as (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
  const server = createServer((request, response) => {
    gzip(request, response, () => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (hostFiles.has(path)) notFound(request, response);
      else files(request, response);
    });
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
    console.log(
      'Usage: node scripts/serve-dist.ts [--port 4321] [--root dist]\nServes the built site like a plain static host (gzip, 404.html for unknown paths, no custom headers).',
    );
    process.exit(0);
  }
  if (!existsSync(join(resolve(values.root), 'index.html'))) {
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
