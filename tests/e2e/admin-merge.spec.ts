/**
 * No writer's change lost to another's, in the real editor: `astro dev` and decap-server in a copy of the project,
 * /admin in Chromium. A field changed in the file while the page is open (a colleague's merged change) survives the
 * writer's save of another field; the same field changed on both sides is refused with a message showing the other
 * value, which stays until the writer closes it, and nothing is written; two tabs on one page each keep their change.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test, useCmsDevSite } from '../support/cms-dev-site.ts';

const site = useCmsDevSite();

test.describe.configure({ mode: 'serial' });

const file = 'content/services/installation.mdx';
const oldTitle = 'Infrastructure Set Up Right the First Time';
// Keeps the highlighted phrase, which must stay part of the title.
const newTitle = 'Infrastructure Delivered Right the First Time';
const theirSubtitle = 'Certified engineers install, configure and document every setting they change.';

const onDisk = () => readFile(join(site.root, file), 'utf8');
let original = '';

test.beforeAll(async () => {
  original = await readFile(join(site.root, file), 'utf8');
});
test.afterEach(async () => writeFile(join(site.root, file), original));

/** The page open in the editor, signed in to the local backend (once per browser: later tabs are signed in), once its title box shows. */
async function openInstallation(page: Page, { signedIn = false } = {}) {
  if (!signedIn) {
    await page.goto(`${site.url}/admin`);
    await page.getByRole('button', { name: 'Login' }).click();
  }
  await page.goto(`${site.url}/admin#/collections/services/entries/installation`);
  await expect(page.locator(`input[value="${oldTitle}"]`)).toBeVisible({ timeout: 60_000 });
}

// Sections have a box of the same name further down: the hero's comes first.
const subtitleBox = (page: Page) => page.getByLabel('Text under the title').first();

async function pressPublish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now', { exact: true }).click();
}

/** A colleague's change to the subtitle, saved to the file while the page is open. */
async function changeSubtitleOnDisk(): Promise<string> {
  const subtitle = /^ {2}subtitle: .*$/m;
  expect(original).toMatch(subtitle);
  const changed = original.replace(subtitle, `  subtitle: ${theirSubtitle}`);
  await writeFile(join(site.root, file), changed);
  return changed;
}

test('a field changed in the file while the page is open survives the writer publishing another field', async ({ page }) => {
  test.slow();
  await openInstallation(page);
  await changeSubtitleOnDisk();
  await page.locator(`input[value="${oldTitle}"]`).fill(newTitle);
  await pressPublish(page);
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 15_000 });

  const after = await onDisk();
  expect(after).toContain(`  subtitle: ${theirSubtitle}`);
  expect(after).toContain(`  title: ${newTitle}`);
  // Only the title's line differs from the file as the colleague left it.
  const lines = original.split('\n');
  const changed = after.split('\n').filter((line, index) => line !== lines[index]);
  expect(changed).toEqual([`  title: ${newTitle}`, `  subtitle: ${theirSubtitle}`]);
});

test('the same field changed in the file and in the editor is refused with the other value, and nothing is written', async ({ page, context }) => {
  // Two openings of the editor on a machine shared with other builds.
  test.setTimeout(240_000);
  await openInstallation(page);
  const theirs = await changeSubtitleOnDisk();
  await subtitleBox(page).fill('Engineers who write down every setting.');
  await pressPublish(page);

  await expect(
    page.getByText(
      `Text under the title was changed by someone else since you opened this page, to: «${theirSubtitle}». Reload the page to see their change, then make yours again.`,
    ),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Entry saved')).toHaveCount(0);
  expect(await onDisk()).toBe(theirs);
  // In the site's words, and still there once Decap's own toast has faded (after 8 s), until the writer closes it.
  const notice = page.getByRole('alert').filter({ hasText: 'was changed by someone else' });
  await expect(notice.getByText('Not saved', { exact: true })).toBeVisible();
  await expect(notice).not.toContainText('Failed to persist');
  await expect(notice).not.toContainText('Error');
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 30_000 });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toHaveCount(0);

  // As the message says: opened again (declining Decap's offer to restore the unsaved change), the page shows their
  // change, and the writer's next change is saved onto it.
  const again = await context.newPage();
  const dialogs: string[] = [];
  again.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: false });
  await openInstallation(again, { signedIn: true });
  await expect(subtitleBox(again)).toHaveValue(theirSubtitle);
  await again.locator(`input[value="${oldTitle}"]`).fill(newTitle);
  await pressPublish(again);
  await expect(again.getByText('Entry saved')).toBeVisible({ timeout: 15_000 });
  expect(await onDisk()).toBe(theirs.replace(`  title: ${oldTitle}`, `  title: ${newTitle}`));
  // Decap's backup of the refused change is written 2 s after typing, so it may or may not be offered.
  expect(dialogs.filter((message) => message !== 'A local backup was recovered for this entry, would you like to use it?')).toEqual([]);
});

test('the same page published from two tabs keeps both changes, and a tab publishing twice keeps its own', async ({ page, context }) => {
  test.setTimeout(240_000);
  const second = await context.newPage();
  await openInstallation(page);
  await openInstallation(second, { signedIn: true });

  await page.locator(`input[value="${oldTitle}"]`).fill(newTitle);
  await pressPublish(page);
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 15_000 });

  await subtitleBox(second).fill(theirSubtitle);
  await pressPublish(second);
  await expect(second.getByText('Entry saved')).toBeVisible({ timeout: 15_000 });

  const both = original.replace(`  title: ${oldTitle}`, `  title: ${newTitle}`).replace(/^ {2}subtitle: .*$/m, `  subtitle: ${theirSubtitle}`);
  expect(await onDisk()).toBe(both);

  // The first tab changes its own field again: its earlier save is not someone else's change.
  const newerTitle = 'Infrastructure Built Right the First Time';
  await expect(page.getByText('Entry saved')).toHaveCount(0, { timeout: 15_000 });
  const title = page.getByLabel('Title', { exact: true }).first();
  await expect(title).toHaveValue(newTitle);
  await title.fill('');
  await title.fill(newerTitle);
  await expect(title).toHaveValue(newerTitle);
  await pressPublish(page);
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 15_000 });
  expect(await onDisk()).toBe(both.replace(`  title: ${newTitle}`, `  title: ${newerTitle}`));
  await second.close();
});
