/**
 * The editor shows what is still an example: in the entries list, an example case study reads "SAMPLE · <title>";
 * its form opens with a ticked checkbox labelled "Sample" and a hint saying the site cannot be published while it is
 * ticked; unticked and published, the file on disk no longer says `sample: true`. `astro dev` and decap-server in a
 * copy of the project (tests/support/cms-dev-site.ts); the case studies are read from the content files.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { caseStudies } from '../../scripts/content/content-routes.ts';
import { test, useCmsDevSite } from '../support/cms-dev-site.ts';

const site = useCmsDevSite();
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const samples = caseStudies().filter((entry) => entry.sample);
const real = caseStudies().filter((entry) => !entry.sample);

test('the case studies list marks each example as a sample, and the form shows its Sample checkbox with what it means', async ({ page }) => {
  test.skip(samples.length === 0, 'no example case study is left in content/case-studies');
  await page.goto(`${site.url}/admin`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${site.url}/admin#/collections/case-studies`);
  for (const { title } of samples) await expect(page.getByText(`SAMPLE · ${title}`, { exact: true })).toBeVisible({ timeout: 30_000 });
  for (const { title } of real) await expect(page.getByText(title, { exact: true })).toBeVisible();

  const [first] = samples;
  await page.goto(`${site.url}/admin#/collections/case-studies/entries/${first!.slug}`);
  // Decap draws a checkbox as a switch; a field the schema defaults is marked "(optional)" as every such field is.
  const checkbox = page.getByRole('switch', { name: /^Sample( \(optional\))?$/ });
  await expect(checkbox).toBeChecked({ timeout: 30_000 });
  await expect(page.getByText('The site cannot be published while it is ticked', { exact: false })).toBeVisible();

  await checkbox.click();
  await expect(checkbox).not.toBeChecked();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now', { exact: true }).click();
  const file = join(site.root, `content/case-studies/${first!.slug}.mdx`);
  await expect.poll(() => readFile(file, 'utf8'), { timeout: 30_000 }).not.toMatch(/^sample: true$/m);
  // Everything else the writer did not touch is as it was.
  expect(await readFile(file, 'utf8')).toContain(`title: ${first!.title}`);
});
