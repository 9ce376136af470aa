import { expect, test, type Page } from '@playwright/test';
import { recordPaths, serveWithoutInvokerCommands } from '../support/site.ts';

/**
 * The mobile menu in browsers without the Popover API (Safari 16, Chrome before 114): a polyfill, loaded only
 * there. Chromium has the API, so the test takes it away before the page's scripts run, and gives the page the
 * styles such a browser would apply.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Menu' });
const mobileNav = (page: Page) => page.getByRole('navigation', { name: 'Mobile' });
/** The menu's own Close button, a cross over the toggle while the menu is open. */
const cross = (page: Page) => page.locator('#mobile-nav').getByRole('button', { name: 'Close', exact: true });

const polyfillRequests = (page: Page) => recordPaths(page, /popover/);

/**
 * Takes the Popover API away before the page's scripts run; and the invoker commands the toggle uses where they
 * exist (`command="show-modal"`), which every browser without popovers also lacks: Chromium acts on the attributes
 * whatever the page's scripts delete, so the served pages are given without them.
 */
async function removePopoverApi(page: Page) {
  await serveWithoutInvokerCommands(page);
  await page.addInitScript(() => {
    for (const name of ['popover', 'showPopover', 'hidePopover', 'togglePopover']) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    for (const name of ['popoverTargetElement', 'popoverTargetAction']) delete (HTMLButtonElement.prototype as unknown as Record<string, unknown>)[name];
  });
}

/**
 * The styles of a browser without popovers: its stylesheet drops every rule that names `:popover-open` (Chromium
 * reads them) and applies the site's rules for such browsers (global.css, `@supports not selector(:popover-open)`);
 * and it lacks Chromium's own rule that hides every popover Chromium has not opened (here the polyfill opens them).
 */
async function applyStylesOfBrowsersWithoutPopovers(page: Page) {
  await page.evaluate(() => {
    const namesPopoverOpen = /(^|[^\\]):popover-open/;
    const dropRules = (list: CSSRuleList, owner: CSSStyleSheet | CSSGroupingRule) => {
      for (let index = list.length - 1; index >= 0; index--) {
        const rule = list[index]!;
        if (rule instanceof CSSStyleRule && namesPopoverOpen.test(rule.selectorText)) owner.deleteRule(index);
        else if (rule instanceof CSSGroupingRule) dropRules(rule.cssRules, rule);
      }
    };
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
    const block = /@supports not selector\(:popover-open\)\{((?:[^{}]*\{[^}]*\})*)\}/.exec(css)?.[1];
    if (!block) throw new Error('the page has no rules for browsers without popovers');
    for (const sheet of document.styleSheets) dropRules(sheet.cssRules, sheet);
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`[popover]{display:block}${block}`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
}

test('with popovers, the page loads no polyfill', async ({ page }) => {
  const requests = polyfillRequests(page);
  await page.goto('/');
  await toggle(page).click();
  await expect(mobileNav(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);
  await expect(page.locator('html')).not.toHaveClass(/popover-polyfill/);
});

test('without popovers, the polyfill loads and the menu opens, shows its state and closes', async ({ page }) => {
  await removePopoverApi(page);
  const requests = polyfillRequests(page);
  // Hold the polyfill back, to see the page before it arrives.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/popover*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
  await applyStylesOfBrowsersWithoutPopovers(page);
  // Until the polyfill works, a toggle would do nothing: there is none.
  await expect(toggle(page)).toBeHidden();
  release();
  await expect(page.locator('html')).toHaveClass(/popover-polyfill/);
  expect(requests).toEqual([expect.stringMatching(/^\/_astro\/popover\.iife\.min\.[\w-]+\.js$/)]);

  await expect(toggle(page)).toBeVisible();
  await expect(cross(page)).toBeHidden();
  await toggle(page).click();
  await expect(mobileNav(page)).toBeVisible();
  // The polyfill's marks: the class :popover-open on the menu (the dialog around its list) and aria-expanded on its toggle.
  await expect(page.locator('#mobile-nav')).toHaveClass(/(^|\s):popover-open(\s|$)/);
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  // Open, the menu shows its cross where the toggle is, and the cross closes it.
  await expect(cross(page)).toBeVisible();
  expect(await cross(page).boundingBox()).toEqual(await toggle(page).boundingBox());
  await cross(page).click();
  await expect(mobileNav(page)).toBeHidden();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(cross(page)).toBeHidden();

  await toggle(page).click();
  await page.keyboard.press('Escape');
  await expect(mobileNav(page)).toBeHidden();
  await expect(page.locator('#mobile-nav')).not.toHaveClass(/:popover-open/);
});

test('without popovers, a link in the menu leads to its page', async ({ page }) => {
  await removePopoverApi(page);
  await page.goto('/');
  await applyStylesOfBrowsersWithoutPopovers(page);
  await expect(page.locator('html')).toHaveClass(/popover-polyfill/);
  await toggle(page).click();
  await mobileNav(page).locator('summary', { hasText: 'Consulting pages' }).click();
  await mobileNav(page).getByRole('link', { name: 'IT Strategy' }).click();
  await expect(page).toHaveURL(/\/consulting\/it-strategy$/);
});
