import { expect, test } from '@playwright/test';
import { sectionPages } from '../../scripts/content/content-routes.ts';
import { topLevelPages } from '../../src/config/routes.ts';
import { buttonExpanded } from '../support/accessibility-tree.ts';

test.describe('desktop header', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows the menu entries and the phone link', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const entries = topLevelPages.filter((entry) => (entry.menus as readonly string[]).includes('header')).map((entry) => entry.label);
    expect(entries).toEqual(expect.arrayContaining(['Home', 'About', 'Services', 'Consulting', 'Outsourcing', 'Case Studies']));
    for (const label of entries) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    const phone = page.getByRole('banner').locator('a[href^="tel:+91"]');
    await expect(phone).toBeVisible();
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
});

test.describe('header as room runs out', () => {
  /** What the header shows at each width: the designed order of giving way (global.css, .site-header). */
  const layouts = [
    { width: 320, fullName: false, number: false, cta: false, menu: 'button' },
    { width: 390, fullName: true, number: false, cta: false, menu: 'button' },
    { width: 768, fullName: true, number: true, cta: true, menu: 'button' },
    { width: 1024, fullName: false, number: false, cta: true, menu: 'full' },
    { width: 1180, fullName: false, number: false, cta: true, menu: 'full' },
    { width: 1280, fullName: true, number: false, cta: true, menu: 'full' },
    { width: 1440, fullName: true, number: true, cta: true, menu: 'full' },
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

/**
 * Each section's pages open from an arrow button beside the section's link (issue 32): the button says whether they
 * are shown, Escape closes them with focus back on the button, and the header no longer makes Tab walk every page.
 */
test.describe('section menus at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  // The header's entries and sections as the site defines them; each section's pages as its content files order them.
  const headerPages = topLevelPages.filter((entry) => (entry.menus as readonly string[]).includes('header'));
  const sections = headerPages.flatMap((entry) => ('section' in entry ? [{ label: entry.label, path: entry.path, pages: sectionPages(entry.section) }] : []));

  test('each section has a button whose expanded state the accessibility tree reports, and its pages open under its link', async ({ page }) => {
    expect(sections.length).toBeGreaterThan(0);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const section of sections) expect(await buttonExpanded(page, `${section.label} pages`), `${section.label} pages`).toBe(false);
    for (const section of sections) {
      const button = nav.getByRole('button', { name: `${section.label} pages`, exact: true });
      const list = nav.getByRole('list', { name: `${section.label} pages`, exact: true });
      await expect(list).toBeHidden();
      await button.click();
      await expect(list).toBeVisible();
      await expect(list.getByRole('link')).toHaveText(section.pages.map((entry) => entry.navLabel));
      await expect.poll(() => buttonExpanded(page, `${section.label} pages`)).toBe(true);
      // Opening one section closes the others.
      for (const other of sections.filter((entry) => entry !== section)) expect(await buttonExpanded(page, `${other.label} pages`)).toBe(false);
      // Under the header, starting at the section's link.
      const link = await nav.getByRole('link', { name: section.label, exact: true }).boundingBox();
      const header = await page.getByRole('banner').boundingBox();
      const box = await list.boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
      expect(Math.abs(box!.x - link!.x)).toBeLessThan(2);
    }
    await page.getByRole('main').getByRole('heading', { level: 1 }).click();
    for (const section of sections) await expect.poll(() => buttonExpanded(page, `${section.label} pages`)).toBe(false);
  });

  test('a pointer resting on a section shows its pages, can travel into them and choose one; Escape hides them', async ({ page }) => {
    expect(sections.length).toBeGreaterThan(0);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const section of sections) {
      const link = nav.getByRole('link', { name: section.label, exact: true });
      const list = nav.getByRole('list', { name: `${section.label} pages`, exact: true });
      await link.hover();
      await expect(list).toBeVisible();
      await expect(list.getByRole('link')).toHaveText(section.pages.map((entry) => entry.navLabel));
      // Down from the link, through the gap between the header and the list, to the list's last entry.
      const from = (await link.boundingBox())!;
      const top = (await list.boundingBox())!.y;
      await page.mouse.move(from.x + 10, top - 2);
      await expect(list).toBeVisible();
      const last = (await list.getByRole('link').last().boundingBox())!;
      await page.mouse.move(from.x + 10, last.y + last.height / 2, { steps: 8 });
      await expect(list).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      // Leaving the entry and resting on it again shows the list again.
      await page.mouse.move(from.x + 10, 600);
      await link.hover();
      await expect(list).toBeVisible();
      await page.mouse.move(from.x + 10, 600);
      await expect(list).toBeHidden();
    }
    // A page chosen from a list the pointer opened: the last section's last page.
    const section = sections.at(-1)!;
    const target = section.pages.at(-1)!;
    await nav.getByRole('link', { name: section.label, exact: true }).hover();
    await nav
      .getByRole('list', { name: `${section.label} pages`, exact: true })
      .getByRole('link', { name: target.navLabel, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${target.path}$`));
  });

  test('Escape closes each section opened by keyboard, and focus returns to its button', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const section of sections) {
      const button = nav.getByRole('button', { name: `${section.label} pages`, exact: true });
      const list = nav.getByRole('list', { name: `${section.label} pages`, exact: true });
      // From the section's link, Tab reaches its button; Enter opens the list and Tab enters it.
      await nav.getByRole('link', { name: section.label, exact: true }).focus();
      await page.keyboard.press('Tab');
      await expect(button).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(list).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(list.getByRole('link').first()).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(list.getByRole('link').nth(1)).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      await expect(button).toBeFocused();
      await expect.poll(() => buttonExpanded(page, `${section.label} pages`)).toBe(false);
      // Opened by a click and closed at once: Escape with focus still on the button.
      await button.click();
      await expect(list).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      await expect(button).toBeFocused();
    }
  });

  test('Tab passes the header without walking through the section pages', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    // What the header shows that takes focus: its links and buttons, none of the closed sections' pages.
    const headerStops = await banner.locator('a, button').evaluateAll((elements) => elements.filter((element) => element.checkVisibility()).length);
    expect(headerStops).toBe(headerPages.length + sections.length + 3); // + logo, phone, Contact Us
    let presses = 0;
    while (!(await page.evaluate(() => !!document.activeElement?.closest('main')))) {
      await page.keyboard.press('Tab');
      presses += 1;
      expect(await page.evaluate(() => !!document.activeElement?.closest('[popover]:not(#mobile-nav)')), 'Tab entered a closed section').toBe(false);
      expect(presses, `Tab did not reach the main content within ${headerStops + 2} presses`).toBeLessThanOrEqual(headerStops + 2);
    }
    // The skip link, the header's stops, then the main content (before, each of the sections' pages was a stop too).
    expect(presses).toBe(headerStops + 2);
  });

  test('the top-level links still lead to their pages, sections included', async ({ page }) => {
    test.slow(); // one page load per entry
    // From page to page, each entry clicked on the page the previous one opened.
    await page.goto('/contact');
    for (const entry of headerPages) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: entry.label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${entry.path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('the section menus need no JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const section = sections.at(-1)!;
    const target = section.pages.at(-1)!;
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: `${section.label} pages`, exact: true }).click();
    await nav.getByRole('link', { name: target.navLabel, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${target.path}$`));
    await context.close();
  });
});
