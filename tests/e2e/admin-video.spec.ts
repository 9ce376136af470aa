/**
 * A writer adds a video in the editor as docs/CONTENT.md §11 says (Add Sections → Video): an address that is not a
 * YouTube or Vimeo video is refused next to the Video address box with the build's sentence and nothing is written;
 * a YouTube address is saved as the lines of a file, and the page shows the video's play button. `astro dev` and
 * decap-server in a copy of the project (tests/support/cms-dev-site.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { contentStoreTime, storeRewrittenSince, test, useCmsDevSite } from '../support/cms-dev-site.ts';

const site = useCmsDevSite();

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const file = 'content/services/installation.mdx';
const fileText = () => readFile(join(site.root, file), 'utf8');

/** What Decap lists under a field's label when it refuses the field's value. */
const refusalAt = (label: Locator) => label.locator('xpath=ancestor::div[1]').getByRole('listitem');

async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now', { exact: true }).click();
}

test('a video is added from the Sections list; an address that is not a video is refused, a YouTube one saved', async ({ page }) => {
  const before = await fileText();
  await page.goto(`${site.url}/admin`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${site.url}/admin#/collections/services/entries/installation`);
  await expect(page.getByLabel('Title in search results')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Add sections' }).click();
  await page.getByRole('menuitem', { name: 'Video', exact: true }).click();
  const address = page.getByLabel('Video address', { exact: true }).filter({ visible: true });
  await expect(page.getByText('The YouTube or Vimeo address, copied from the address bar or the Share button')).toBeVisible();
  await address.fill('https://drive.google.com/file/d/1abc/view');
  await page.getByLabel('Video title', { exact: true }).filter({ visible: true }).fill('How we install a server rack');
  await publish(page);

  const addressLabel = page
    .locator('label')
    .filter({ hasText: /^Video address$/ })
    .filter({ visible: true });
  await expect(refusalAt(addressLabel)).toHaveText(
    '"https://drive.google.com/file/d/1abc/view" is not the address of a YouTube or Vimeo video: open the video on YouTube or Vimeo and copy the address from the browser\'s address bar or the Share button, such as https://www.youtube.com/watch?v=… , https://youtu.be/… or https://vimeo.com/…',
  );
  expect(await fileText()).toBe(before);

  await address.clear();
  await address.fill('https://youtu.be/dQw4w9WgXcQ');
  const storedBefore = await contentStoreTime(site);
  await publish(page);
  await expect
    .poll(fileText, { timeout: 30_000 })
    .toMatch(/\n {2}- type: video\n {4}url: https:\/\/youtu\.be\/dQw4w9WgXcQ\n {4}videoTitle: How we install a server rack\n/);

  // The page is read once astro dev has taken in the save, so no page request is in flight as its store changes.
  await storeRewrittenSince(site, storedBefore);
  await page.goto(`${site.url}/services/installation`);
  await expect(page.getByRole('button', { name: 'Play video: How we install a server rack' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Watch “How we install a server rack” on YouTube' })).toHaveAttribute(
    'href',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  );
});
