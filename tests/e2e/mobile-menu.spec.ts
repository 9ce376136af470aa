import { expect, test, type Page } from '@playwright/test';
import { sectionPages } from '../../scripts/content/content-routes.ts';
import { topLevelPages } from '../../src/config/routes.ts';
import { accessibilityTree, buttonExpanded } from '../support/accessibility-tree.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Menu' });
const mobileNav = (page: Page) => page.getByRole('navigation', { name: 'Mobile' });
const sectionToggle = (page: Page, label: string) => mobileNav(page).locator('summary', { hasText: `${label} pages` });

test('the toggle opens the menu as a modal dialog, and a tap on its cross closes it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(mobileNav(page)).toBeHidden();
  expect(await buttonExpanded(page, 'Menu')).toBe(false);
  await toggle(page).click();
  await expect(mobileNav(page)).toBeVisible();
  await expect(mobileNav(page).getByRole('link', { name: 'About', exact: true })).toBeVisible();
  // Assistive technology meets a modal dialog named Menu; the page behind it, toggle included, is out of reach.
  await expect.poll(async () => (await accessibilityTree(page)).find((node) => node.role === 'dialog' && node.name === 'Menu')?.properties.modal).toBe(true);
  expect(await buttonExpanded(page, 'Menu')).toBeUndefined();
  // Where the toggle was, the menu shows its own Close button, a cross; a tap there closes the menu, once: the same
  // tap's click must not reach the toggle and open it again.
  const close = page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Close', exact: true });
  await expect(close).toBeVisible();
  const [spot, cross] = [await toggle(page).boundingBox(), await close.boundingBox()];
  expect(cross, 'the Close button lies over the toggle').toEqual(spot);
  await page.locator('#mobile-nav').evaluate((dialog) => {
    (window as unknown as { menuStates: string[] }).menuStates = [];
    dialog.addEventListener('toggle', (event) => (window as unknown as { menuStates: string[] }).menuStates.push((event as ToggleEvent).newState));
  });
  await page.touchscreen.tap(spot!.x + spot!.width / 2, spot!.y + spot!.height / 2);
  await expect(mobileNav(page)).toBeHidden();
  await expect.poll(() => buttonExpanded(page, 'Menu')).toBe(false);
  await expect(close).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { menuStates: string[] }).menuStates)).toEqual(['closed']);
});

/**
 * Issue 32: focus went behind the open menu, onto the page it covers. Open as a modal dialog, Tab cycles through
 * the menu and the browser's own controls (where focus goes after the last element of any modal dialog: no element
 * of the page has it then), never onto the page.
 */
for (const direction of ['Tab', 'Shift+Tab'] as const) {
  test(`with the menu open, 25 presses of ${direction} never focus anything outside it`, async ({ page }) => {
    await page.goto('/');
    await toggle(page).focus();
    await page.keyboard.press('Enter');
    await expect(mobileNav(page)).toBeVisible();
    // A section open, so its pages are among the stops.
    const section = topLevelPages.flatMap((entry) => ('section' in entry ? [entry] : []))[0]!;
    await sectionToggle(page, section.label).click();
    const pages = sectionPages(section.section);
    await expect(mobileNav(page).getByRole('link', { name: pages[0]!.navLabel, exact: true })).toBeVisible();
    const visited = new Set<string>();
    for (let press = 1; press <= 25; press += 1) {
      await page.keyboard.press(direction);
      const now = await page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body) return { inside: true, name: '(the browser)' };
        return {
          inside: !!element.closest('#mobile-nav'),
          name: `<${element.tagName.toLowerCase()}> ${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}`,
        };
      });
      expect(now.inside, `${direction} ${press} focused ${now.name}, outside the open menu`).toBe(true);
      visited.add(now.name);
      await expect(mobileNav(page)).toBeVisible();
    }
    // The walk went round the menu: every link of the menu's top level and the open section's pages took focus.
    const expected = [
      ...topLevelPages.filter((entry) => (entry.menus as readonly string[]).includes('header')).map((entry) => entry.label),
      ...pages.map((entry) => entry.navLabel),
      'Contact Us',
    ];
    for (const label of expected)
      expect(
        [...visited].some((name) => name === `<a> ${label}`),
        `${label} never took focus`,
      ).toBe(true);
  });
}

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

test("each of the header's top-level entries is in the menu and leads to its page, Case Studies included", async ({ page }) => {
  test.slow(); // one page load per entry
  const entries = topLevelPages.filter((entry) => (entry.menus as readonly string[]).includes('header'));
  expect(entries.map((entry) => entry.path)).toContain('/case-studies');
  await page.goto('/contact');
  for (const entry of entries) {
    await toggle(page).click();
    await mobileNav(page).getByRole('link', { name: entry.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${entry.path}$`));
    await expect(mobileNav(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});
