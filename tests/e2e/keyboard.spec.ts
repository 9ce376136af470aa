import { expect, test, type Page } from '@playwright/test';
import { storedEnquiries, uniqueEmail } from '../support/enquiries.ts';
import { field } from '../support/site.ts';
import { sectionPages } from '../../scripts/content/content-routes.ts';
import { topLevelPages } from '../../src/config/routes.ts';

// Focus styles appear at once instead of fading in, so what is read is what a visitor ends up seeing.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

type Rgb = [number, number, number];

interface Focused {
  /** The element's place in the expected tab order, or -1 when it was not expected to take focus. */
  index: number;
  description: string;
  /** Outline or box-shadow that marks focus (global.css gives every :focus-visible a 3 px outline). */
  indicator: string | null;
  /** The indicator's colour as painted over `background` (sRGB), when there is an indicator. */
  indicatorColor: Rgb | null;
  /** The surface the indicator is drawn on: the first opaque background-color up the ancestors, with the translucent ones above it. */
  background: Rgb;
  /** Contrast ratio of the indicator against `background` (WCAG 2.2 non-text contrast asks for at least 3:1), or 0 without one. */
  contrast: number;
  /** Out of view or covered by another element, such as the fixed header (WCAG 2.4.11). */
  obscured: boolean;
}

/** WCAG relative luminance of an sRGB colour. */
function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio, from 1 (same colour) to 21 (black on white). */
function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The focus indicators that fall short of 3:1 against their surface, described for a failure message. */
function faint(entries: Focused[]): string[] {
  return entries
    .filter((entry) => entry.contrast < 3)
    .map((entry) => `${entry.description}: ${entry.indicator ?? 'no indicator'} is ${entry.contrast.toFixed(2)}:1 on rgb(${entry.background.join(', ')})`);
}

/** What has focus now, how it is marked, on what surface, and whether something hides it. */
async function focused(page: Page): Promise<Focused | null> {
  const now = await page.evaluate(async () => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    // Read at once: under reduced motion no transition runs, so the ring is final the moment focus lands.
    const style = getComputedStyle(element);
    const transparent = (color: string) => color === 'transparent' || /rgba\(.*,\s*0\)$/.test(color);
    const hasOutline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 && !transparent(style.outlineColor);
    const outline = hasOutline ? `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}` : null;
    const ring = style.boxShadow !== 'none' ? `box-shadow ${style.boxShadow}` : null;
    // A computed box-shadow starts with its colour: "rgb(…) 0px 0px 0px 3px" or "oklch(…) …".
    const ringColor = ring ? (/^\s*([a-z-]+\([^)]*\)|#[0-9a-f]+|[a-z]+)/i.exec(style.boxShadow)?.[1] ?? null) : null;
    const indicatorColor = hasOutline ? style.outlineColor : ringColor;

    // Colours may be written in any CSS syntax (Tailwind's are oklch): a 1x1 canvas paints them and reads sRGB back,
    // and its source-over painting composites translucent layers as the page does.
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const paint = canvas.getContext('2d', { willReadFrequently: true })!;
    const pixel = () => [...paint.getImageData(0, 0, 1, 1).data] as [number, number, number, number];
    const alphaOf = (color: string) => {
      paint.clearRect(0, 0, 1, 1);
      paint.fillStyle = 'transparent'; // a colour the canvas cannot parse would otherwise keep the previous one
      paint.fillStyle = color;
      paint.fillRect(0, 0, 1, 1);
      return pixel()[3];
    };
    // An outline (offset >= 0, as global.css sets) or a ring drawn outside the element lies on its parent's surface;
    // an inset one lies on the element's own.
    const outside = hasOutline ? parseFloat(style.outlineOffset) >= 0 : !/\binset\b/.test(style.boxShadow);
    const layers: string[] = [];
    for (let node: Element | null = outside ? element.parentElement : element; node; node = node.parentElement) {
      const color = getComputedStyle(node).backgroundColor;
      const alpha = alphaOf(color);
      if (alpha > 0) layers.unshift(color);
      if (alpha === 255) break;
    }
    paint.clearRect(0, 0, 1, 1);
    for (const color of ['#fff', ...layers]) {
      paint.fillStyle = color;
      paint.fillRect(0, 0, 1, 1);
    }
    const background = pixel().slice(0, 3) as [number, number, number];
    let painted: [number, number, number] | null = null;
    if (indicatorColor) {
      paint.fillStyle = indicatorColor;
      paint.fillRect(0, 0, 1, 1);
      painted = pixel().slice(0, 3) as [number, number, number];
    }

    const box = element.getBoundingClientRect();
    const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const obscured = !onTop || !(element.contains(onTop) || onTop.contains(element));
    const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    return {
      index: Number(element.dataset.tabOrder ?? -1),
      description: `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> "${label}"`,
      indicator: outline ?? ring,
      indicatorColor: painted,
      background,
      obscured,
    };
  });
  if (!now) return null;
  return { ...now, contrast: now.indicator && now.indicatorColor ? contrastRatio(now.indicatorColor, now.background) : 0 };
}

