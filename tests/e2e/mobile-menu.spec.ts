import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from '../support/site.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const toggle = (page: Page) => page.locator('.mobile-menu > summary');
const mobileNav = (page: Page) => page.getByRole('navigation', { name: 'Mobile' });
const sectionToggle = (page: Page, label: string) => mobileNav(page).locator('summary', { hasText: `${label} pages` });

test('the toggle opens and closes the menu', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(mobileNav(page)).toBeHidden();
  await toggle(page).click();
  await expect(mobileNav(page)).toBeVisible();
  await expect(mobileNav(page).getByRole('link', { name: 'About', exact: true })).toBeVisible();
  await toggle(page).click();
  await expect(mobileNav(page)).toBeHidden();
});

test('only one section is expanded at a time', async ({ page }) => {
  await page.goto('/');
  await toggle(page).click();
  const dataMigration = mobileNav(page).getByRole('link', { name: 'Data Migration' });
  const itStrategy = mobileNav(page).getByRole('link', { name: 'IT Strategy' });
  await expect(dataMigration).toBeHidden();
  await sectionToggle(page, 'Services').click();
  await expect(dataMigration).toBeVisible();
  await sectionToggle(page, 'Consulting').click();
  await expect(itStrategy).toBeVisible();
  await expect(dataMigration).toBeHidden();
  await sectionToggle(page, 'Consulting').click();
  await expect(itStrategy).toBeHidden();
});

test('choosing a link navigates and the menu is closed', async ({ page }) => {
  await page.goto('/');
  await toggle(page).click();
  await sectionToggle(page, 'Outsourcing').click();
  await mobileNav(page).getByRole('link', { name: 'Manpower Outsourcing' }).click();
  await expect(page).toHaveURL(/\/outsourcing\/manpower$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(mobileNav(page)).toBeHidden();
});

test('Escape closes the menu and returns focus to the toggle', async ({ page }) => {
  await page.goto('/about');
  await toggle(page).click();
  await waitForHydration(page, '.mobile-menu');
  await mobileNav(page).getByRole('link', { name: 'About', exact: true }).focus();
  await page.keyboard.press('Escape');
  await expect(mobileNav(page)).toBeHidden();
  await expect(toggle(page)).toBeFocused();
});

test('a tap outside closes the open menu', async ({ page }) => {
  await page.goto('/');
  await toggle(page).click();
  await waitForHydration(page, '.mobile-menu');
  await expect(mobileNav(page)).toBeVisible();
  await page.getByRole('banner').locator('a[href="/"]').first().dispatchEvent('pointerdown');
  await expect(mobileNav(page)).toBeHidden();
});

test('the menu works with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  await toggle(page).click();
  await sectionToggle(page, 'Services').click();
  await mobileNav(page).getByRole('link', { name: 'Security Services' }).click();
  await expect(page).toHaveURL(/\/services\/security$/);
  await context.close();
});
