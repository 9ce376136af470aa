/**
 * What visitors get from the default host, Cloudflare Pages: dist/ served by Cloudflare's own local runtime
 * (`wrangler pages dev`, the Pages asset server in workerd), which applies _headers and _redirects as the
 * hosted service does; and the editor's own project beside it (editor/: dist-editor/ with the sign-in Functions).
 * No network is needed; wrangler's attempt to fetch Cloudflare's request metadata fails and it carries on.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPagesDev, type PagesDev } from '../support/pages-dev.ts';
import { redirects } from '../../src/config/routes.ts';
import { functionHeaders } from '../../src/config/security.ts';
import { EDITOR_URL } from '../../src/config/editor-url.ts';
import { startLocalBackend, type LocalBackend } from '../../scripts/local-backend.ts';

const root = join(import.meta.dirname, '../..');
let host: PagesDev | undefined;
let editor: PagesDev | undefined;
let origin = '';

const get = (path: string) => fetch(`${origin}${path}`, { redirect: 'manual' });

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/index.html'))) throw new Error('No dist/index.html: run "npm run build" first (npm test does).');
  if (!existsSync(join(root, 'dist-editor/admin.html'))) throw new Error('No dist-editor/admin.html: run "npm run build" first (npm test does).');
  // One after the other: two runtimes starting at the same moment can meet on wrangler's local state (SQLITE_BUSY).
  host = await startPagesDev({ root, bindings: {} });
  editor = await startPagesDev({
    root: join(root, 'editor'),
    bindings: { GITHUB_CLIENT_ID: 'Iv1.test', GITHUB_CLIENT_SECRET: 'test-secret' },
    readyPath: '/admin',
  });
  origin = host.origin;
}, 150_000);

afterAll(() => {
  host?.close();
  editor?.close();
});

describe('the default host (Cloudflare Pages)', () => {
  test('sends /admin, and anything under it, to the editor’s own origin: no editor and no sign-in on the public site', async () => {
    for (const path of ['/admin', '/admin/', '/admin/auth?provider=github&scope=repo', '/admin/callback?code=x&state=y', '/admin/config.yml']) {
      const response = await get(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get('location')?.split('?')[0], path).toBe(new URL('/admin', EDITOR_URL).href);
    }
  });

  test('runs the editor’s sign-in functions (editor/functions/admin/) beside the editor, on its own origin', async () => {
    const fromEditor = (path: string) => fetch(`${editor!.origin}${path}`, { redirect: 'manual' });
    const start = await fromEditor('/admin/auth?provider=github&scope=repo');
    expect(start.status).toBe(302);
    const github = new URL(start.headers.get('location') ?? '');
    expect(github.origin).toBe('https://github.com');
    expect(github.searchParams.get('client_id')).toBe('Iv1.test');
    expect(github.searchParams.get('redirect_uri')).toBe(`${editor!.origin}/admin/callback`);
    const back = await fromEditor(`/admin/callback?code=x&state=${github.searchParams.get('state')}`);
    expect(back.status, 'without the state cookie').toBe(400);
    expect(back.headers.get('content-security-policy')).toMatch(/^default-src 'none'; frame-ancestors 'none'; .*; script-src 'sha256-/);
    // The host gives functions none of _headers: they carry the site's headers themselves.
    for (const response of [start, back]) {
      for (const [name, value] of Object.entries(functionHeaders)) expect(response.headers.get(name), name).toBe(value);
    }
  });

  test('gives the editor the opener policy its sign-in pop-up needs, and every public page the strict one', async () => {
    const editorPage = await fetch(`${editor!.origin}/admin`);
    expect(editorPage.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(editorPage.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(editorPage.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect((await fetch(`${editor!.origin}/`, { redirect: 'manual' })).headers.get('location')).toBe('/admin');
    // One value each: Cloudflare adds a second value when two rules set a header, unless the later rule detaches it.
    for (const path of ['/', '/contact', '/no-such-page']) expect((await get(path)).headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
  });

  test('answers the legacy service paths with permanent redirects', async () => {
    for (const [from, to] of Object.entries(redirects)) {
      const response = await get(from);
      expect(response.status, from).toBe(301);
      expect(response.headers.get('location'), from).toBe(to);
    }
  });

  test('sends the security headers with every page, the not-found page and the redirects', async () => {
    for (const path of ['/', '/contact', '/services/security', '/no-such-page', Object.keys(redirects)[0]!]) {
      const headers = (await get(path)).headers;
      expect(headers.get('content-security-policy'), path).toBe("frame-ancestors 'none'");
      expect(headers.get('x-frame-options'), path).toBe('DENY');
      expect(headers.get('strict-transport-security'), path).toMatch(/^max-age=\d+; includeSubDomains; preload$/);
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(headers.get('permissions-policy'), path).toContain('camera=()');
    }
  });

  test('serves pages at their clean paths, with their own policy, and the not-found page with status 404', async () => {
    const about = await get('/about');
    expect(about.status).toBe(200);
    expect(await about.text()).toContain('<meta http-equiv="content-security-policy"');
    const missing = await get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Oops! Page not found');
  });

  test('lets browsers keep hashed assets for a year, and does not serve its own configuration', async () => {
    const asset = readdirSync(join(root, 'dist/_astro')).find((file) => file.endsWith('.js'));
    expect((await get(`/_astro/${asset}`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Pages reads these files and never serves them (its local runtime answers 502 where the service answers 404).
    for (const file of ['/_headers', '/_redirects']) expect((await get(file)).status, file).toBeGreaterThanOrEqual(400);
  });
});

/**
 * `npm run smoke` (docs/PUBLISHING.md, "Step 10: the smoke test and a first enquiry") against the same runtime: it
 * passes on the build as it is, with the local stand-in as the form's project, and fails naming each missing header
 * when the host has no `_headers` to apply.
 */
