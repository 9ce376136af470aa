import { expect, test, type Page } from '@playwright/test';
import { redirects } from '../../src/config/routes.ts';
import { headerCoverWhenScrolled, headingWordsBrokenMidWord, layoutProblems, logoCuts } from '../support/layout-checks.ts';
import { openAndStay, SITE_ROUTES } from '../support/site.ts';

/**
 * Every route at the widths visitors use: small Android phones and the iPhone SE (320–390), tablets (768,
 * 1024 and 1180 in landscape), laptops with a side panel (1100), the most common desktop widths and a large monitor.
 */
const WIDTHS = [320, 360, 390, 768, 1024, 1100, 1180, 1280, 1366, 1440, 1536, 1920, 2560] as const;
const HEADER_HEIGHT = 64;
/** The spec's routes, the not-found page and the forwarding pages of the old addresses. */
const PAGES = [...SITE_ROUTES, '/a-page-that-does-not-exist', ...Object.keys(redirects)];

for (const path of PAGES) {
  test(`${path} fits every width from ${WIDTHS[0]} to ${WIDTHS.at(-1)} px`, async ({ page }) => {
    await openAndStay(page, path);
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const problem of await page.evaluate(layoutProblems, HEADER_HEIGHT)) problems.push(`${width} px: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
}

/**
 * The browser's default font size, as a visitor sets it in the settings (16 px unless changed), for this page. The
 * session stays attached: detaching it drops the setting.
 */
async function setDefaultFontSize(page: Page, pixels: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: pixels, fixed: Math.round(pixels * 0.8125) } });
}

/** The most of the screen's height the header may keep covering while the visitor reads down the page. */
const MAX_HEADER_COVER = 0.2;

/** Opens the small-screen menu as a visitor does, once its button is on the screen, and returns the menu. */
async function openMenu(page: Page) {
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  await expect(toggle).toBeInViewport({ ratio: 1 });
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link').first()).toBeInViewport();
  return menu;
}

/** WCAG 1.4.4 Resize Text: a phone with the browser's text size at 200 % (a 32 px default font). */
test.describe('at 200 % text size on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of PAGES) {
    test(`${path}: nothing scrolls sideways, no word breaks, the logo shows, the header leaves room and the menu opens`, async ({ page }) => {
      await setDefaultFontSize(page, 32);
      await openAndStay(page, path);
      // The setting reaches the page: rem is 32 px.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
      expect(await page.evaluate(layoutProblems, null)).toEqual([]);
      expect(await page.evaluate(headingWordsBrokenMidWord)).toEqual([]);
      expect(await page.evaluate(logoCuts)).toEqual([]);
      expect(await page.evaluate(headerCoverWhenScrolled)).toBeLessThanOrEqual(MAX_HEADER_COVER);
      await openMenu(page);
    });
  }
});

/** WCAG 1.4.10 Reflow: a 1280 × 720 window zoomed to 400 % is 320 × 180 CSS px. */
test.describe('at 400 % zoom of a 1280 px window', () => {
  test.use({ viewport: { width: 320, height: 180 } });

  for (const path of PAGES) {
    test(`${path}: nothing scrolls sideways, the header leaves room and the whole menu can be reached`, async ({ page }) => {
      await openAndStay(page, path);
      expect(await page.evaluate(layoutProblems, null)).toEqual([]);
      expect(await page.evaluate(headerCoverWhenScrolled)).toBeLessThanOrEqual(MAX_HEADER_COVER);
      const menu = await openMenu(page);
      // The menu's last item, reached by scrolling the menu.
      const last = menu.getByRole('link').last();
      await last.scrollIntoViewIfNeeded();
      await expect(last).toBeInViewport({ ratio: 1 });
    });
  }
});
