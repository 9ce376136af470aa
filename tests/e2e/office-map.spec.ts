import { expect, test } from '@playwright/test';
import { orderedEntries } from '../../scripts/content/content-routes.ts';
import { offices } from '../../src/config/offices.ts';

/**
 * The world map of the offices, where the home page's hero and any page with an `officeMap` section show it, on the
 * narrowest phone. (/contact pictures its offices' phones and hours in its hero instead: tests/e2e/contact-page.spec.ts.)
 */
const PAGES = [
  '/',
  ...orderedEntries('pages')
    .filter(({ data }) => ((data.sections ?? []) as Array<{ type?: string }>).some((section) => section.type === 'officeMap'))
    .map(({ slug }) => `/${slug}`),
];

test.use({ viewport: { width: 320, height: 700 } });

for (const path of PAGES) {
  test(`${path} shows the office map with every office named, at 320 px`, async ({ page }) => {
    await page.goto(path);
    const map = page.getByRole('img', { name: /^World map of .+ offices: / });
    await map.scrollIntoViewIfNeeded();
    await expect(map).toBeVisible();
    await expect(map).toHaveJSProperty('complete', true);
    expect(await map.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    const description = (await map.getAttribute('alt'))!;
    const picture = (await map.boundingBox())!;
    const names: { city: string; box: { x: number; y: number; width: number; height: number } }[] = [];
    for (const office of offices) {
      expect(description).toContain(office.city);
      const name = page.locator('svg text').filter({ hasText: new RegExp(`^${office.city}$`) });
      await expect(name).toBeVisible();
      const box = (await name.boundingBox())!;
      // On the picture, not beside or under it.
      expect(box.x, office.city).toBeGreaterThanOrEqual(picture.x - 1);
      expect(box.x + box.width, office.city).toBeLessThanOrEqual(picture.x + picture.width + 1);
      expect(box.y, office.city).toBeGreaterThanOrEqual(picture.y - 1);
      expect(box.y + box.height, office.city).toBeLessThanOrEqual(picture.y + picture.height + 1);
      expect(box.height, `${office.city} is readable`).toBeGreaterThanOrEqual(12);
      names.push({ city: office.city, box });
    }
    const overlapping = names.flatMap((a, index) =>
      names
        .slice(index + 1)
        .filter(
          (b) => a.box.x < b.box.x + b.box.width && b.box.x < a.box.x + a.box.width && a.box.y < b.box.y + b.box.height && b.box.y < a.box.y + a.box.height,
        )
        .map((b) => `${a.city} and ${b.city}`),
    );
    expect(overlapping, 'names that cover each other').toEqual([]);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
}