describe('npm run smoke against the default host', () => {
  let backend: LocalBackend;
  let bare: PagesDev | undefined;
  const bareRoot = mkdtempSync(join(tmpdir(), 'smoke-without-headers-'));
  const smoke = (site: string) =>
    promisify(execFile)(process.execPath, ['scripts/smoke.ts', site, '--editor', editor!.origin, '--supabase', backend.url], { cwd: root }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  // Set-up: the form's stand-in, answering the runtime's pages, and a second runtime on a copy of dist/ without _headers.
  beforeAll(async () => {
    backend = await startLocalBackend({ port: 0, dataDir: 'memory://', siteOrigins: [origin] });
    await cp(join(root, 'dist'), join(bareRoot, 'dist'), { recursive: true, filter: (source) => !source.endsWith('_headers') });
    await cp(join(root, 'wrangler.jsonc'), join(bareRoot, 'wrangler.jsonc'));
    bare = await startPagesDev({ root: bareRoot, bindings: {} });
  });
  afterAll(async () => {
    bare?.close();
    await backend?.close();
    await rm(bareRoot, { recursive: true, force: true });
  });

  // Each run is a new Node process that fetches every route: about 2 core-seconds, many times that on a loaded machine.
  test('passes: every route, the 404, the 301s, /admin and the editor, and the form’s preflight', { timeout: 120_000 }, async () => {
    const run = await smoke(origin);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(new RegExp(`^Smoke test of ${origin}: \\d+ checks passed\\.$`, 'm'));
  });

  test('fails naming each missing header and where, when the host applies no _headers', { timeout: 120_000 }, async () => {
    const run = await smoke(bare!.origin);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `${bare!.origin}/about: the header Strict-Transport-Security is missing (expected "max-age=63072000; includeSubDomains; preload")`,
    );
    expect(run.stderr).toContain(`${bare!.origin}/contact: the header X-Frame-Options is missing (expected "DENY")`);
  });
});
