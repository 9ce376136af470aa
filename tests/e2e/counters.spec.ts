/**
 * The About counters (the figures of src/config/figures.ts: 30+ years, 500+ projects, 100+ happy clients, 50+ expert team) count
 * from 0 to their targets when scrolled into view, once; the figures are in the HTML for crawlers and
 * visitors without JavaScript, and visitors who ask for reduced motion see the final figures only.
 */
import { expect, test, type Page } from '@playwright/test';
import { figureLabels } from '../../src/config/figures.ts';

const TITLE = 'Experience That Delivers';
const FINAL = ['30+', '500+', '100+', '50+'];
const TARGETS = [30, 500, 100, 50];
/** Each figure says what it counts, in the words of src/config/figures.ts. */
const LABELS = [figureLabels.yearsExperience, figureLabels.projectsDelivered, figureLabels.happyClients, figureLabels.expertTeam].map((figure) => figure.label);

const counters = (page: Page) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: TITLE }) })
    .locator('dl');

declare global {
  interface Window {
    /** Every distinct set of figures a visitor could have seen, in order ("30+|500+|100+|50+"). */
    seenFigures: string[];
  }
}

/**
 * Records what the counters show on screen (the visible figure of each <dd>, not the screen-reader copy
 * of the target), from the first paint on, each time it changes.
 */
async function recordFigures(page: Page): Promise<void> {
  await page.addInitScript(
    ({ title, count }) => {
      window.seenFigures = [];
      const snapshot = () => {
        const heading = [...document.querySelectorAll('h2')].find((h2) => h2.textContent?.trim() === title);
        const dl = heading?.closest('section')?.querySelector('dl');
        if (!dl) return;
        const values = [...dl.querySelectorAll('dd')].map((dd) => (dd.firstElementChild ?? dd).textContent?.trim() ?? '');
        // While the parser is still inside the list, a <dd> can exist before its text: not a state anyone sees.
        if (values.length < count || values.some((value) => value === '')) return;
        const figures = values.join('|');
        if (window.seenFigures.at(-1) !== figures) window.seenFigures.push(figures);
      };
      new MutationObserver(snapshot).observe(document, { subtree: true, childList: true, characterData: true });
      document.addEventListener('DOMContentLoaded', snapshot);
    },
    { title: TITLE, count: FINAL.length },
  );
}

const seen = (page: Page) => page.evaluate(() => window.seenFigures.map((figures) => figures.split('|')));

/** The figures shown now. */
const shown = async (page: Page) => (await seen(page)).at(-1);

/** Lets the page render `count` frames: long enough for a running counter to move. */
const frames = (page: Page, count: number) =>
  page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
        step(n);
      }),
    count,
  );

test('the four figures are in the HTML, for visitors without JavaScript', async ({ browser, request }) => {
  const html = (await (await request.get('/about')).text()).replace(/<!--.*?-->/g, '');
  for (const figure of FINAL) expect(html).toMatch(new RegExp(`>\\s*${figure.replace('+', '\\+')}\\s*<`));

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/about');
  await expect(counters(page).getByRole('definition')).toHaveText(FINAL);
  await expect(counters(page).getByRole('term')).toHaveText(LABELS);
  await context.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('scrolled into view, the counters count up through intermediate values, settle on the targets within 3 s, and only once', async ({ page }) => {
    await recordFigures(page);
    await page.goto('/about');

    await counters(page).scrollIntoViewIfNeeded();
    const scrolledAt = Date.now();
    // A counter on its way: above 0, below its target.
    await expect
      .poll(async () => (await shown(page))?.some((figure, i) => parseInt(figure, 10) > 0 && parseInt(figure, 10) < TARGETS[i]!), {
        message: 'a counter shows an intermediate value',
        intervals: [20],
        timeout: 3000,
      })
      .toBe(true);
    await expect.poll(() => shown(page), { intervals: [50], timeout: 3000 }).toEqual(FINAL);
    // 2 s of counting, plus this test's polling on a busy machine: a counter stuck or restarting takes far longer.
    expect(Date.now() - scrolledAt).toBeLessThan(5000);

    // Each counter went up from 0 and never down (no flash of the target followed by 0 once counting started).
    const history = await seen(page);
    const counting = history.slice(history.findIndex((figures) => figures.every((figure) => parseInt(figure, 10) === 0)));
    expect(counting.length, `counted from 0: ${JSON.stringify(history)}`).toBeGreaterThan(5);
    for (const [i] of TARGETS.entries()) {
      const values = counting.map((figures) => parseInt(figures[i]!, 10));
      expect(values, `counter ${i} never goes down`).toEqual([...values].sort((a, b) => a - b));
    }

    // Scrolled away and back: the figures stay where they are.
    const before = (await seen(page)).length;
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await frames(page, 10);
    await counters(page).scrollIntoViewIfNeeded();
    await frames(page, 40);
    expect((await seen(page)).slice(before)).toEqual([]);
    await expect(counters(page).getByRole('definition')).toHaveText(FINAL);
  });

  test('with reduced motion, the final figures are shown and nothing counts', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await recordFigures(page);
    await page.goto('/about');
    await counters(page).scrollIntoViewIfNeeded();
    await frames(page, 40);
    await expect(counters(page).getByRole('definition')).toHaveText(FINAL);
    expect(await seen(page)).toEqual([FINAL]);
    await context.close();
  });
});

test.describe('on a desktop, where the counters are in view as the page loads', () => {
  // A full-HD screen's height: below the hero and its picture of the years, the counters are in view on arrival.
  test.use({ viewport: { width: 1440, height: 1080 } });

  test('they count up from 0 and the final figures never show before the count', async ({ page }) => {
    // Record only what is visible: the figures wait, hidden, until the script has set them to 0.
    await page.addInitScript((title) => {
      window.seenFigures = [];
      const snapshot = () => {
        const heading = [...document.querySelectorAll('h2')].find((h2) => h2.textContent?.trim() === title);
        const dds = [...(heading?.closest('section')?.querySelectorAll('dd') ?? [])];
        if (dds.length === 0 || getComputedStyle(dds[0]!).visibility === 'hidden') return;
        const figures = dds.map((dd) => (dd.firstElementChild ?? dd).textContent?.trim()).join('|');
        if (window.seenFigures.at(-1) !== figures) window.seenFigures.push(figures);
      };
      new MutationObserver(snapshot).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    }, TITLE);
    await page.goto('/about');
    await expect.poll(() => shown(page), { intervals: [50], timeout: 6000 }).toEqual(FINAL);
    const history = await seen(page);
    expect(history[0], `first visible figures: ${JSON.stringify(history)}`).toEqual(['0+', '0+', '0+', '0+']);
    expect(history.length).toBeGreaterThan(5);
  });
});

test('if counting fails, the final figures are shown', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    window.IntersectionObserver = class {
      constructor() {
        throw new Error('No observer today');
      }
    } as unknown as typeof IntersectionObserver;
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/about');
  await counters(page).scrollIntoViewIfNeeded();
  await expect(counters(page).getByRole('definition')).toHaveText(FINAL);
  await expect(counters(page).getByRole('definition').first()).toBeVisible();
  expect(errors).toEqual(['No observer today']);
});
