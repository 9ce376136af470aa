/**
 * dist/_headers and dist/_redirects, which the default host applies (tests/dist/default-host.test.ts checks
 * that it does), hold exactly what src/config says, in the form Cloudflare Pages and Netlify read.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { redirects } from '../../src/config/routes.ts';
import { formatHeadersFile, formatRedirectsFile, headerRules } from '../../src/config/security.ts';
import { EDITOR_URL } from '../../src/config/editor-url.ts';

const dist = join(import.meta.dirname, '../../dist');
const read = (file: string) => readFileSync(join(dist, file), 'utf8');

describe('files for the host', () => {
  beforeAll(() => {
    if (!existsSync(join(dist, 'index.html'))) throw new Error('No dist/index.html: run "npm run build" first (npm test does).');
  });

  test('_headers is the shared config, rule by rule', () => {
    expect(read('_headers')).toBe(formatHeadersFile(headerRules));
    const lines = read('_headers').trimEnd().split('\n');
    // Cloudflare Pages: a path line, then indented "! Name" (detach) and "Name: value" lines; at most 100 rules, 2,000 characters a line.
    expect(lines.filter((line) => !line.startsWith(' '))).toEqual(headerRules.map((rule) => rule.path));
    for (const line of lines.filter((line) => line.startsWith(' '))) expect(line).toMatch(/^ {2}(! [A-Za-z-]+|[A-Za-z-]+: \S.*)$/);
    expect(headerRules.length).toBeLessThanOrEqual(100);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(2000);
  });

  test('_headers carries what a <meta> policy cannot, for every response', () => {
    const everyResponse = headerRules.find((rule) => rule.path === '/*')?.headers ?? {};
    expect(everyResponse['Content-Security-Policy']).toBe("frame-ancestors 'none'");
    expect(everyResponse['X-Frame-Options']).toBe('DENY');
    expect(everyResponse['Strict-Transport-Security']).toMatch(/^max-age=\d{8,}; includeSubDomains/);
    expect(everyResponse['X-Content-Type-Options']).toBe('nosniff');
    expect(everyResponse['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(everyResponse['Permissions-Policy']).toContain('camera=()');
    expect(headerRules.find((rule) => rule.path === '/_astro/*')?.headers['Cache-Control']).toContain('immutable');
  });

  test('_redirects sends each legacy path to its page, and /admin to the editor’s own origin, with a 301', () => {
    const editor = new URL('/admin', EDITOR_URL).href;
    const expected = { ...redirects, '/admin': editor, '/admin/*': editor };
    expect(read('_redirects')).toBe(formatRedirectsFile(expected));
    expect(read('_redirects').trimEnd().split('\n')).toEqual(Object.entries(expected).map(([from, to]) => `${from} ${to} 301`));
  });
});
