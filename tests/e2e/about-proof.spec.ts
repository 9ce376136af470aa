/**
 * /about shows the people and the certifications a buyer can check, as their files under content/ list them: a
 * writer who adds, changes or removes a file changes what this test expects, not the test.
 */
import { expect, test, type Page } from '@playwright/test';
import { orderedEntries } from '../../scripts/content/content-routes.ts';

type Fields = Record<string, unknown>;

/** The frontmatter of each live file of content/<folder>/, in the page's order. */
const entries = (folder: string): Fields[] => orderedEntries(folder).map((entry) => entry.data);

/** The title about.mdx gives its section of `type`. */
function sectionTitle(type: string): string {
  const about = orderedEntries('pages').find((entry) => entry.slug === 'about');
  const section = ((about?.data.sections ?? []) as Fields[]).find((item) => item.type === type);
  if (!section) throw new Error(`content/pages/about.mdx has no section of type ${type}`);
  return String(section.title);
}

const region = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
/** The visible Sample mark (src/components/ui/SampleMark.astro), as a screen reader reads it. */
const sampleMark = 'Sample: an example, not a real entry';
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

test('/about shows each person of content/people in order, with job title, profile link, and the Sample mark on a sample', async ({ page }) => {
  const people = entries('people');
  await page.goto('/about');
  const section = region(page, sectionTitle('people'));
  if (people.length === 0) return expect(section).toHaveCount(0);
  const cards = section.getByRole('listitem');
  await expect(cards).toHaveCount(people.length);
  await expect(section.getByRole('heading', { level: 3 })).toHaveText(people.map((person) => String(person.name)));
  for (const [index, person] of people.entries()) {
    const card = cards.nth(index);
    await expect(card.getByText(String(person.role), { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: `Public profile of ${String(person.name)}` })).toHaveAttribute('href', String(person.profile));
    // A photo shows with its alt text; without one, the initials stand in with a text alternative naming the person.
    const picture = card.getByRole('img', { name: person.photo ? String((person.photo as Fields).alt) : `${String(person.name)}'s initials (no photo)` });
    await expect(picture).toBeVisible();
    await expect(card.getByText(sampleMark, { exact: true }), `${String(person.name)}: Sample mark`).toHaveCount(person.sample === true ? 1 : 0);
  }
});

test('/about shows each certification of content/certifications in order, with issuer, holder, ID, expiry, verification link and the Sample mark', async ({
  page,
}) => {
  const certifications = entries('certifications');
  await page.goto('/about');
  const section = region(page, sectionTitle('certifications'));
  if (certifications.length === 0) return expect(section).toHaveCount(0);
  const cards = section.getByRole('listitem');
  await expect(cards).toHaveCount(certifications.length);
  await expect(section.getByRole('heading', { level: 3 })).toHaveText(certifications.map((item) => String(item.title)));
  for (const [index, item] of certifications.entries()) {
    const card = cards.nth(index);
    const title = String(item.title);
    const facts = card.getByRole('definition');
    await expect(facts.filter({ hasText: String(item.issuer) }), `${title}: issuer`).toHaveCount(1);
    await expect(facts.filter({ hasText: String(item.holder) }), `${title}: holder`).toHaveCount(1);
    if (item.credentialId) await expect(facts.filter({ hasText: String(item.credentialId) }), `${title}: ID`).toHaveCount(1);
    await expect(card.locator('time')).toHaveText(day.format(new Date(String(item.validUntil))));
    await expect(card.locator('time')).toHaveAttribute('datetime', String(item.validUntil));
    const verify = card.getByRole('link', { name: `Verify ${title} with the issuer` });
    await expect(verify).toHaveCount(item.verifyUrl ? 1 : 0);
    if (item.verifyUrl) await expect(verify).toHaveAttribute('href', String(item.verifyUrl));
    await expect(card.getByText(sampleMark, { exact: true }), `${title}: Sample mark`).toHaveCount(item.sample === true ? 1 : 0);
  }
});

test('/about no longer shows certification names as bare chips: every certification there is a card a buyer can check', async ({ page }) => {
  const certifications = entries('certifications');
  await page.goto('/about');
  const section = region(page, sectionTitle('certifications'));
  // With no certification file the section is left out (docs/CONTENT.md), so there is no chip either.
  if (certifications.length === 0) return expect(section).toHaveCount(0);
  const cards = section.getByRole('listitem');
  await expect(cards).toHaveCount(certifications.length);
  // Each card has the issuer, the expiry date, and an ID or a link to the issuer's page.
  for (const card of await cards.all()) {
    await expect(card.getByRole('term').filter({ hasText: /^(Issued by|Partner of)$/ })).toHaveCount(1);
    await expect(card.getByRole('term').filter({ hasText: 'Valid until' })).toHaveCount(1);
    const checkable =
      (await card
        .getByRole('term')
        .filter({ hasText: /ID|no\./ })
        .count()) + (await card.getByRole('link').count());
    expect(checkable).toBeGreaterThan(0);
  }
});
