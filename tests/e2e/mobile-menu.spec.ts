import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Menu' });
const mobileNav = (page: Page) => page.getByRole('navigation', { name: 'Mobile' });
/** The toggle's expanded state as Chromium tells assistive technology (popover invokers get it implicitly). */
async function toggleExpanded(page: Page): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  const button = nodes.find((node) => node.role?.value === 'button' && node.name?.value === 'Menu');
  return button?.properties?.find((property) => property.name === 'expanded')?.value.value as boolean | undefined;
}
const sectionToggle = (page: Page, label: string) => mobileNav(page).locator('summary', { hasText: `${label} pages` });

test('the toggle opens and closes the menu', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(mobileNav(page)).toBeHidden();
  expect(await toggleExpanded(page)).toBe(false);
  await toggle(page).click();
  await expect(mobileNav(page)).toBeVisible();
  await expect.poll(() => toggleExpanded(page)).toBe(true);
  await expect(mobileNav(page).getByRole('link', { name: 'About', exact: true })).toBeVisible();
  await toggle(page).click();
  await expect(mobileNav(page)).toBeHidden();
  await expect.poll(() => toggleExpanded(page)).toBe(false);
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
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(mobileNav(page)).toBeHidden();
});

test('Escape closes the menu and returns focus to the toggle', async ({ page }) => {
  await page.goto('/about');
  await toggle(page).click();
  await mobileNav(page).getByRole('link', { name: 'About', exact: true }).focus();
  await page.keyboard.press('Escape');
  await expect(mobileNav(page)).toBeHidden();
  await expect(toggle(page)).toBeFocused();
});

test('a tap outside closes the open menu', async ({ page }) => {
  await page.goto('/');
  await toggle(page).click();
  await expect(mobileNav(page)).toBeVisible();
  // The header's free space, left of the logo: outside the menu and not a link.
  const header = await page.getByRole('banner').boundingBox();
  await page.touchscreen.tap(header!.x + 4, header!.y + header!.height / 2);
  await expect(mobileNav(page)).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
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
