import { expect, test } from '@playwright/test';
import { recordScriptFiles } from '../support/site.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('the home page downloads no JavaScript, not even when the menu is used', async ({ page }) => {
  const scripts = recordScriptFiles(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, 3000);
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).locator('summary', { hasText: 'Services pages' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Data Migration' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
  // The one script in the page: tests for the Popover API, which fetch a polyfill only where it is missing, and for
  // invoker commands, which have the menu close when focus leaves it only where it opens as a popover.
  const inline = await page
    .locator('script:not([type="application/ld+json"], [type="speculationrules"])')
    .evaluateAll((scripts) => scripts.map((script) => script.textContent));
  expect(inline).toEqual([expect.stringMatching(/if\(!\('popover'in d\)\).*'command'in b\|\|d\.addEventListener\('focusout'/)]);
});
