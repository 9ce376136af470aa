/**
 * The editor shows what is still an example: in the entries list, an example case study reads "SAMPLE · <title>";
 * its form opens with a ticked checkbox labelled "Sample" and a hint saying the site cannot be published while it is
 * ticked; unticked and published, the file on disk no longer says `sample: true`. The trust page's answers are listed
 * the same way. `astro dev` and decap-server in a copy of the project (tests/support/cms-dev-site.ts); the case
 * studies and answers are read from the content files.
 */
import { readdir, readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { caseStudies } from '../../scripts/content/content-routes.ts';
import { test, useCmsDevSite } from '../support/cms-dev-site.ts';
import { frontmatterOf } from '../../src/schemas/frontmatter.ts';

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

test("the trust page's answers are listed with each example marked, and an example's form says where its facts go", async ({ page }) => {
  const base = new URL('../../content/trust/', import.meta.url);
  const answers = (await readdir(base))
    .filter((name) => name.endsWith('.mdx'))
    .map(async (name) => ({
      slug: name.slice(0, -4),
      ...(parse(frontmatterOf(await readFile(new URL(name, base), 'utf8'))!.yaml) as { title: string; sample?: boolean }),
    }));
  const entries = await Promise.all(answers);
  test.skip(entries.length === 0, 'content/trust has no answer');
  await page.goto(`${site.url}/admin`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${site.url}/admin#/collections/trust`);
  for (const { title, sample } of entries) await expect(page.getByText(sample ? `SAMPLE · ${title}` : title, { exact: true })).toBeVisible({ timeout: 30_000 });

  const example = entries.find((entry) => entry.sample);
  test.skip(example === undefined, 'every answer of content/trust is confirmed');
  await page.goto(`${site.url}/admin#/collections/trust/entries/${example!.slug}`);
  await expect(page.getByRole('switch', { name: /^Sample( \(optional\))?$/ })).toBeChecked({ timeout: 30_000 });
  await expect(page.getByText('An example keeps [square brackets] where the facts go', { exact: false })).toBeVisible();
  await expect(page.getByText('Position on the Trust page', { exact: true })).toBeVisible();
});
