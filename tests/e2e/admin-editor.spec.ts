/**
 * A writer's edit through /admin, end to end: `astro dev` and decap-server in a copy of the project (the real
 * content/ is never touched), the editor in Chromium, a service's hero title and one card changed and saved,
 * then the file on disk, its frontmatter against the content schema, and the page the dev server now shows.
 * Saving changes only the lines of the fields changed, and a file the build cannot read is shown as its problem,
 * with no way to save over it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { subPage } from '../../src/schemas/page.ts';
import { quotingFacts } from '../../src/schemas/facts.ts';
import { frontmatterOf } from '../../src/schemas/frontmatter.ts';
import { aliasBomb } from '../support/alias-bomb.ts';
import { contentStoreTime, storeRewrittenSince, test, useCmsDevSite } from '../support/cms-dev-site.ts';

const file = 'content/services/installation.mdx';
const oldTitle = 'Infrastructure Set Up Right the First Time';
// Keeps the highlighted phrase, which must stay part of the title.
const newTitle = 'Infrastructure Delivered Right the First Time';
const oldCard = 'Network Configuration';
const newCard = 'Network Design and Configuration';

const site = useCmsDevSite();

test.describe.configure({ mode: 'serial' });

const frontmatterData = (text: string) => parse(frontmatterOf(text)!.yaml) as Record<string, unknown>;

test('a writer edits a service in /admin and the page shows it', async ({ page }) => {
  // The editor opened (Decap's bundle: about a core-second), two saves that astro dev checks and renders, and the
  // page read after each: under a minute on a loaded 2-core machine.
  test.setTimeout(180_000);
  const before = await readFile(join(site.root, file), 'utf8');
  // The page is open before the edit, as a writer's preview would be, so the change must reach a page already served.
  expect(await (await fetch(`${site.url}/services/installation`)).text()).toContain(oldCard);

  // The editor's policy allows no inline style but Decap's own by hash (src/cms/build/decap-styles.ts): anything it refuses is listed.
  await page.addInitScript(() => {
    const refused: string[] = [];
    Object.assign(window, { refusedByPolicy: refused });
    document.addEventListener('securitypolicyviolation', (event) => refused.push(`${event.effectiveDirective}: ${event.sample || event.blockedURI}`));
  });
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
  const storedBefore = await contentStoreTime(site);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now', { exact: true }).click();
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 15_000 });
  // The toast is styled (react-toastify's stylesheet is allowed by its hash): it floats at the top of the window.
  await expect(page.locator('.Toastify__toast-container')).toHaveCSS('position', 'fixed');
  expect(await page.evaluate(() => (window as unknown as { refusedByPolicy: string[] }).refusedByPolicy), 'what the editor’s policy refused').toEqual([]);

  const after = await readFile(join(site.root, file), 'utf8');
  expect(after).toContain(`title: ${newTitle}`);
  expect(after).toContain(`- title: ${newCard}`);
  // Only the two edited lines differ: no field dropped, reordered, requoted or added.
  const changed = after.split('\n').filter((line, index) => line !== before.split('\n')[index]);
  expect(changed).toEqual([`  title: ${newTitle}`, `      - title: ${newCard}`]);
  expect(quotingFacts(subPage).safeParse(frontmatterData(after)).error).toBeUndefined();

  await storeRewrittenSince(site, storedBefore);
  await expect(async () => {
    const html = await (await fetch(`${site.url}/services/installation`)).text();
    expect(html).toContain(newCard);
    expect(html).toContain('Infrastructure Delivered');
  }).toPass({ timeout: 30_000 });
});

/** Opens an entry of the editor, signed in to the local backend. */
async function openEntry(page: Page, collection: string, slug: string) {
  await page.goto(`${site.url}/admin`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${site.url}/admin#/collections/${collection}/entries/${slug}`);
}

async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now', { exact: true }).click();
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 15_000 });
}

const changedLines = (before: string, after: string) => {
  const old = before.split('\n');
  return after.split('\n').flatMap((line, index) => (line === old[index] ? [] : [{ was: old[index], now: line }]));
};

test('a field changed and changed back through the editor leaves the page byte for byte as it was', async ({ page }) => {
  // The editor opened twice (Decap's bundle: about a core-second each) and two saves that astro dev checks and
  // renders: under a minute on a loaded 2-core machine.
  test.setTimeout(180_000);
  // A page with quoted values ('#maturity', '{{projectsDelivered}}'), which must keep their quotes. Decap saves nothing unchanged, so: change, save, undo, save.
  const file = 'content/consulting/data-analytics.mdx';
  const before = await readFile(join(site.root, file), 'utf8');
  const oldTitle = 'Turn Your Data into Decisions';
  await openEntry(page, 'consulting', 'data-analytics');
  await expect(page.locator(`input[value="${oldTitle}"]`)).toBeVisible({ timeout: 30_000 });
  await page.locator(`input[value="${oldTitle}"]`).fill(`${oldTitle} Today`);
  await publish(page);
  const changed = await readFile(join(site.root, file), 'utf8');
  expect(changedLines(before, changed)).toEqual([{ was: `  title: ${oldTitle}`, now: `  title: ${oldTitle} Today` }]);

  // Opened again, as the writer would come back to it later.
  await page.reload();
  const title = page.locator(`input[value="${oldTitle} Today"]`);
  await expect(title).toBeVisible({ timeout: 30_000 });
  await title.fill(oldTitle);
  await publish(page);
  expect(await readFile(join(site.root, file), 'utf8')).toBe(before);
});