/**
 * Marks, in document order, every element a keyboard user should reach: visible and focusable (the header's
 * section pages are not, until their arrow button opens them). No element uses a positive tabindex, so the
 * document order is the tab order. Returns their descriptions.
 */
function markTabOrder(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const focusable = 'a[href], button, input, select, textarea, summary, [tabindex]';
    const candidates = [...document.querySelectorAll<HTMLElement>(focusable)].filter((element) => {
      if (element.tabIndex < 0 || element.matches(':disabled') || element.closest('[inert]')) return false;
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

async function pressTab(page: Page) {
  await page.keyboard.press('Tab');
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
    expect(unmarked, 'focused without a focus indicator').toEqual([]);
    expect(faint(visited), 'focus indicator below 3:1 against the surface behind it').toEqual([]);
    const hidden = visited.filter((entry) => entry.obscured).map((entry) => entry.description);
    expect(hidden, 'focused element out of view or covered (by the fixed header?)').toEqual([]);
  });

  test('with reduced motion, focus and hover start no transition: what shows is final at once', async ({ page }) => {
    await page.goto('/');
    // Reading the animations also brings styles up to date, so a transition that focus or hover starts is listed.
    const running = () =>
      page.evaluate(() =>
        document.getAnimations().map((animation) => (animation instanceof CSSTransition ? animation.transitionProperty : animation.constructor.name)),
      );
    for (let step = 0; step < 25; step += 1) {
      await page.keyboard.press('Tab');
      expect(await running(), `after Tab ${step + 1}`).toEqual([]);
    }
    for (const target of [
      page.locator('.btn').first(),
      page.locator('.card').first(),
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services', exact: true }),
    ]) {
      await target.hover();
      expect(await running()).toEqual([]);
    }
  });

  test('each header section opens with Enter on its arrow button, Tab walks through its pages, Escape closes it', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Each section of the header (src/config/routes.ts), and its pages as the content files order them: a page a
    // writer adds changes the menu, not this test.
    const sections = topLevelPages.flatMap((entry) => ('section' in entry && (entry.menus as readonly string[]).includes('header') ? [entry] : []));
    expect(sections, 'the header sections').not.toHaveLength(0);
    for (const { label: section, section: folder } of sections) {
      const labels = sectionPages(folder).map((entry) => entry.navLabel);
      expect(labels, `the pages of content/${folder}`).not.toHaveLength(0);
      const button = nav.getByRole('button', { name: `${section} pages`, exact: true });
      await tabTo(page, button);
      const pages = nav.getByRole('list', { name: `${section} pages` });
      await expect(pages).toBeHidden();
      await page.keyboard.press('Enter');
      await expect(pages).toBeVisible();
      const links = pages.getByRole('link');
      await expect(links).toHaveText(labels);
      for (let index = 0; index < labels.length; index += 1) {
        await page.keyboard.press('Tab');
        await expect(links.nth(index)).toBeFocused();
        const focus = await focused(page);
        expect(focus?.indicator, `${labels[index]}: no focus indicator`).toBeTruthy();
        expect(faint([focus!]), `${labels[index]}: focus indicator below 3:1`).toEqual([]);
        expect(focus?.obscured, `${labels[index]}: covered`).toBe(false);
      }
      await page.keyboard.press('Escape');
      await expect(pages).toBeHidden();
      await expect(button).toBeFocused();
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
    await page.keyboard.press('Escape');
    await expect(mobileNav).toBeHidden();
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(mobileNav).toBeVisible();

    // Open as a modal dialog, the menu takes focus itself, on its first link.
    await expect(mobileNav.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
    const servicesToggle = mobileNav.locator('summary', { hasText: 'Services pages' });
    await tabTo(page, servicesToggle, 5);
    await page.keyboard.press('Enter');
    const firstService = mobileNav.getByRole('link', { name: sectionPages('services')[0]!.navLabel, exact: true });
    await expect(firstService).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(firstService).toBeFocused();
    const focus = await focused(page);
    expect(focus?.indicator, 'focused menu link without a focus indicator').toBeTruthy();
    expect(faint([focus!]), 'focused menu link: indicator below 3:1 against the menu').toEqual([]);

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
  // The office the form suggests from the time zone: the arrow keys choose the next one.
  const office = field(page, 'Office to answer you');
  await expect(office).toBeFocused();
  await expect(office).not.toHaveValue('');
  await page.keyboard.press('ArrowDown');
  const chosenOffice = await office.inputValue();
  await page.keyboard.press('Tab');
  await expect(field(page, 'Message')).toBeFocused();
  await page.keyboard.type('We need help migrating our ERP data to the cloud this quarter.');
  await page.keyboard.press('Tab');
  const send = page.getByRole('button', { name: 'Send Message' });
  await expect(send).toBeFocused();
  const sendFocus = await focused(page);
  expect(sendFocus?.indicator, 'the Send Message button shows no focus indicator').toBeTruthy();
  expect(faint([sendFocus!]), 'the Send Message button: indicator below 3:1 against the form').toEqual([]);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Message Sent Successfully!')).toBeVisible();
  const rows = await storedEnquiries(request, email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ name: 'Meera Iyer', company: 'Iyer Logistics Pvt Ltd', phone: '+91 98100 12345', service: chosen, office: chosenOffice });
});
