import { expect, test } from '@playwright/test';
import { collectErrors, SITE_ROUTES } from '../support/site.ts';

for (const path of SITE_ROUTES) {
  test(`${path} renders with one h1, landmarks and no console error`, async ({ page }) => {
    const errors = collectErrors(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}

test('the redirects of the spec-differing links reach their pages', async ({ page }) => {
  await page.goto('/services/outsourcing');
  await expect(page).toHaveURL(/\/services\/services-outsourcing$/);
  await page.goto('/services/technical-support');
  await expect(page).toHaveURL(/\/services\/technical-support-services$/);
});
