import { expect, test } from '@playwright/test';
import { contactFormSelector, SITE_ROUTES } from '../support/site.ts';

/**
 * Sections below the first are rendered only as they near the screen (content-visibility in global.css): what a
 * visitor reads must not change; the contact form's section (its toasts are fixed to the window) and dark sections are
 * exempt.
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

test('dark sections keep rendering, so contrast checkers read their text against their own background', async ({ page }) => {
  for (const route of SITE_ROUTES) {
    await page.goto(route);
    const dark = await page.locator('main > * + *').evaluateAll((sections) =>
      sections
        .filter((section) => {
          const [red = 255, green = 255, blue = 255, alpha = 1] = (getComputedStyle(section).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
          return alpha > 0 && red + green + blue < 150;
        })
        .map((section) => getComputedStyle(section).contentVisibility),
    );
    if (dark.length === 0) continue;
    expect(dark, `the dark sections of ${route}`).toEqual(dark.map(() => 'visible'));
    return;
  }
  test.skip(true, 'no page has a dark section');
});

test('a printed page keeps every section', async ({ page }) => {
  await page.goto(longest);
  await page.emulateMedia({ media: 'print' });
  const states = await page.locator('main > *').evaluateAll((sections) => sections.map((section) => getComputedStyle(section).contentVisibility));
  expect(new Set(states)).toEqual(new Set(['visible']));
});
