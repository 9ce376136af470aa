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

test('a service page shows the case studies that name it, linked to their pages, and one no case study names shows none', async ({ page }) => {
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

  const unnamed = servicePages.find((candidate) => !entries.some((entry) => entry.services.includes(candidate.path)));
  test.skip(unnamed === undefined, 'every service is named by a case study');
  await page.goto(unnamed!.path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: /in practice$/ })).toHaveCount(0);
});
