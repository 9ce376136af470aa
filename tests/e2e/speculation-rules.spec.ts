import { expect, test, type Page } from '@playwright/test';
import { speculationRules } from '../../src/config/speculation-rules.ts';
import { supabaseOrigin } from '../support/enquiries.ts';
import { recordRequests, SITE_ROUTES } from '../support/site.ts';

/** Requests the browser makes ahead of a click (Speculation Rules send `Sec-Purpose: prefetch`). */
const prefetches = (page: Page) => recordRequests(page, (request) => (request.headers()['sec-purpose'] ?? '').includes('prefetch'));

test('every page carries the same speculation rules, in the page itself', async ({ request }) => {
  for (const path of SITE_ROUTES) {
    const html = await (await request.get(path)).text();
    const rules = [...html.matchAll(/<script type="speculationrules">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!));
    expect(rules, path).toEqual([speculationRules]);
  }
});

test('resting the pointer on a link to another page fetches that page ahead, and the click uses it', async ({ page, baseURL }) => {
  const early = prefetches(page);
  await page.goto('/services');
  const link = page.locator('main a[href="/services/security"]').first();
  const prefetched = page.waitForEvent('requestfinished', (request) => request.url() === `${baseURL}/services/security`);
  await link.hover();
  await expect.poll(() => early).toEqual([`${baseURL}/services/security`]);
  await prefetched; // the click then takes the page from the prefetch cache rather than joining a fetch in flight

  await link.click();
  await expect(page).toHaveURL(`${baseURL}/services/security`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // deliveryType is newer than TypeScript's DOM types.
  const delivery = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType: string }).deliveryType,
  );
  expect(delivery, 'the page came from the prefetch cache').toBe('navigational-prefetch');
});

test('links to other sites, phone and e-mail links and the form backend are never fetched ahead', async ({ page }) => {
  const early = prefetches(page);
  const backend = recordRequests(page, (request) => new URL(request.url()).origin === supabaseOrigin);
  await page.goto('/contact');
  for (const selector of ['a[href^="https://www.linkedin.com"]', 'a[href^="https://www.google.com/maps"]', 'a[href^="tel:"]', 'a[href^="mailto:"]']) {
    const link = page.locator(selector).first();
    await link.scrollIntoViewIfNeeded();
    await link.hover();
    await page.waitForTimeout(400);
  }
  await page.waitForLoadState('networkidle');
  expect(early).toEqual([]);
  expect(backend).toEqual([]);
});
