/**
 * People and certifications in the editor at /admin, on `astro dev` with decap-server in a copy of the project
 * (tests/support/cms-dev-site.ts): what a buyer could not check is refused next to its field before saving, and a
 * person added through the form is a file of content/people/ that /about shows.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { contentStoreTime, storeRewrittenSince, test, useCmsDevSite } from '../support/cms-dev-site.ts';

const site = useCmsDevSite();

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const fileText = (file: string) => readFile(join(site.root, file), 'utf8');

async function open(page: Page, path: string, firstLabel: string): Promise<void> {
  await page.goto(`${site.url}/admin`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${site.url}/admin#/collections/${path}`);
  await expect(field(page, firstLabel)).toBeVisible({ timeout: 30_000 });
}

/** A field by its label, which says "(optional)" after it where the field may stay empty. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\(optional\\))?$`));

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

test('a certification a buyer could not check is refused next to its field, and its file is not touched', async ({ page }) => {
  const file = 'content/certifications/example-cloud-partner.mdx';
  const before = await fileText(file);
  expect(before).not.toContain('credentialId:');
  await open(page, 'certifications/entries/example-cloud-partner', 'Verification link');
  await field(page, 'Verification link').fill('http://example.net/partners/kalpaka');
  await publish(page);
  await expect(page.getByText('Editing: Cloud Partner, Gold level (/about)', { exact: true })).toBeVisible();
  await expect(refusalAt(labelled(page, 'Verification link'))).toHaveText(
    '"http://example.net/partners/kalpaka" is not a full https address (write https:// instead of http://, if the site answers there): copy the address from the browser\'s address bar, starting with https://, such as https://www.example-issuer.org/verify/<ID>',
  );
  // Emptied as a writer does, by selecting the text and deleting it.
  await field(page, 'Verification link').press('ControlOrMeta+a');
  await field(page, 'Verification link').press('Delete');
  await expect(field(page, 'Verification link')).toHaveValue('');
  await publish(page);
  await expect(refusalAt(labelled(page, 'Certificate number or partner ID'))).toHaveText(
    "a buyer cannot check this: write the certificate number or partner ID as the issuer prints it (credentialId), or the https address of the issuer's page that confirms it (verifyUrl), or both",
  );
  expect(await fileText(file)).toBe(before);
});

test('a person added in the editor is a file of content/people/, shown on /about with a profile link and no Sample mark', async ({ page }) => {
  await open(page, 'people/new', 'Name');
  await expect(page.getByText('Page text')).toHaveCount(0);
  await field(page, 'Name').fill('Testa Invented');
  await field(page, 'Job title').fill('Chief Operating Officer');
  await field(page, 'Public profile link').fill('https://example.com/people/testa-invented');
  await page.getByLabel('Position on the About page').selectOption({ label: 'After Morgan Sample' });
  const storedBefore = await contentStoreTime(site);
  await publish(page);
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 15_000 });

  const written = await fileText('content/people/testa-invented.mdx');
  expect(written).toContain('\nname: Testa Invented\n');
  expect(written).toContain('\nrole: Chief Operating Officer\n');
  expect(written).toContain('\nprofile: https://example.com/people/testa-invented\n');
  expect(written).not.toContain('sample: true');

  // Read once astro dev has taken in the save, so no page request is in flight as its store changes.
  await storeRewrittenSince(site, storedBefore);
  await page.goto(`${site.url}/about`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Testa Invented' }) });
  await expect(card.getByRole('link', { name: 'Public profile of Testa Invented' })).toHaveAttribute('href', 'https://example.com/people/testa-invented');
  await expect(card.getByText('Sample: an example, not a real entry')).toHaveCount(0);
});

test('a case study added in the editor, as docs/CONTENT.md walks through it: services picked from the site, an address without stray hyphens, shown on its page', async ({
  page,
}) => {
  const title = 'A retailer’s helpdesk answering within minutes';
  const address = '/case-studies/a-retailers-helpdesk-answering-within-minutes';
  await open(page, 'case-studies/new', 'Title in search results');
  // Nothing has been written for a new page: the top bar does not say it was saved.
  await expect(page.getByText('No unsaved changes')).toBeVisible();
  await expect(page.getByText(/changes saved/i)).toHaveCount(0);

  await field(page, 'Title in search results').fill('Retail helpdesk case study | Kalpaka');
  await field(page, 'Description in search results').fill('How a retailer’s IT helpdesk came to answer within minutes, with figures checked by the client.');
  await field(page, 'Title').fill(title);
  await field(page, 'Summary').fill('A retailer’s helpdesk went from hours to minutes for a first answer, across three countries and two languages.');
  await field(page, 'Who the client is, without the name').fill('A European fashion retailer with 140 stores');
  await field(page, 'The problem').fill('Store staff waited hours for a first answer from the helpdesk, and tills stayed down meanwhile.');

  // Services are chosen from the site's own pages, as the picker lists them.
  await page.getByRole('combobox', { name: 'Services used' }).click();
  const choice = page.getByRole('option').first();
  const chosen = (await choice.textContent())!;
  await choice.click();

  await page.getByRole('button', { name: 'Add results' }).click();
  await field(page, 'Figure').fill('92');
  await field(page, 'Unit').fill('%');
  await field(page, 'What it measures').fill('of store calls answered within five minutes');
  await field(page, 'Over what period').fill('in the first quarter after the switch');
  await field(page, 'Duration').fill('10 weeks');
  await page.getByRole('button', { name: 'Set date to now' }).click();
  await field(page, 'What we did').fill('We took over the first line in two languages and wrote the answers to the ten commonest calls.');

  const storedBefore = await contentStoreTime(site);
  await publish(page);
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 15_000 });

  const written = await fileText(`content${address}.mdx`);
  expect(written).toContain(`\ntitle: ${title}\n`);
  expect(written).not.toContain('__');
  const [, service] = /\nservices:\n {2}- (\S+)\n/.exec(written) ?? [];
  expect(service).toMatch(/^\/(services|consulting|outsourcing)\/[a-z0-9-]+$/);

  await storeRewrittenSince(site, storedBefore);
  await page.goto(`${site.url}${address}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  // The service chosen is the one the page links to, by the name the picker showed.
  await expect(page.locator(`main a[href="${service}"]`).first()).toContainText(chosen.replace(/^[^:]+: /, ''));
});
