/**
 * No address stops answering, in the editor as a writer meets it: a page has no Delete control (on GitHub a deletion
 * would be committed to main, outside any pull request); retiring a page that other pages link to is refused next
 * to the field, naming those pages, with nothing written; retiring a page nothing links to writes the one field.
 * `astro dev` and decap-server in a copy of the project (tests/support/cms-dev-site.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test, useCmsDevSite } from '../support/cms-dev-site.ts';

const site = useCmsDevSite();

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const fileText = (file: string) => readFile(join(site.root, file), 'utf8');
const retireField = 'Retire this page: send its visitors to';

async function openEntry(page: Page, path: string): Promise<void> {
  await page.goto(`${site.url}/admin`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${site.url}/admin#/collections/${path}`);
  await expect(page.getByLabel('Title in search results')).toBeVisible({ timeout: 30_000 });
}

async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now', { exact: true }).click();
}

/** What Decap lists under the retire field when it refuses its value. */
const refusal = (page: Page) =>
  page
    .locator('label')
    .filter({ hasText: new RegExp(`^${retireField.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(optional\\))?$`) })
    .locator('xpath=ancestor::div[1]')
    .getByRole('listitem');

test('a published page has no Delete control', async ({ page }) => {
  await openEntry(page, 'services/entries/security');
  // The toolbar is drawn: the entry's state, and its menu opened where Decap would offer more actions.
  await page.getByRole('button', { name: 'Published', exact: true }).click();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /delete/i })).toHaveCount(0);
  await expect(page.getByText(/delete/i)).toHaveCount(0);
});

test('retiring a page that Home links to is refused, naming Home, and nothing is written', async ({ page }) => {
  const file = 'content/services/security.mdx';
  const before = await fileText(file);
  await openEntry(page, 'services/entries/security');
  await page.getByLabel(retireField).fill('/services');
  await publish(page);
  await expect(refusal(page)).toHaveText('Home (/) links to this page: change those links first, then retire it');
  expect(await fileText(file)).toBe(before);
});

test('retiring a page nothing links to writes the one field', async ({ page }) => {
  const file = 'content/outsourcing/trainings.mdx';
  const before = await fileText(file);
  await openEntry(page, 'outsourcing/entries/trainings');
  await page.getByLabel(retireField).fill('/outsourcing');
  await publish(page);
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 15_000 });
  await expect(async () => expect(await fileText(file)).toContain('\nretiredTo: /outsourcing\n')).toPass({ timeout: 30_000 });
  const added = (await fileText(file)).split('\n').filter((line) => !before.split('\n').includes(line));
  expect(added).toEqual(['retiredTo: /outsourcing']);
});
