import { expect, test } from '@playwright/test';
import { contactFormSelector, SITE_ROUTES } from '../support/site.ts';

/**
 * Sections below the first are rendered only as they near the screen (content-visibility in global.css): what a
 * visitor reads must not change, and the contact form's section, whose toasts are fixed to the window, is exempt.
 */

test.use({ viewport: { width: 390, height: 844 } });

const longest = SITE_ROUTES.includes('/services') ? '/services' : SITE_ROUTES[0]!;

test('sections below the first wait until they near the screen, then show all their text', async ({ page }) => {
  await page.goto(longest);
  const sections = page.locator('main > *');
  const count = await sections.count();
  expect(count, `${longest} has sections below its first`).toBeGreaterThan(2);
  const last = sections.nth(count - 1);

  await expect(sections.first()).toHaveCSS('content-visibility', 'visible');
  await expect(last).toHaveCSS('content-visibility', 'auto');
  const skipped = () => last.evaluate((section) => !section.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }));
  expect(await skipped(), 'the last section is skipped while far from the screen').toBe(true);

  await last.scrollIntoViewIfNeeded();
  await expect.poll(skipped).toBe(false);
  await expect(last.getByRole('heading').first()).toBeVisible();
});

test('the contact form section keeps rendering, so its toasts stay fixed to the window', async ({ page }) => {
  test.skip(!SITE_ROUTES.includes('/contact'), 'the site has no contact page');
  await page.goto('/contact');
  const formSection = page.locator('main > *', { has: page.locator(contactFormSelector) });
  await expect(formSection).toHaveCSS('content-visibility', 'visible');
  await expect(formSection).toHaveCSS('contain', 'none');
});

test('a printed page keeps every section', async ({ page }) => {
  await page.goto(longest);
  await page.emulateMedia({ media: 'print' });
  const states = await page.locator('main > *').evaluateAll((sections) => sections.map((section) => getComputedStyle(section).contentVisibility));
  expect(new Set(states)).toEqual(new Set(['visible']));
});