test('one field changed on a page with one-line lists and groups changes that line only', async ({ page }) => {
  test.slow();
  const file = 'content/pages/home.mdx';
  const before = await readFile(join(site.root, file), 'utf8');
  await openEntry(page, 'pages', 'home');
  const title = page.locator(`input[value="Turning tomorrow's tech into today's business advantage"]`);
  await expect(title).toBeVisible({ timeout: 30_000 });
  await title.fill("Turning tomorrow's tech into today's business advantage, today");
  await publish(page);
  const after = await readFile(join(site.root, file), 'utf8');
  expect(changedLines(before, after)).toEqual([
    { was: "  title: Turning tomorrow's tech into today's business advantage", now: "  title: Turning tomorrow's tech into today's business advantage, today" },
  ]);
});

test("a file whose YAML does not read is listed with its problem, opens as the build's message and cannot be saved", async ({ page }) => {
  test.slow();
  const file = join(site.root, 'content/services/security.mdx');
  const original = await readFile(file, 'utf8');
  // Word's curly quotes around a title with ": " in it.
  const broken = original.replace(/^ {2}title: (.*)$/m, '  title: “Security: $1”');
  expect(broken).not.toBe(original);
  const line = broken.split('\n').findIndex((text) => text.startsWith('  title: “Security: ')) + 1;
  await writeFile(file, broken);
  try {
    await page.goto(`${site.url}/admin`);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.goto(`${site.url}/admin#/collections/services`);
    const listed = page.getByText(`⚠ This page cannot be opened in the editor: line ${line} of its file needs a fix`);
    await expect(listed).toBeVisible({ timeout: 30_000 });
    await listed.click();

    const problem = page.getByRole('alert').filter({ hasText: 'content/services/security.mdx' });
    await expect(problem).toBeVisible({ timeout: 30_000 });
    await expect(problem).toContainText(`content/services/security.mdx, line ${line}:`);
    await expect(problem).toContainText(
      "This line's text is wrapped in curly quotes “…” (as Word and e-mail type them), which YAML does not read as quotes: use straight quotes instead",
    );
    await expect(problem).toContainText('The YAML parser said: Nested mappings are not allowed in compact mappings');
    // No box to fill in: the form's fields are not shown.
    await expect(page.locator('input:visible, textarea:visible, [contenteditable="true"]:visible')).toHaveCount(0);
    await expect(problem.getByRole('heading', { name: 'This page cannot be opened in the editor' })).toBeVisible();
    // Nothing to publish: the toolbar shows the entry as published, with no Publish button.
    await expect(page.getByRole('button', { name: 'Published', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
    expect(await readFile(file, 'utf8')).toBe(broken);
  } finally {
    await writeFile(file, original);
  }
});

test('a file with YAML aliases (a 470-byte "billion laughs") is listed with its problem and cannot be saved', async ({ page }) => {
  test.slow();
  const file = join(site.root, 'content/services/security.mdx');
  const original = await readFile(file, 'utf8');
  await writeFile(file, original.replace(/^---\n[\s\S]*?\n---\n/, aliasBomb()));
  try {
    await page.goto(`${site.url}/admin`);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.goto(`${site.url}/admin#/collections/services`);
    const listed = page.getByText('⚠ This page cannot be opened in the editor: line 2 of its file needs a fix');
    await expect(listed).toBeVisible({ timeout: 30_000 });
    await listed.click();

    const problem = page.getByRole('alert').filter({ hasText: 'content/services/security.mdx' });
    await expect(problem).toBeVisible({ timeout: 30_000 });
    await expect(problem).toContainText('content/services/security.mdx, line 2:');
    await expect(problem).toContainText('"&a" marks a value to be repeated elsewhere in the file (a YAML anchor), and page files never need it');
    await expect(page.locator('input:visible, textarea:visible, [contenteditable="true"]:visible')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
    // The dev server read the same file and still answers, every page with the unfixed mistake: it did not run out of memory.
    const other = await fetch(`${site.url}/services/installation`);
    expect(other.status).toBe(500);
    expect(await other.text()).toContain('<title>AstroUserError</title>');
  } finally {
    await writeFile(file, original);
  }
});
