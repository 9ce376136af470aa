import { expect, test } from '@playwright/test';
import { SPEC_ROUTES } from '../support/site.ts';

/** Records CSP violations from the page itself, before any of its scripts run. */
const recordViolations = () => {
  (window as unknown as { cspViolations: string[] }).cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
  });
};

test('every page is served with the security headers', async ({ request }) => {
  for (const path of ['/', '/contact', '/services/security', '/no-such-page']) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers['content-security-policy'], path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(headers['content-security-policy'], path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['content-security-policy'], path).toContain("connect-src 'self' http://127.0.0.1:54321");
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['strict-transport-security'], path).toContain('max-age=');
    expect(headers['permissions-policy'], path).toContain('camera=()');
  }
});

for (const path of [...SPEC_ROUTES, '/no-such-page']) {
  test(`${path} runs under the Content-Security-Policy without a violation`, async ({ page }) => {
    await page.addInitScript(recordViolations);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // On the contact page, also load the form's lazy chunks.
    if (path === '/contact') await page.getByLabel(/^Full Name/).focus();
    await page.waitForLoadState('networkidle');
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(violations).toEqual([]);
  });
}
