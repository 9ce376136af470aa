import { expect, test, type Page } from '@playwright/test';
import { storedEnquiries, uniqueEmail } from '../support/enquiries.ts';
import { field } from '../support/site.ts';

// Focus styles appear at once instead of fading in, so what is read is what a visitor ends up seeing.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

interface Focused {
  /** The element's place in the expected tab order, or -1 when it was not expected to take focus. */
  index: number;
  description: string;
  /** Outline or box-shadow that marks focus (global.css gives every :focus-visible a 3 px outline). */
  indicator: string | null;
  /** Out of view or covered by another element, such as the fixed header (WCAG 2.4.11). */
  obscured: boolean;
}

/** What has focus now, how it is marked and whether something hides it. */
function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const transparent = (color: string) => color === 'transparent' || /rgba\(.*,\s*0\)$/.test(color);
    const outline =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 && !transparent(style.outlineColor)
        ? `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`
        : null;
    const ring = style.boxShadow !== 'none' ? `box-shadow ${style.boxShadow}` : null;
    const box = element.getBoundingClientRect();
    const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const obscured = !onTop || !(element.contains(onTop) || onTop.contains(element));
    const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    return {
      index: Number(element.dataset.tabOrder ?? -1),
      description: `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> "${label}"`,
      indicator: outline ?? ring,
      obscured,
    };
  });
}

/**
 * Marks, in document order, every element a keyboard user should reach: visible and focusable, plus the
 * header dropdowns' links (hidden until their menu entry has focus). No element uses a positive tabindex,
 * so the document order is the tab order. Returns their descriptions.
 */
function markTabOrder(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const focusable = 'a[href], button, input, select, textarea, summary, [tabindex]';
    const dropdowns = document.querySelectorAll('nav[aria-label="Main"] li > div');
    const candidates = [...document.querySelectorAll<HTMLElement>(focusable)].filter((element) => {
      if (element.tabIndex < 0 || element.matches(':disabled') || element.closest('[inert]')) return false;
      if ([...dropdowns].some((dropdown) => dropdown.contains(element))) return true;
      // A <summary> of a closed <details> is reachable, anything else inside it is not.
      const details = element.parentElement?.closest('details');
      if (details && !details.open && !(element.tagName === 'SUMMARY' && element.parentElement === details)) return false;
      return element.checkVisibility({ visibilityProperty: true }) && element.getClientRects().length > 0;
    });
    return candidates.map((element, index) => {
      element.dataset.tabOrder = String(index);
      const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> "${label}"`;
    });
  });
}

/**
 * Tab at a person's pace. When focus lands on a header entry, its dropdown opens through :focus-within;
 * Chrome only lets the next Tab into it once it has rendered, which takes well under 100 ms here but is
 * not signalled to the page (a Tab sent within ~30 ms skips the dropdown; measured, 12 runs).
 */
async function pressTab(page: Page) {
  await page.keyboard.press('Tab');
  const opensDropdown = await page.evaluate(() => !!document.activeElement?.matches('nav[aria-label="Main"] li:has(> div) > a'));
  if (opensDropdown) await page.waitForTimeout(150);
}

/** Presses Tab until focus leaves the page, returning every element that took focus on the way. */
async function tabThrough(page: Page, limit: number): Promise<Focused[]> {
  const visited: Focused[] = [];
  for (let press = 0; press < limit; press += 1) {
    await pressTab(page);
    const now = await focused(page);
    if (!now) return visited;
    if (visited.length > 0 && now.index === visited[0]?.index && now.index >= 0) return visited;
    visited.push(now);
  }
  throw new Error(`focus did not leave the page after ${limit} presses of Tab`);
}

/** Presses Tab until `target` has focus, as a visitor would, failing after `limit` presses. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, limit = 60) {
  for (let press = 0; press < limit; press += 1) {
    await pressTab(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab did not reach ${target} in ${limit} presses`);
}

test.describe('desktop 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the first Tab reaches the skip link, which moves focus to the main content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
    // The next Tab continues from the main content, not from the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  });

  test('Tab reaches every interactive element of the home page in order, each with a visible focus indicator', async ({ page }) => {
    await page.goto('/');
    const expected = await markTabOrder(page);
    expect(expected.length).toBeGreaterThan(20);
    const visited = await tabThrough(page, expected.length + 20);

    const unexpected = visited.filter((entry) => entry.index < 0).map((entry) => entry.description);
    expect(unexpected, 'focus went to elements that are hidden or not meant to take focus').toEqual([]);
    const order = visited.map((entry) => entry.index);
    const missed = expected.filter((_, index) => !order.includes(index));
    expect(missed, 'elements Tab never reached').toEqual([]);
    expect(order, 'tab order differs from the document order').toEqual(expected.map((_, index) => index));

    const unmarked = visited.filter((entry) => !entry.indicator).map((entry) => entry.description);
    expect(unmarked, 'focused without a visible focus indicator').toEqual([]);
    const hidden = visited.filter((entry) => entry.obscured).map((entry) => entry.description);
    expect(hidden, 'focused element out of view or covered (by the fixed header?)').toEqual([]);
  });

  test('each header dropdown opens on focus and Tab walks through its links', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [section, first, last] of [
      ['Services', 'Data Migration', 'Web & Digital Marketing'],
      ['Consulting', 'IT Strategy', 'Enterprise Architecture'],
      ['Outsourcing', 'IT Outsourcing', 'Virtual Teams'],
    ] as const) {
      const entry = nav.getByRole('link', { name: section, exact: true });
      await tabTo(page, entry);
      const pages = nav.getByRole('list', { name: `${section} pages` });
      await expect(pages).toBeVisible();
      const links = pages.getByRole('link');
      const count = await links.count();
      for (let index = 0; index < count; index += 1) {
        await page.keyboard.press('Tab');
        await expect(links.nth(index)).toBeFocused();
      }
      await expect(links.first()).toContainText(first);
      await expect(links.last()).toContainText(last);
    }
  });
});

