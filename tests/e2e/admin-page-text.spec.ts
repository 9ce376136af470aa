/**
 * Page text in the editor is checked as the build checks it (src/schemas/page-text/): a pasted video, a link to a
 * page that does not exist and a misspelt fact are each refused on Publish next to the Page text box, with the
 * build's sentence, and the file on disk is not touched; an invisible character pasted into a title is removed on
 * save, and Word's bullets become list items; a document copied from Word or Google Docs (their clipboard's HTML and
 * text, tests/fixtures/clipboard/) and pasted into Page text is published with its paragraphs, lists and headings,
 * and a heading level skipped is refused. `astro dev` and decap-server in a copy of the project (tests/support/cms-dev-site.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { contentStoreTime, storeRewrittenSince, test, useCmsDevSite } from '../support/cms-dev-site.ts';

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

const clipboard = (name: string) => readFile(join(import.meta.dirname, '../fixtures/clipboard', name), 'utf8');

/** Pastes as the browser delivers a paste from another program: its HTML and its plain text, on the focused box. */
async function paste(box: Locator, data: { html?: string; text: string }): Promise<void> {
  await box.focus();
  await box.evaluate((target, { html, text }) => {
    const transfer = new DataTransfer();
    if (html) transfer.setData('text/html', html);
    transfer.setData('text/plain', text);
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, data);
}

/**
 * The document as the writer saw it in Word or Google Docs, block by block: its two headings (Heading 1 and 2,
 * under the page's own title and section headings: h2 and h3), its paragraphs, its two lists and the bold words.
 */
const copiedDocument = [
  'h2 Moving your service desk to us',
  'p Most clients move their service desk in six to eight weeks, without a day of missed calls.',
  'p We start with a two-week review of your tickets.',
  'h3 What the first month covers',
  'ul Ticket history and the ten commonest requests | Knowledge articles for each of them | A shadowing week beside your team',
  'p Your team stays in charge until the switch-over.',
  'ol Review | Shadowing | Switch-over',
  'p <strong>Every call</strong> is answered in English or Hindi.',
];

for (const source of ['word-desktop', 'google-docs']) {
  test(`a document copied from ${source === 'word-desktop' ? 'Word' : 'Google Docs'} and pasted into Page text is published with its paragraphs, lists and headings`, async ({
    page,
  }) => {
    const before = await fileText();
    try {
      await openInstallation(page);
      const text = page.getByRole('textbox', { name: 'Page text' });
      await text.fill('');
      await paste(text, { html: await clipboard(`${source}.html`), text: await clipboard(`${source}.txt`) });
      await expect(text).toHaveValue(/^## Moving your service desk to us\n\nMost clients/);
      const storedBefore = await contentStoreTime(site);
      await publish(page);
      await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 15_000 });

      await storeRewrittenSince(site, storedBefore);
      await page.goto(`${site.url}/services/installation`);
      const first = page.getByRole('heading', { name: 'Moving your service desk to us' });
      await expect(first).toBeVisible();
      // Read again until it holds: the dev server may reload the page once more as it takes in the saved file.
      await expect(async () => {
        const published = await first.evaluate((heading) => {
          const blocks: string[] = [];
          for (let block: Element | null = heading; block; block = block.nextElementSibling) {
            const tag = block.tagName.toLowerCase();
            const items = [...block.querySelectorAll(':scope > li')].map((item) => item.textContent?.trim());
            blocks.push(`${tag} ${items.length > 0 ? items.join(' | ') : block.innerHTML.trim()}`);
          }
          return blocks;
        });
        expect(published).toEqual(copiedDocument);
      }).toPass({ timeout: 30_000 });
    } finally {
      await writeFile(join(site.root, file), before);
    }
  });
}

test('plain text pasted with single line breaks keeps each line a paragraph, and a skipped heading level is refused', async ({ page }) => {
  const before = await fileText();
  await openInstallation(page);
  const text = page.getByRole('textbox', { name: 'Page text' });
  await text.fill('');
  await paste(text, { text: await clipboard('word-desktop.txt') });
  await expect(text).toHaveValue(/^Moving your service desk to us\n\nMost clients .*\n\nWe start with/);
  await expect(text).toHaveValue(/\n- A shadowing week beside your team\n\nYour team stays in charge/);

  await text.fill('## How we work\n\nIn four steps.\n\n#### Discovery\n\nWe read your tickets.\n');
  await publish(page);
  await expect(pageTextRefusal(page)).toContainText(
    'Line 5: the heading "Discovery" skips a level: it is a level-4 heading ("#### ") after a level-2 one, and headings go down one level at a time for screen readers and search engines; start it with "### " instead',
  );
  expect(await fileText()).toBe(before);
});
