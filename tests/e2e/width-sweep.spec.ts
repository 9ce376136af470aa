import { expect, test } from '@playwright/test';
import { redirects } from '../../src/config/routes.ts';
import { layoutProblems } from '../support/layout-checks.ts';
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
