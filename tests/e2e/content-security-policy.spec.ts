import { expect, test, type Page } from '@playwright/test';
import { redirects } from '../../src/config/routes.ts';
import { supabaseOrigin } from '../support/enquiries.ts';
import { openAndStay, SITE_ROUTES } from '../support/site.ts';

/**
 * The browser tests serve dist/ as a plain static host does, with no custom headers (`astro preview`):
 * whatever protection a visitor gets here comes from the policy each page carries in its own <meta> tag.
 */

const PAGES = [...SITE_ROUTES, '/no-such-page', ...Object.keys(redirects)];

type Recorded = Window & { cspViolations: string[] };

/** Records CSP violations from the page itself, before any of its scripts run. */
const recordViolations = () => {
  (window as unknown as Recorded).cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    (window as unknown as Recorded).cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
  });
};

const violations = (page: Page) => page.evaluate(() => (window as unknown as Recorded).cspViolations);

/** The page's policy, directive by directive. */
async function policyOf(page: Page): Promise<Map<string, string[]>> {
  const policy = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
  return new Map(
    (policy ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

for (const path of PAGES) {
  test(`${path} enforces its own policy, with no header from the host`, async ({ page }) => {
    await page.addInitScript(recordViolations);
    const response = await openAndStay(page, path);
    expect(response?.headers()['content-security-policy']).toBeUndefined();

    const policy = await policyOf(page);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", supabaseOrigin]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    // The stylesheet's ticks and arrows (data URLs); any other picture from the site itself.
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    for (const directive of ['script-src', 'style-src']) {
      const [self, ...hashes] = policy.get(directive) ?? [];
      expect(self, directive).toBe("'self'");
      for (const hash of hashes) expect(hash, directive).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    }

    // On the contact page, also load the form's code, its toasts and their stylesheet.
    if (path === '/contact') await page.getByLabel(/^Full Name/).focus();
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);

    // What an injected inline script, stylesheet or style attribute would try: the browser refuses and reports each.
    const outcome = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      const style = document.createElement('style');
      style.textContent = 'body { visibility: hidden }';
      document.head.append(style);
      document.body.setAttribute('style', 'opacity: 0');
      return {
        scriptRan: (window as Window & { injected?: boolean }).injected === true,
        styled: getComputedStyle(document.body).visibility === 'hidden' || getComputedStyle(document.body).opacity === '0',
      };
    });
    expect(outcome).toEqual({ scriptRan: false, styled: false });
    await expect.poll(() => violations(page)).toEqual(['script-src-elem inline', 'style-src-elem inline', 'style-src-attr inline']);
  });
}

test('the contact form sends an enquiry and shows its toast without a violation', async ({ page }) => {
  await page.addInitScript(recordViolations);
  await page.goto('/contact');
  await page.getByLabel(/^Full Name/).fill('Policy Check');
  await page.getByLabel(/^Email Address/).fill(`policy-${Date.now()}@example.com`);
  await page.getByLabel(/^Message/).fill('Checking that the form works under the page policy.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Message Sent Successfully!')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
