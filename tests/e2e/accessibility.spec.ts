import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { contactFormSelector, field, SITE_ROUTES, startContactForm, waitForHydration } from '../support/site.ts';
import { uniqueEmail } from '../support/enquiries.ts';

/** WCAG 2.2 AA and axe's best practices; any violation, whatever its impact, fails. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const NOT_FOUND = '/this-page-does-not-exist';
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

// Animations and transitions finish at once, so the scan never sees a half-faded dropdown or toast.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

async function expectNoViolations(page: Page) {
  // Legacy mode runs axe in the page itself. The default opens a second, blank page to combine the results of
  // cross-origin frames, which these pages do not have (the video's frame only loads on a click): a page and a copy
  // of axe more for each scan (this file's 78 tests: 96 s → 80 s on 2 cores).
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze();
  const report = violations.flatMap((violation) => [
    `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}`,
    ...violation.nodes.map(
      (node) => `    ${node.target.map(String).join(' >> ')}${node.failureSummary ? `\n      ${node.failureSummary.replaceAll('\n', '\n      ')}` : ''}`,
    ),
  ]);
  expect(violations.length, `axe violations on ${page.url()}:\n${report.join('\n')}`).toBe(0);
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const route of [...SITE_ROUTES, NOT_FOUND]) {
      test(`${route === NOT_FOUND ? 'the 404 page' : route} has no axe violations`, async ({ page }) => {
        const response = await page.goto(route);
        expect(response?.status()).toBe(route === NOT_FOUND ? 404 : 200);
        await expectNoViolations(page);
      });
    }
  });
}

test.describe('interactive states', () => {
  test('the phone menu, open with a section expanded', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await mobileNav.locator('summary', { hasText: 'Services pages' }).click();
    await expect(mobileNav.getByRole('link', { name: 'Data Migration' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('a desktop dropdown, open from its arrow button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/services/security');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Services pages', exact: true }).click();
    await expect(nav.getByRole('link', { name: 'Data Migration' })).toBeVisible();
    await expectNoViolations(page);
  });

  async function submitValidEnquiry(page: Page) {
    await page.goto('/contact');
    await startContactForm(page);
    await field(page, 'Full Name').fill('Meera Iyer');
    await field(page, 'Email Address').fill(uniqueEmail('a11y'));
    await field(page, 'Message').fill('We need help migrating our ERP data to the cloud this quarter.');
    await page.getByRole('button', { name: 'Send Message' }).click();
  }

  const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });

  test('the contact form after a failed submission', async ({ page }) => {
    test.slow(); // three retries with 1 s, 2 s and 4 s backoff before the error shows
    await page.route('**/rest/v1/contact_submissions**', (route) => route.abort('internetdisconnected'));
    await submitValidEnquiry(page);
    const toast = notifications(page).getByRole('listitem').filter({ hasText: 'Error' });
    await expect(toast).toBeVisible({ timeout: 15_000 });
    await toast.hover(); // a hovered toast stays until the scan is done
    await expectNoViolations(page);
  });

  test('the contact form with a draft restored from an earlier visit', async ({ page }) => {
    await page.goto('/contact');
    await startContactForm(page);
    await field(page, 'Full Name').fill('Meera Iyer');
    await page.reload();
    await waitForHydration(page, contactFormSelector); // a kept draft loads the form's code at once
    await expect(page.getByRole('button', { name: 'Clear the form' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('the contact form after a successful submission', async ({ page }) => {
    await submitValidEnquiry(page);
    const toast = notifications(page).getByRole('listitem').filter({ hasText: 'Message Sent Successfully!' });
    await expect(toast).toBeVisible();
    await toast.hover();
    await expectNoViolations(page);
  });

  test('the contact form with errors beside its fields', async ({ page }) => {
    await page.goto('/contact');
    await startContactForm(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(field(page, 'Full Name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page);
  });
});
