/**
 * The design screenshots committed under docs/screenshots/ (`npm run screenshots`): each page at 320, 390, 1024, 1280
 * and 1440 px, and with the home page the header alone at the widths where it changes and the home page with the
 * mobile menu and a desktop dropdown open. The home page by default; `SCREENSHOT_PAGES=/about,/contact` for others.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, type Page } from '@playwright/test';
import sharp from 'sharp';

const out = join(import.meta.dirname, '../../docs/screenshots');
const paths = process.env.SCREENSHOT_PAGES?.split(',') ?? ['/'];
const widths = [320, 390, 1024, 1280, 1440];
/** Where the header changes: the short logo and menu button, the full menu with the phone icon (1024 and a laptop with a side panel), the phone number back. */
const headerWidths = [320, 1024, 1100, 1280];
const name = (path: string) => (path === '/' ? 'home' : path.slice(1).replaceAll('/', '-'));

/** A screenshot as a 256-colour PNG: a third of the size, and flat page colours look the same. */
async function save(shot: Buffer, file: string) {
  await writeFile(join(out, file), await sharp(shot).png({ palette: true, quality: 90, effort: 7, compressionLevel: 9 }).toBuffer());
}

async function open(page: Page, width: number, path: string) {
  await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
  await page.goto(path, { waitUntil: 'networkidle' });
  // A full-page shot brings no section after the first screen near it (content-visibility in global.css): render them all.
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('main > *').forEach((section) => (section.style.contentVisibility = 'visible')));
  // Nor does it scroll, so lazy images below the fold (the office map) would be missing: load them first.
  await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((image) => image.setAttribute('loading', 'eager')));
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}

for (const path of paths) {
  for (const width of widths) {
    test(`${path} at ${width} px`, async ({ page }) => {
      await open(page, width, path);
      await save(await page.screenshot({ fullPage: true }), `${name(path)}-${width}.png`);
    });
  }
}

if (paths.includes('/')) {
  for (const width of headerWidths) {
    test(`the header at ${width} px`, async ({ page }) => {
      await open(page, width, '/about');
      await save(await page.getByRole('banner').screenshot(), `header-${width}.png`);
    });
  }

  test('the mobile menu open', async ({ page }) => {
    await open(page, 390, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('summary:has-text("Services pages")').click();
    await page.waitForTimeout(300); // the chevron's turn
    await save(await page.screenshot(), 'home-390-menu-open.png');
  });

  test('a desktop dropdown open', async ({ page }) => {
    await open(page, 1440, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services', exact: true }).hover();
    await page.getByRole('link', { name: 'Data Migration' }).first().waitFor();
    await page.waitForTimeout(300);
    await save(await page.screenshot(), 'home-1440-dropdown-open.png');
  });
}