test.describe('phone 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens with Enter or Space, a section expands with Enter, and Escape closes it', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await tabTo(page, toggle, 10);

    await page.keyboard.press('Enter');
    await expect(mobileNav).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(mobileNav).toBeHidden();
    await page.keyboard.press('Space');
    await expect(mobileNav).toBeVisible();

    await page.keyboard.press('Tab');
    await expect(mobileNav.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
    const servicesToggle = mobileNav.locator('summary', { hasText: 'Services pages' });
    await tabTo(page, servicesToggle, 5);
    await page.keyboard.press('Enter');
    const dataMigration = mobileNav.getByRole('link', { name: 'Data Migration' });
    await expect(dataMigration).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(dataMigration).toBeFocused();
    const focus = await focused(page);
    expect(focus?.indicator, 'focused menu link without a visible focus indicator').toBeTruthy();

    await page.keyboard.press('Escape');
    await expect(mobileNav).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test('the contact form can be filled and sent with the keyboard alone', async ({ page, request }) => {
  const email = uniqueEmail('keyboard');
  await page.goto('/contact');

  // Tabbing into the form is what loads its code: no waiting for it here, as a visitor does not wait.
  await tabTo(page, field(page, 'Full Name'));
  await page.keyboard.type('Meera Iyer');
  for (const [label, text] of [
    ['Email Address', email],
    ['Company', 'Iyer Logistics Pvt Ltd'],
    ['Phone Number', '+91 98100 12345'],
  ] as const) {
    await page.keyboard.press('Tab');
    await expect(field(page, label)).toBeFocused();
    await page.keyboard.type(text);
  }
  await page.keyboard.press('Tab');
  const service = field(page, 'Service of Interest');
  await expect(service).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(service).not.toHaveValue('');
  const chosen = await service.inputValue();
  await page.keyboard.press('Tab');
  await expect(field(page, 'Message')).toBeFocused();
  await page.keyboard.type('We need help migrating our ERP data to the cloud this quarter.');
  await page.keyboard.press('Tab');
  const send = page.getByRole('button', { name: 'Send Message' });
  await expect(send).toBeFocused();
  expect((await focused(page))?.indicator, 'the Send Message button shows no focus indicator').toBeTruthy();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Message Sent Successfully!')).toBeVisible();
  const rows = await storedEnquiries(request, email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ name: 'Meera Iyer', company: 'Iyer Logistics Pvt Ltd', phone: '+91 98100 12345', service: chosen });
});
