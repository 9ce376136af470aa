import { expect, test } from '@playwright/test';
import { sectionPages } from '../../scripts/content/content-routes.ts';

test.describe('desktop header', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows the five menu entries and the phone link', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'About', 'Services', 'Consulting', 'Outsourcing']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    const phone = page.getByRole('banner').locator('a[href^="tel:+91"]');
    await expect(phone).toBeVisible();
  });

  test('a dropdown opens on hover and lists the section pages', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const dataMigration = nav.getByRole('link', { name: 'Data Migration' });
    await expect(dataMigration).toBeHidden();
    await nav.getByRole('link', { name: 'Consulting', exact: true }).hover();
    await expect(nav.getByRole('link', { name: 'IT Strategy' })).toBeVisible();
    await expect(dataMigration).toBeHidden();
    await nav.getByRole('link', { name: 'Services', exact: true }).hover();
    await expect(dataMigration).toBeVisible();
    await expect(nav.getByRole('list', { name: 'Services pages' }).getByRole('link')).toHaveText(sectionPages('services').map((entry) => entry.navLabel));
  });

  test('a dropdown opens on keyboard focus and its links take focus in order', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'About', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Services', exact: true })).toBeFocused();
    const [first] = sectionPages('services');
    const firstService = nav.getByRole('link', { name: first!.navLabel, exact: true });
    await expect(firstService).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(firstService).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${first!.path}$`));
  });

  test('the current page and its section are marked', async ({ page }) => {
    await page.goto('/consulting/cloud-strategy');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Consulting', exact: true })).toHaveAttribute('aria-current', 'true');
    await expect(nav.getByRole('link', { name: 'Cloud Strategy & Migration', includeHidden: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute('aria-current');
    await page.goto('/about');
    await expect(nav.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('the dropdowns need no JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Outsourcing', exact: true }).hover();
    await nav.getByRole('link', { name: 'Virtual Teams' }).click();
    await expect(page).toHaveURL(/\/outsourcing\/virtual-teams$/);
    await context.close();
  });
});

test.describe('header as room runs out', () => {
  /** What the header shows at each width: the designed order of giving way (global.css, .site-header). */
  const layouts = [
    { width: 320, fullName: false, number: false, cta: false, menu: 'button' },
    { width: 390, fullName: true, number: false, cta: false, menu: 'button' },
    { width: 768, fullName: true, number: true, cta: true, menu: 'button' },
    { width: 1024, fullName: true, number: false, cta: true, menu: 'full' },
    { width: 1180, fullName: true, number: false, cta: true, menu: 'full' },
    { width: 1280, fullName: true, number: true, cta: true, menu: 'full' },
    { width: 2560, fullName: true, number: true, cta: true, menu: 'full' },
  ] as const;

  for (const layout of layouts) {
    test(`at ${layout.width} px`, async ({ page }) => {
      await page.setViewportSize({ width: layout.width, height: 800 });
      await page.goto('/about');
      const banner = page.getByRole('banner');
      const home = banner.getByRole('link', { name: /home page/ });
      // innerText is the text as rendered, without what is hidden.
      const shownName = await home.locator('.logo-text').evaluate((name) => (name as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
      expect(shownName).toBe(layout.fullName ? 'Kalpaka Technologies' : 'Kalpaka');
      // The phone link keeps its number as its name when only the icon shows.
      const phone = banner.getByRole('link', { name: 'Call +91 120 555 0142' });
      await expect(phone).toBeVisible();
      await expect(phone.getByText('+91 120 555 0142')).toBeVisible({ visible: layout.number });
      await expect(banner.getByRole('link', { name: 'Contact Us' })).toBeVisible({ visible: layout.cta });
      await expect(banner.getByRole('navigation', { name: 'Main' })).toBeVisible({ visible: layout.menu === 'full' });
      await expect(banner.getByRole('button', { name: 'Menu' })).toBeVisible({ visible: layout.menu === 'button' });
    });
  }
});
