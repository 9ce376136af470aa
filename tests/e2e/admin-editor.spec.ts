/**
 * A writer's edit through /admin, end to end: `astro dev` and decap-server in a copy of the project (the real
 * content/ is never touched), the editor in Chromium, a service's hero title and one card changed and saved,
 * then the file on disk, its frontmatter against the content schema, and the page the dev server now shows.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { subPage } from '../../src/schemas/page.ts';
import { quotingFacts } from '../../src/schemas/facts.ts';
import { frontmatterOf } from '../../src/lib/frontmatter.ts';
import { startCmsDevSite, type CmsDevSite } from '../support/cms-dev-site.ts';

const file = 'content/services/installation.mdx';
const oldTitle = 'Infrastructure Set Up Right the First Time';
// Keeps the highlighted phrase, which must stay part of the title.
const newTitle = 'Infrastructure Delivered Right the First Time';
const oldCard = 'Network Configuration';
const newCard = 'Network Design and Configuration';

let site: CmsDevSite;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startCmsDevSite();
});
test.afterAll(async () => site?.close());
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('astro dev output', { body: site.output(), contentType: 'text/plain' });
});

const frontmatterData = (text: string) => parse(frontmatterOf(text)!.yaml) as Record<string, unknown>;

test('a writer edits a service in /admin and the page shows it', async ({ page }) => {
  test.slow();
  const before = await readFile(join(site.root, file), 'utf8');
  // The page is open before the edit, as a writer's preview would be, so the change must reach a page already served.
  expect(await (await fetch(`${site.url}/services/installation`)).text()).toContain(oldCard);

  await page.goto(`${site.url}/admin`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${site.url}/admin#/collections/services/entries/installation`);

  const heroTitle = page.locator(`input[value="${oldTitle}"]`);
  await expect(heroTitle).toBeVisible({ timeout: 30_000 });
  await heroTitle.fill(newTitle);

  // Sections and cards are folded to their titles: unfold the section, then the card, with the arrow at each one's top.
  const unfold = (title: string) => page.getByText(title, { exact: true }).filter({ visible: true }).locator('..').getByRole('button').first().click();
  await unfold('Installation & Configuration Services');
  await unfold(oldCard);
  const cardTitle = page.locator(`input[value="${oldCard}"]`);
  await expect(cardTitle).toBeVisible();
  await cardTitle.fill(newCard);

  // The local backend writes files only, so Decap offers "Publish now" (simple mode) where GitHub gets a pull request.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now', { exact: true }).click();
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 15_000 });

  const after = await readFile(join(site.root, file), 'utf8');
  expect(after).toContain(`title: ${newTitle}`);
  expect(after).toContain(`- title: ${newCard}`);
  // Only the two edited lines differ: no field dropped, reordered, requoted or added.
  const changed = after.split('\n').filter((line, index) => line !== before.split('\n')[index]);
  expect(changed).toEqual([`  title: ${newTitle}`, `      - title: ${newCard}`]);
  expect(quotingFacts(subPage).safeParse(frontmatterData(after)).error).toBeUndefined();

  await expect(async () => {
    const html = await (await fetch(`${site.url}/services/installation`)).text();
    expect(html).toContain(newCard);
    expect(html).toContain('Infrastructure Delivered');
  }).toPass({ timeout: 30_000 });
});
