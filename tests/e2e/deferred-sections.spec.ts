import { expect, test, type Page } from '@playwright/test';
import { contactFormSelector, SITE_ROUTES } from '../support/site.ts';

/**
 * The sections after a page's first screen are rendered only as they near the screen (content-visibility in
 * global.css): what a visitor reads must not change; the contact form's section (its toasts are fixed to the window)
 * and dark sections keep rendering, and a printed page keeps every section.
 */

test.use({ viewport: { width: 390, height: 844 } });

const longest = SITE_ROUTES.includes('/services') ? '/services' : SITE_ROUTES[0]!;

/** Each section of the page's main: whether it comes after the first screen, is dark or holds an island, and its content-visibility. */
async function sectionStates(page: Page) {
  return await page.locator('main > section').evaluateAll((sections) =>
    sections.map((section) => {
      const [red = 255, green = 255, blue = 255, alpha = 1] = (getComputedStyle(section).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
      const link = section.parentElement!.querySelector(':scope > link[rel="stylesheet"]');
      return {
        later: Boolean(link && link.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING),
        dark: alpha > 0 && red + green + blue < 150,
        island: section.querySelector('astro-island') !== null,
        contentVisibility: getComputedStyle(section).contentVisibility,
      };
    }),
  );
}

test('sections after the first screen wait until they near the screen, then show all their text', async ({ page }) => {
  await page.goto(longest);
  const states = await sectionStates(page);
  expect(states.filter((state) => state.later).length, `${longest} has sections after its first screen`).toBeGreaterThan(1);
  for (const [index, state] of states.entries()) {
    const deferred = state.later && !state.dark && !state.island;
    expect(state.contentVisibility, `section ${index + 1} of ${longest}`).toBe(deferred ? 'auto' : 'visible');
  }

  const lastIndex = states.findLastIndex((state) => state.contentVisibility === 'auto');
  const last = page.locator('main > section').nth(lastIndex);
  const skipped = () => last.evaluate((section) => !section.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }));
  expect(await skipped(), 'a section far from the screen is skipped').toBe(true);
  await last.scrollIntoViewIfNeeded();
  await expect.poll(skipped).toBe(false);
  await expect(last.getByRole('heading').first()).toBeVisible();
});

test('the contact form section keeps rendering, so its toasts stay fixed to the window', async ({ page }) => {
  test.skip(!SITE_ROUTES.includes('/contact'), 'the site has no contact page');
  await page.goto('/contact');
  const formSection = page.locator('main > section', { has: page.locator(contactFormSelector) });
  await expect(formSection).toHaveCSS('content-visibility', 'visible');
  await expect(formSection).toHaveCSS('contain', 'none');
});

test('dark sections keep rendering, so contrast checkers read their text against their own background', async ({ page }) => {
  for (const route of SITE_ROUTES) {
    await page.goto(route);
    const dark = (await sectionStates(page)).filter((state) => state.dark);
    if (dark.length === 0) continue;
    expect(
      dark.map((state) => state.contentVisibility),
      `the dark sections of ${route}`,
    ).toEqual(dark.map(() => 'visible'));
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
