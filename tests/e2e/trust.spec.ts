/**
 * A buyer's security and data-protection questions have a page, /trust, that a visitor reaches from the footer of
 * every page and from /about and /contact; it shows each answer of content/trust/ in order, an unconfirmed one
 * marked "Sample", and the certifications a buyer can verify. Everything expected is read from content/: a writer
 * who adds, confirms or removes an answer changes what this test expects, not the test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { expect, test, type Page } from '@playwright/test';
import { frontmatterOf } from '../../src/schemas/frontmatter.ts';
import { clickOnceSettled } from '../support/site.ts';
import { withFacts } from '../../src/config/facts.ts';
import { topLevelPages } from '../../src/config/routes.ts';

type Fields = Record<string, unknown>;

const trustPath = '/trust';
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const frontmatter = (path: string): Fields => (parse(frontmatterOf(read(path))?.yaml ?? '') ?? {}) as Fields;

/** The frontmatter of each file of content/<folder>/, in the page's order. */
function entries(folder: string): Fields[] {
  return readdirSync(new URL(`../../content/${folder}/`, import.meta.url))
    .filter((file) => file.endsWith('.mdx'))
    .map((file) => frontmatter(`content/${folder}/${file}`))
    .sort((a, b) => Number(a.order) - Number(b.order));
}

const trustPage = frontmatter('content/pages/trust.mdx');
const heading = withFacts(String((trustPage.hero as Fields).title));
/** The title trust.mdx gives its section of `type`. */
function sectionTitle(type: string): string {
  const section = (trustPage.sections as Fields[]).find((item) => item.type === type);
  if (!section) throw new Error(`content/pages/trust.mdx has no section of type ${type}`);
  return String(section.title);
}

const region = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
/** The visible Sample mark (src/components/ui/SampleMark.astro), as a screen reader reads it. */
const sampleMark = 'Sample: an example, not a real entry';

/** The words of the links to /trust a page's file writes: its Markdown links and its buttons (the hero's, the contact page's reasons', the sections'). */
function linkWords(path: string): string[] {
  const source = read(path);
  const inText = [...source.matchAll(/\[([^\]]+)\]\(\/trust\)/g)].map((match) => match[1]!);
  const { hero, reasons, sections = [] } = frontmatter(path) as { hero: Fields; reasons?: Fields; sections?: Fields[] };
  const actions = [hero, reasons ?? {}, ...sections].flatMap((part) => (part.actions ?? []) as Fields[]);
  return [...inText, ...actions.filter((action) => action.href === trustPath).map((action) => String(action.label))];
}

async function arrives(page: Page) {
  await expect(page).toHaveURL(new RegExp(`${trustPath}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}

test('a visitor reaches the trust page from the footer of the home page, and from the words /about and /contact give it', async ({ page }) => {
  const entry: { label: string; footerLabel?: string } = topLevelPages.find((candidate) => candidate.path === trustPath)!;
  await page.goto('/');
  await clickOnceSettled(page.getByRole('navigation', { name: 'Quick Links' }).getByRole('link', { name: entry.footerLabel ?? entry.label, exact: true }));
  await arrives(page);

  for (const [path, file] of [
    ['/about', 'content/pages/about.mdx'],
    ['/contact', 'content/pages/contact.mdx'],
  ] as const) {
    const words = linkWords(file);
    expect(words.length, `${file} links to ${trustPath} in its text or its buttons`).toBeGreaterThan(0);
    for (const name of words) {
      await page.goto(path);
      await clickOnceSettled(page.getByRole('main').getByRole('link', { name, exact: true }));
      await arrives(page);
    }
  }
});

test('/trust shows each answer of content/trust in order, with its details, and the Sample mark on each example', async ({ page }) => {
  const answers = entries('trust');
  await page.goto(trustPath);
  const section = region(page, sectionTitle('trust'));
  if (answers.length === 0) return expect(section).toHaveCount(0);
  const cards = section.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(cards).toHaveCount(answers.length);
  await expect(section.getByRole('heading', { level: 3 })).toHaveText(answers.map((item) => withFacts(String(item.title))));
  for (const [index, item] of answers.entries()) {
    const card = cards.nth(index);
    const title = String(item.title);
    await expect(card.getByText(withFacts(String(item.answer)), { exact: true }), `${title}: answer`).toBeVisible();
    for (const detail of (item.details ?? []) as string[])
      await expect(card.getByText(withFacts(detail), { exact: true }), `${title}: ${detail}`).toBeVisible();
    await expect(card.getByText(sampleMark, { exact: true }), `${title}: Sample mark`).toHaveCount(item.sample === true ? 1 : 0);
  }
  // An answer still to be confirmed is never shown without its mark: as many marks as examples.
  await expect(section.getByText(sampleMark, { exact: true })).toHaveCount(answers.filter((item) => item.sample === true).length);
});

test('/trust shows each certification of content/certifications with its link to the issuer, and the Sample mark on each example', async ({ page }) => {
  const certifications = entries('certifications');
  await page.goto(trustPath);
  const section = region(page, sectionTitle('certifications'));
  if (certifications.length === 0) return expect(section).toHaveCount(0);
  await expect(section.getByRole('heading', { level: 3 })).toHaveText(certifications.map((item) => String(item.title)));
  for (const [index, item] of certifications.entries()) {
    const card = section.getByRole('listitem').nth(index);
    const verify = card.getByRole('link', { name: `Verify ${String(item.title)} with the issuer` });
    await expect(verify).toHaveCount(item.verifyUrl ? 1 : 0);
    if (item.verifyUrl) await expect(verify).toHaveAttribute('href', String(item.verifyUrl));
    await expect(card.getByText(sampleMark, { exact: true }), `${String(item.title)}: Sample mark`).toHaveCount(item.sample === true ? 1 : 0);
  }
});
