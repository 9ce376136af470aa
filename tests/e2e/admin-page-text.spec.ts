/**
 * Page text in the editor is checked as the build checks it (src/schemas/page-text/): a pasted video, a link to a
 * page that does not exist and a misspelt fact are each refused on Publish next to the Page text box, with the
 * build's sentence, and the file on disk is not touched; an invisible character pasted into a title is removed on
 * save, and Word's bullets become list items. `astro dev` and decap-server in a copy of the project (tests/support/cms-dev-site.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { test, useCmsDevSite } from '../support/cms-dev-site.ts';

const site = useCmsDevSite();

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const file = 'content/services/installation.mdx';
const fileText = () => readFile(join(site.root, file), 'utf8');

async function openInstallation(page: Page): Promise<void> {
  await page.goto(`${site.url}/admin`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${site.url}/admin#/collections/services/entries/installation`);
  await expect(page.getByLabel('Title in search results')).toBeVisible({ timeout: 30_000 });
}

/** What Decap lists under a field's label when it refuses the field's value. */
const refusalAt = (label: Locator) => label.locator('xpath=ancestor::div[1]').getByRole('listitem');
const pageTextRefusal = (page: Page) => refusalAt(page.locator('label').filter({ hasText: /^Page text( \(optional\))?$/ }));

async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now', { exact: true }).click();
}

test('a pasted video, a link to a misspelt page and a misspelt fact in Page text are each refused next to it, nothing written', async ({ page }) => {
  const before = await fileText();
  await openInstallation(page);
  const text = page.getByRole('textbox', { name: 'Page text' });
  const original = await text.inputValue();

  await text.fill(`${original}\n\n<iframe src="https://www.youtube.com/embed/abc"></iframe>\n`);
  await publish(page);
  await expect(pageTextRefusal(page)).toContainText(
    'the page text contains an <iframe> element: pages cannot embed other sites; for a YouTube or Vimeo video add a "Video" section (docs/CONTENT.md §11)',
  );
  expect(await fileText()).toBe(before);

  await text.fill(`${original}\n\nQuestions? [Write to us](/contcat).\n`);
  await publish(page);
  await expect(pageTextRefusal(page)).toContainText('the link "/contcat" in the page text is not a page of this site: did you mean "/contact"?');
  expect(await fileText()).toBe(before);

  await text.fill(`${original}\n\nWith {{yearsExperiance}} years behind us.\n`);
  await publish(page);
  await expect(pageTextRefusal(page)).toContainText('{{yearsExperiance}} is not a fact of src/config/facts.ts: did you mean {{yearsExperience}}?');
  expect(await fileText()).toBe(before);
});

test("a soft hyphen pasted into a title is removed on save, and Word's bullets in Page text become a list", async ({ page }) => {
  await openInstallation(page);
  await page.getByLabel('Title', { exact: true }).filter({ visible: true }).first().fill('Infrastructure Set Up Right the First Ti\u00ADme, Every Time');
  const text = page.getByRole('textbox', { name: 'Page text' });
  await text.fill(`${await text.inputValue()}\n\nWhat we set up:\n\n• Servers\n• Networks\n`);
  await publish(page);
  await expect.poll(fileText, { timeout: 30_000 }).toContain('Infrastructure Set Up Right the First Time, Every Time');
  const saved = await fileText();
  expect(saved).not.toContain('\u00AD');
  expect(saved).toContain('What we set up:\n\n- Servers\n- Networks\n');
});
