/**
 * What visitors get from the default host, Cloudflare Pages: dist/ served by Cloudflare's own local runtime
 * (`wrangler pages dev`, the Pages asset server in workerd), which applies _headers and _redirects as the
 * hosted service does. No network is needed; wrangler's attempt to fetch Cloudflare's request metadata
 * fails and it carries on.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPagesDev, type PagesDev } from '../support/pages-dev.ts';
import { redirects } from '../../src/config/routes.ts';
import { functionHeaders } from '../../src/config/security.ts';

const root = join(import.meta.dirname, '../..');
let host: PagesDev | undefined;
let origin = '';

const get = (path: string) => fetch(`${origin}${path}`, { redirect: 'manual' });

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/index.html'))) throw new Error('No dist/index.html: run "npm run build" first (npm test does).');
  host = await startPagesDev({ root, bindings: { GITHUB_CLIENT_ID: 'Iv1.test', GITHUB_CLIENT_SECRET: 'test-secret' } });
  origin = host.origin;
}, 90_000);

afterAll(() => host?.close());

describe('the default host (Cloudflare Pages)', () => {
  test('runs the editor’s sign-in functions (functions/admin/) beside the static site', async () => {
    const start = await get('/admin/auth?provider=github&scope=repo');
    expect(start.status).toBe(302);
    const github = new URL(start.headers.get('location') ?? '');
    expect(github.origin).toBe('https://github.com');
    expect(github.searchParams.get('client_id')).toBe('Iv1.test');
    expect(github.searchParams.get('redirect_uri')).toBe(`${origin}/admin/callback`);
    const back = await get(`/admin/callback?code=x&state=${github.searchParams.get('state')}`);
    expect(back.status, 'without the state cookie').toBe(400);
    expect(back.headers.get('content-security-policy')).toMatch(/^default-src 'none'; frame-ancestors 'none'; .*; script-src 'sha256-/);
    // The host gives functions none of _headers: they carry the site's headers themselves.
    for (const response of [start, back]) {
      for (const [name, value] of Object.entries(functionHeaders)) expect(response.headers.get(name), name).toBe(value);
    }
  });

  test('gives the editor the opener policy its sign-in pop-up needs, and every other page the strict one', async () => {
    // One value each: Cloudflare adds a second value when two rules set a header, unless the later rule detaches it.
    expect((await get('/admin')).headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    for (const path of ['/', '/contact', '/admin/config.yml', '/no-such-page']) expect((await get(path)).headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
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
