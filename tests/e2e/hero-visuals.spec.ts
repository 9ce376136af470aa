/**
 * Each family of pages pictures its own content beside the hero text from 1024 px: the picture is named by its
 * caption, its text says what the bars show, it follows the page's sections, and the hero's text (its h1, or the
 * paragraph under it, as before the pictures) stays the page's largest paint.
 */
import { expect, test, type Page } from '@playwright/test';
import { offices } from '../../src/config/offices.ts';

const picture = (page: Page, name: string | RegExp) => page.getByRole('figure', { name });
const sectionTitled = (page: Page, title: string) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

/** The element the browser reports as the largest contentful paint: whether it is the hero's text, or in its picture. */
async function largestPaint(page: Page): Promise<{ heroText: boolean; inFigure: boolean }> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element: Element | null };
          const element = last.element!;
          const hero = document.querySelector('h1')!.parentElement!;
          resolve({ heroText: element.parentElement === hero && /^(H1|P)$/.test(element.tagName), inFigure: element.closest('figure') !== null });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a services page pictures its steps: one node per step of its steps section, in order, beside the h1', async ({ page }) => {
    await page.goto('/services/data-migration');
    const title = 'Our 4-Step Migration Process';
    const figure = picture(page, title);
    await expect(figure).toBeVisible();
    const stepTitles = (await sectionTitled(page, title).getByRole('heading', { level: 3 }).allTextContents()).map((text) =>
      text.replace(/^Step \d+:\s*/, '').trim(),
    );
    expect(stepTitles.length).toBeGreaterThanOrEqual(2);
    // Each node's number is drawn beside its title.
    await expect(figure.getByRole('listitem')).toHaveText(stepTitles.map((title, i) => `${i + 1}${title}`));
    const [h1Box, figureBox] = [await page.getByRole('heading', { level: 1 }).boundingBox(), await figure.boundingBox()];
    expect(figureBox!.x).toBeGreaterThan(h1Box!.x + h1Box!.width - 1);
    expect(await largestPaint(page)).toEqual({ heroText: true, inFigure: false });
  });

  test('the application support page pictures its SLA tiers with their response times', async ({ page }) => {
    await page.goto('/services/app-support');
    const figure = picture(page, 'Priority-Based SLAs');
    await expect(figure).toBeVisible();
    const sla = sectionTitled(page, 'Priority-Based SLAs');
    for (const tier of await sla.getByRole('heading', { level: 3 }).allTextContents()) await expect(figure).toContainText(tier.trim());
    await expect(figure).toContainText('Response time for each priority');
    const times = await sla.getByText(/^\d+ (minutes|hours)$/).allTextContents();
    expect(times.length).toBeGreaterThan(1);
    for (const time of times) await expect(figure).toContainText(time.trim());
  });

  test('a consulting page pictures its maturity scores and the engagement’s length', async ({ page }) => {
    await page.goto('/consulting/data-analytics');
    const figure = picture(page, /A Typical Maturity Profile/);
    await expect(figure).toBeVisible();
    await expect(figure).toContainText('Engagement: 2-6 weeks');
    const areas = await sectionTitled(page, 'A Typical Maturity Profile').getByRole('heading', { level: 3 }).allTextContents();
    expect(areas.length).toBeGreaterThan(0);
    for (const area of areas) await expect(figure).toContainText(area.trim());
    // In the section's unit: a score out of 100, never a percentage.
    const scores = await sectionTitled(page, 'A Typical Maturity Profile')
      .getByText(/^Score \d+ \/ 100$/)
      .allTextContents();
    expect(scores).toHaveLength(areas.length);
    for (const score of scores) await expect(figure).toContainText(score.replace('Score', 'score'));
    await expect(figure).not.toContainText('%');
    expect(await largestPaint(page)).toEqual({ heroText: true, inFigure: false });
  });

  test('an outsourcing page sets India’s working day against each other office’s own, and says until when its times hold', async ({ page }) => {
    await page.goto('/outsourcing/it');
    const figure = picture(page, /Office hours on Noida's clock/);
    await expect(figure).toBeVisible();
    await expect(figure).toContainText('Noida, India09:00-18:00');
    for (const office of offices.filter((office) => !office.headquarters)) {
      await expect(figure.getByText(`${office.city}, ${office.country}`)).toBeVisible();
    }
    // Each other office shares hours with Noida, or its row says when Noida opens after it closes: never a bare "no overlap".
    await expect(figure.getByText(/, (.+ with Noida|Noida opens .+ later)$/)).toHaveCount(offices.length - 1);
    await expect(figure).not.toContainText('no overlap');
    await expect(figure).toContainText(/Times hold until \d{1,2} [A-Z][a-z]+ \d{4}, when clocks change in /);
    expect(await largestPaint(page)).toEqual({ heroText: true, inFigure: false });
  });

  test('the home page pictures its offices on the world map', async ({ page }) => {
    await page.goto('/');
    const figure = picture(page, new RegExp(`^${offices.length} offices, one delivery team`));
    await expect(figure).toBeVisible();
    await expect(figure.getByRole('img', { name: /^World map of .+ offices: / })).toBeVisible();
    for (const office of offices) await expect(figure.locator('svg text').filter({ hasText: new RegExp(`^${office.city}$`) })).toBeVisible();
    expect(await largestPaint(page)).toEqual({ heroText: true, inFigure: false });
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a picture of what a section below shows again is left out; the time zones, said nowhere else, follow the hero text', async ({ page }) => {
    await page.goto('/services/data-migration');
    await expect(page.getByRole('figure')).toBeHidden();
    await page.goto('/outsourcing/it');
    const figure = picture(page, /Office hours/);
    await expect(figure).toBeVisible();
    const [h1Box, figureBox] = [await page.getByRole('heading', { level: 1 }).boundingBox(), await figure.boundingBox()];
    expect(figureBox!.y).toBeGreaterThan(h1Box!.y + h1Box!.height);
  });

  test('the home hero’s label leaves no separator at a line’s start or end', async ({ page }) => {
    await page.goto('/');
    const parts = page.locator('.hero-backdrop p').first().locator('> span > span');
    await expect(parts).toHaveCount(3);
    const label = await page.locator('.hero-backdrop p').first().boundingBox();
    for (const separator of await parts.locator('[aria-hidden="true"]').all()) {
      const box = await separator.boundingBox();
      // A separator is drawn only between two parts on one line: one at a line's start is clipped out of the label.
      const visible = box!.x >= label!.x;
      if (visible) expect(box!.x).toBeGreaterThan(label!.x + 8);
    }
    expect(label!.y).toBeLessThan(64 + 56);
  });
});
