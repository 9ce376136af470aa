/**
 * A writer uploads images through /admin on `astro dev` with the local backend: a file the site cannot show (an SVG
 * drawing, an iPhone HEIC photo, also renamed .jpg, a PDF, a photo over 10 MB) is refused as it is chosen, with a sentence that stays
 * over the media library, and nothing reaches content/uploads/; a PNG is uploaded under a clean name ("Server Räck
 * (1).PNG" as server-rack-1.png) and its thumbnail shows in the media library and in the image field, also after a
 * reload (read back from the file).
 */
import { existsSync, readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { uploadProblem } from '../../src/schemas/upload-rules.ts';
import { test, useCmsDevSite } from '../support/cms-dev-site.ts';

const site = useCmsDevSite();

test.describe.configure({ mode: 'serial' });

/** The uploads the repository ships (a sample client's logo): the files a test uploads are the others. */
const shipped = existsSync('content/uploads') ? readdirSync('content/uploads') : [];
const uploads = async () =>
  (existsSync(join(site.root, 'content/uploads')) ? await readdir(join(site.root, 'content/uploads')) : []).filter((name) => !shipped.includes(name));

async function openInstallation(page: Page) {
  await page.goto(`${site.url}/admin`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${site.url}/admin#/collections/services/entries/installation`);
  await expect(page.locator('input[value="Infrastructure Set Up Right the First Time"]')).toBeVisible({ timeout: 90_000 });
}

/** Waits until the image has loaded with real pixels: a blank thumbnail has a naturalWidth of 0. */
async function expectShown(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 15_000 }).toBeGreaterThan(0);
}

/** The thumbnail of `name` in the open media library: the picture above its name on the card. */
const libraryThumbnail = (page: Page, name: string) => page.locator(`xpath=//p[normalize-space()="${name}"]/preceding-sibling::div//img`);

test('a file the site cannot show is refused as it is chosen, with the reason, and nothing is written', async ({ page }) => {
  test.setTimeout(240_000);
  const refused = [
    { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>') },
    { name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(64)]) },
    { name: 'brochure.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n') },
    // A HEIC photo renamed: its first bytes are read before it is sent.
    { name: 'beach.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(64)]) },
    { name: 'team-photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(11 * 1024 * 1024)]) },
  ];
  await openInstallation(page);
  await page.getByRole('button', { name: 'Choose an image' }).first().click();
  for (const file of refused) {
    await page.locator('input[type="file"]').setInputFiles(file);
    const alert = page.getByRole('alert').filter({ hasText: 'Not uploaded' });
    await expect(alert).toContainText(uploadProblem({ name: file.name, size: file.buffer.length, head: file.buffer.subarray(0, 64) })!);
    await expect(alert).toContainText('nothing was added to content/uploads/');
    // The message stays (no toast that goes away) until the writer closes it.
    await expect(page.getByRole('button', { name: 'Choose selected' })).toBeVisible();
    await alert.getByRole('button', { name: 'Close' }).click();
    await expect(alert).toBeHidden();
  }
  // Nothing reached the local backend: no file, and no card in the media library.
  expect(await uploads()).toEqual([]);
  for (const file of refused) await expect(page.getByText(file.name, { exact: true })).toHaveCount(0);
});

test('an uploaded PNG is named as the site names files, and its thumbnail shows in the media library and in the image field, also after a reload', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // As a camera or a copy names it; stored without spaces, brackets, accents or a hyphen before the extension.
  const chosenAs = 'Server Räck (1).PNG';
  const name = 'server-rack-1.png';
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 24, g: 64, b: 160 } } })
    .png()
    .toBuffer();
  await openInstallation(page);
  await page.getByRole('button', { name: 'Choose an image' }).first().click();
  await page.locator('input[type="file"]').setInputFiles({ name: chosenAs, mimeType: 'image/png', buffer: png });
  await expectShown(libraryThumbnail(page, name));

  await page.getByRole('button', { name: 'Choose selected' }).click();
  const fieldThumbnail = page.locator('img[role="presentation"]').first();
  await expectShown(fieldThumbnail);
  await page
    .getByLabel(/^Alt text( \(optional\))?$/)
    .first()
    .fill('Two engineers cabling a server rack');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now', { exact: true }).click();
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 15_000 });
  await expect.poll(uploads).toEqual([name]);

  // Read back from content/: the field's picture and the library's card come from the file, not the chosen blob.
  await page.reload();
  await expect(page.locator('input[value="Infrastructure Set Up Right the First Time"]')).toBeVisible({ timeout: 90_000 });
  await expectShown(page.locator('img[role="presentation"]').first());
  await page
    .getByRole('button', { name: /Choose different image/ })
    .first()
    .click();
  await expectShown(libraryThumbnail(page, name));
});
