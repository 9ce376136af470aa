import { expect, test, type Page } from '@playwright/test';
import { serveWithoutInvokerCommands } from '../support/site.ts';

/**
 * The mobile menu in browsers with popovers but without invoker commands (Safari before 26.2, WebKitGTK 2.50):
 * the toggle opens the menu as a popover, which does not keep focus inside it, so the menu closes when focus moves
 * to the page behind it (issue 32). Chromium has invoker commands and acts on the attributes whatever a script
 * deletes, so the served pages are given without them and the page's script is told they are missing.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Menu' });
const mobileNav = (page: Page) => page.getByRole('navigation', { name: 'Mobile' });

async function removeInvokerCommands(page: Page) {
  await serveWithoutInvokerCommands(page);
  await page.addInitScript(() => {
    for (const name of ['command', 'commandForElement']) delete (HTMLButtonElement.prototype as unknown as Record<string, unknown>)[name];
  });
}

/** The focused element: inside the menu, the menu's toggle, or somewhere on the page behind it. */
const focusPlace = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nowhere';
    if (element.closest('#mobile-nav')) return 'menu';
    return element.matches('.menu-toggle') ? 'toggle' : 'page';
  });

test('Tab past the last link closes the menu instead of leaving focus on the page behind it', async ({ page }) => {
  await removeInvokerCommands(page);
  await page.goto('/');
  await toggle(page).focus();
  await page.keyboard.press('Enter');
  await expect(mobileNav(page)).toBeVisible();
  // Opened as a popover: the page behind stays reachable, which is what this script guards.
  expect(await page.locator('#mobile-nav').evaluate((menu) => menu.matches(':popover-open'))).toBe(true);
  const stops = await mobileNav(page).locator('a, summary').count();
  let closed = false;
  for (let press = 1; press <= stops + 2 && !closed; press += 1) {
    await page.keyboard.press('Tab');
    const place = await focusPlace(page);
    if (place === 'menu') {
      await expect(mobileNav(page)).toBeVisible();
    } else {
      // Focus left the menu: the menu has closed, so nothing focused is hidden under it.
      await expect(mobileNav(page), `Tab ${press} focused the ${place} with the menu still open`).toBeHidden();
      closed = true;
    }
  }
  expect(closed, `focus stayed in the menu for ${stops + 2} presses of Tab`).toBe(true);
});

test('the menu stays open while focus moves inside it, and its toggle still closes it', async ({ page }) => {
  await removeInvokerCommands(page);
  await page.goto('/');
  await toggle(page).click();
  await expect(mobileNav(page)).toBeVisible();
  await mobileNav(page).getByRole('link', { name: 'About', exact: true }).focus();
  await page.keyboard.press('Tab');
  expect(await focusPlace(page)).toBe('menu');
  await expect(mobileNav(page)).toBeVisible();
  // Back to the toggle with Shift+Tab from the menu's first stop: the menu stays open, the toggle closes it.
  await mobileNav(page).locator('a, summary').first().focus();
  await page.keyboard.press('Shift+Tab');
  expect(await focusPlace(page)).toBe('toggle');
  await expect(mobileNav(page)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(mobileNav(page)).toBeHidden();
});
