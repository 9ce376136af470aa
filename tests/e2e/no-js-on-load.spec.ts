import { expect, test } from '@playwright/test';
import { waitForHydration } from '../support/site.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('the home page downloads no JavaScript until the menu is touched, then the menu island', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, 3000);
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);

  await page.locator('.mobile-menu > summary').click();
  await waitForHydration(page, '.mobile-menu');
  expect(scripts.some((path) => /\/_astro\/MobileMenu\.[\w-]+\.js$/.test(path))).toBe(true);
});
