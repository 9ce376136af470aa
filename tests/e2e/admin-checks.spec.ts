/**
 * The editor as a writer meets it: a form in plain words (pages by name, labels and hints, sections by what they
 * show, an icon chooser, no field dump), and refusing what the build refuses, before saving: each mistake of
 * docs/CONTENT.md §16 a writer can make in /admin, made there, is refused on Publish with the build's message next
 * to the field it is about, and the file on disk is not touched. `astro dev` and decap-server in a copy of the
 * project (tests/support/cms-dev-site.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { test, useCmsDevSite } from '../support/cms-dev-site.ts';

const site = useCmsDevSite();

// Each test fills a dozen boxes of a long form in a loaded browser.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const fileText = (file: string) => readFile(join(site.root, file), 'utf8');

async function openEntry(page: Page, path: string): Promise<void> {
  await page.goto(`${site.url}/admin`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${site.url}/admin#/collections/${path}`);
  await expect(page.getByLabel('Title in search results')).toBeVisible({ timeout: 30_000 });
}

/** Unfolds a section or list item by its title, with the arrow at its top (as a writer does). */
const unfold = (page: Page, title: string) =>
  page.getByText(title, { exact: true }).filter({ visible: true }).locator('..').getByRole('button').first().click();

/** What Decap lists under a field's label when it refuses the field's value. */
const refusalAt = (label: Locator) => label.locator('xpath=ancestor::div[1]').getByRole('listitem');

const labelled = (page: Page, text: string) =>
  page
    .locator('label')
    .filter({ hasText: new RegExp(`^${text}( \\(optional\\))?$`) })
    .filter({ visible: true });

async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now', { exact: true }).click();
}

