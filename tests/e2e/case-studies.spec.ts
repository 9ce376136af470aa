/**
 * A visitor finds the proof: the case-studies page lists every case study, each opens on its own page with the
 * client, the results and the services used; a service page shows the case studies that name it, and a service no
 * case study names shows none. Titles, services and figures are read from content/case-studies/.
 */
import { expect, test } from '@playwright/test';
import { caseStudies, sectionPages } from '../../scripts/content/content-routes.ts';
import { SECTIONS } from '../../src/config/routes.ts';

/** The Sample mark's title (src/components/ui/SampleMark.astro). */
const sampleMark = 'Sample: an example, not a real entry';

const entries = caseStudies();
const servicePages = SECTIONS.flatMap((section) => sectionPages(section));
const nameOf = (path: string) => servicePages.find((page) => page.path === path)?.navLabel;

test('the case-studies page lists each case study, and each opens on its own page with its results and services', async ({ page }) => {
  test.skip(entries.length === 0, 'content/case-studies has no case study');
  await page.goto('/case-studies');
  const list = page.getByRole('main');
  for (const { title } of entries) await expect(list.getByRole('heading', { name: title, exact: true })).toBeVisible();

  const [newest] = entries;
  // "Read the case study", and for screen readers which one.
  await list.getByRole('link', { name: newest!.title }).click();
  await expect(page).toHaveURL(new RegExp(`${newest!.path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newest!.title);
  await expect(page.getByRole('heading', { name: 'Results', level: 2 })).toBeVisible();
  await expect(page.getByText(newest!.measure, { exact: true })).toBeVisible();
  for (const service of newest!.services) await expect(page.getByRole('link', { name: nameOf(service), exact: true }).first()).toHaveAttribute('href', service);
  // An example says so where it is shown.
  await expect(page.getByText(sampleMark, { exact: true })).toHaveCount(newest!.sample ? 2 : 0);
});

for (const [width, height, screens] of [
  [1440, 900, 1],
  [390, 844, 2],
] as const) {
  test(`at ${width} × ${height}, the page's picture draws each case study's length and team, and the first card is within ${screens} screen(s)`, async ({
    page,
  }) => {
    test.skip(entries.length === 0, 'content/case-studies has no case study');
    await page.setViewportSize({ width, height });
    await page.goto('/case-studies');
    // The picture sits beside the heading on a desktop; on a phone the cards below say the same, so it gives them its place.
    const figure = page.getByRole('figure', { name: new RegExp(`^${entries.length} engagements? in weeks`) });
    if (width >= 1024) {
      await expect(figure).toBeVisible();
      for (const entry of entries) {
        const row = figure.getByRole('listitem').filter({ hasText: entry.client });
        await expect(row).toContainText(entry.duration.match(/\d+/)![0]);
        if (entry.teamSize) await expect(row).toContainText(`team of ${entry.teamSize}`);
      }
    } else await expect(figure).toBeHidden();
    // No section without content between the hero and the cards (an empty page text once left 160 px of white).
    const sections = page.getByRole('main').locator(':scope > section');
    await expect(sections).not.toHaveCount(0);
    for (const section of await sections.all()) expect((await section.innerText()).trim(), 'an empty section').not.toBe('');
    const firstCard = page.getByRole('main').getByRole('article').first();
    const box = (await firstCard.boundingBox())!;
    expect(box.y, `the first card starts ${Math.round(box.y)} px down`).toBeLessThan(height * screens);
  });
}

// Which services the case studies name is the writers' choice, so each of these two skips, saying why, when none fits.
test('a service page shows the case studies that name it, linked to their pages', async ({ page }) => {
  const named = servicePages.find((candidate) => entries.some((entry) => entry.services.includes(candidate.path)));
  test.skip(named === undefined, 'no case study names a service');
  await page.goto(named!.path);
  const related = page.getByRole('region', { name: `${named!.navLabel} in practice` });
  await related.scrollIntoViewIfNeeded();
  for (const entry of entries.filter((candidate) => candidate.services.includes(named!.path)).slice(0, 3)) {
    await expect(related.getByRole('heading', { name: entry.title })).toBeVisible();
    await related.getByRole('link', { name: entry.title }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.title);
    await page.goBack();
  }
});

test('a service page no case study names shows none', async ({ page }) => {
  const unnamed = servicePages.find((candidate) => !entries.some((entry) => entry.services.includes(candidate.path)));
  test.skip(unnamed === undefined, 'every service is named by a case study');
  await page.goto(unnamed!.path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: /in practice$/ })).toHaveCount(0);
});