test('pages are listed by name and a service reads in plain words, fields where a writer looks for them', async ({ page }) => {
  await page.goto(`${site.url}/admin`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${site.url}/admin#/collections/pages`);
  for (const name of ['Home', 'About', 'Contact']) await expect(page.getByRole('link', { name, exact: true })).toBeVisible({ timeout: 30_000 });

  await page.goto(`${site.url}/admin#/collections/pages/entries/contact`);
  await expect(page.locator('label', { hasText: "Reasons beside the contact form ('Why Choose Us')" })).toBeVisible({ timeout: 30_000 });

  await page.goto(`${site.url}/admin#/collections/services/entries/installation`);
  await expect(page.locator('label', { hasText: 'Also list in the footer' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Show a 'Call' button")).toBeVisible();
  await expect(page.getByText('Reasons beside the contact form')).toHaveCount(0);
  // Highlight comes right after the title it must quote.
  const heroLabels = await page.locator('label').filter({ visible: true }).allTextContents();
  const title = heroLabels.indexOf('Title');
  expect(heroLabels.slice(title, title + 2)).toEqual(['Title', 'Highlighted words (optional)']);
  // The page text is a plain box: no toolbar of buttons that do nothing.
  await expect(page.getByRole('textbox', { name: 'Page text' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bold' })).toHaveCount(0);
  // No preview pane listing the fields unstyled.
  await expect(page.locator('#preview-pane')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add sections' }).click();
  for (const type of ['Service-level cards', 'Questions and answers', 'Closing call to action'])
    await expect(page.getByRole('menuitem', { name: type })).toBeVisible();
});

test('a service with wrong lengths, highlight, a half-filled footer entry, then a misspelt fact, is refused field by field', async ({ page }) => {
  const file = 'content/services/installation.mdx';
  const before = await fileText(file);
  await openEntry(page, 'services/entries/installation');

  await page.getByLabel('Title in search results').fill('x'.repeat(3000));
  await page.getByLabel('Description in search results').fill('Too short for search results.');
  await page.getByLabel('Name in menus').fill('Installation, Configuration and Hardening Services');
  await page.getByLabel('Highlighted words').fill('Right First Time');
  await page.getByLabel('Name in the footer').fill('Installation');
  await publish(page);

  await expect(refusalAt(labelled(page, 'Title in search results'))).toHaveText('too long: at most 70 characters (has 3000)');
  await expect(refusalAt(labelled(page, 'Description in search results'))).toHaveText('too short: at least 50 characters (has 29)');
  await expect(refusalAt(labelled(page, 'Name in menus'))).toHaveText('too long: at most 40 characters (has 50)');
  await expect(refusalAt(labelled(page, 'Highlighted words'))).toHaveText(
    '"Right First Time" is not part of the title "Infrastructure Set Up Right the First Time": the highlight must be a phrase of the title, written exactly as there',
  );
  await expect(refusalAt(labelled(page, 'Position in the footer'))).toHaveText('"order" is missing: it is required here');

  // A misspelt fact stops the check of the rest, in the build as here: it is reported alone.
  await page.getByLabel('Text under the title').first().fill('Certified engineers with {{yearsExperiance}} years behind them.');
  await publish(page);
  await expect(refusalAt(labelled(page, 'Text under the title').first())).toContainText(
    '{{yearsExperiance}} is not a fact of src/config/facts.ts: did you mean {{yearsExperience}}? (known: ',
  );

  expect(await fileText(file)).toBe(before);
});

// A page's links are checked once its fields pass, in the build as here: one mistake at a time.
test('links to a page that does not exist, to a section that does not exist, or in no known form are refused', async ({ page }) => {
  const file = 'content/services/installation.mdx';
  const before = await fileText(file);
  await openEntry(page, 'services/entries/installation');
  await unfold(page, 'Get a Free Quote');
  await unfold(page, 'See Our Capabilities');
  const links = page.getByLabel('Link', { exact: true }).filter({ visible: true });
  await links.nth(0).fill('/services/instalation');
  await publish(page);
  await expect(refusalAt(labelled(page, 'Link').nth(0))).toHaveText(
    '"/services/instalation" is not a page of this site: did you mean "/services/installation"? (docs/CONTENT.md lists the addresses; a sub-page exists once its file is in content/<section>/)',
  );

  // Decap keeps the caret where it was on a re-draw: empty the box first, as a writer selecting all would.
  await links.nth(0).clear();
  await links.nth(0).fill('services/security');
  await publish(page);
  await expect(refusalAt(labelled(page, 'Link').nth(0))).toHaveText(
    '"services/security" is not a link: write a page of this site as /path in lowercase (e.g. /services/security or /contact#form), a section of this page as #id, or a full https:, tel: or mailto: address',
  );

  await links.nth(0).clear();
  await links.nth(0).fill('/contact');
  await links.nth(1).fill('#capabilites');
  await publish(page);
  await expect(refusalAt(labelled(page, 'Link').nth(1))).toHaveText(
    '"#capabilites" leads nowhere: no section of this page has the id "capabilites" (the ids here are "capabilities")',
  );
  await expect(refusalAt(labelled(page, 'Link').nth(0))).toHaveCount(0);
  expect(await fileText(file)).toBe(before);
});

test('a section with a wrong number of columns, a wrong anchor, and a new section with no items are refused', async ({ page }) => {
  const file = 'content/services/installation.mdx';
  const before = await fileText(file);
  await openEntry(page, 'services/entries/installation');
  await unfold(page, 'Installation & Configuration Services');
  await page.getByLabel('Columns').filter({ visible: true }).fill('5');
  await unfold(page, 'What Our Engineers Configure');
  const anchor = page.locator('input[value="capabilities"]');
  const anchorLabel = page.locator(`label[for="${await anchor.getAttribute('id')}"]`);
  await anchor.fill('Capabilities');
  await page.getByRole('button', { name: 'Add sections' }).click();
  await page.getByRole('menuitem', { name: 'Badges', exact: true }).click();
  await page.getByLabel('Title', { exact: true }).filter({ visible: true }).last().fill('Certifications');
  await publish(page);

  await expect(refusalAt(labelled(page, 'Columns'))).toHaveText('must be one of 2, 3, 4 (found the number 5)');
  await expect(refusalAt(anchorLabel)).toHaveText('use lowercase letters, digits and hyphens');
  // A list never opened is not in the entry at all, as the file would have it.
  await expect(refusalAt(labelled(page, 'Items').last())).toHaveText('"items" is missing: it is required here');
  expect(await fileText(file)).toBe(before);
});

test('a maturity score over 100 is refused', async ({ page }) => {
  const file = 'content/consulting/data-analytics.mdx';
  const before = await fileText(file);
  await openEntry(page, 'consulting/entries/data-analytics');
  await unfold(page, 'A Typical Maturity Profile');
  await unfold(page, 'Data Collection & Storage');
  await page.getByLabel('Score (0 to 100)').filter({ visible: true }).first().fill('170');
  await publish(page);

  await expect(refusalAt(labelled(page, 'Score \\(0 to 100\\)').first())).toHaveText('must be at most 100');
  expect(await fileText(file)).toBe(before);
});

test('a new service whose address another service has is refused, and nothing is created', async ({ page }) => {
  await page.goto(`${site.url}/admin`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${site.url}/admin#/collections/services/new`);
  const name = page.getByLabel('Name in menus');
  await expect(name).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('A new page takes its address from it')).toBeVisible();
  await name.fill('Installation');
  await publish(page);

  await expect(refusalAt(labelled(page, 'Name in menus'))).toHaveText(
    'the page “Installation & Configuration” already has the address /services/installation: give the new page another name in menus (it makes the address)',
  );
  await expect(readdir(join(site.root, 'content/services'))).resolves.not.toContain('installation-1.mdx');
});

test('an icon is chosen from the names the site accepts, by typing part of one', async ({ page }) => {
  await openEntry(page, 'services/entries/installation');
  await unfold(page, 'Get a Free Quote');
  const icon = page.getByRole('combobox', { name: 'Icon' }).filter({ visible: true }).first();
  await icon.click();
  await icon.pressSequentially('rocke');
  await expect(page.getByRole('option', { name: 'rocket', exact: true })).toBeVisible();
});
