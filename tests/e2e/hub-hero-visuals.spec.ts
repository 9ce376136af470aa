/**
 * The overview pages and /about picture their own content in the hero, beside the text from 1024 px and below it on
 * a phone (each says something the page does not say elsewhere): the services at their stages, the consulting offers
 * with their lengths, the outsourcing lines with the time to a working team, the years since the founding with the
 * milestones. Every label is read from the content files, so a page or milestone a writer adds is expected too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { sectionCards } from '../support/content-sections.ts';
import { company } from '../../src/config/company.ts';
import { withFacts } from '../../src/config/facts.ts';
import { figureLabels, figures } from '../../src/config/figures.ts';
import { offices } from '../../src/config/offices.ts';
import { frontmatterOf } from '../../src/schemas/frontmatter.ts';
import { lifecycleStages, type LifecycleStage } from '../../src/schemas/hub-pictures.ts';

type Data = Record<string, unknown> & { sections?: { title?: string; from?: string }[] };

/** A content file's frontmatter, facts quoted, as the build reads it. */
const frontmatter = (file: string): Data =>
  JSON.parse(withFacts(JSON.stringify(parse(frontmatterOf(readFileSync(`content/${file}`, 'utf8'))!.yaml)), () => undefined)) as Data;

/** The cards the overview page lists from its folder's pages (in order, with their titles and lengths). */
function overviewCards(page: string) {
  const section = frontmatter(`pages/${page}.mdx`).sections!.find((candidate) => candidate.from === page)!;
  return sectionCards(page, section.title!);
}

/** Each service's stage, by the title of its card, in the overview's order. */
function stageByTitle(): Map<string, LifecycleStage | undefined> {
  const stages = new Map(
    readdirSync('content/services').map((file) => {
      const data = frontmatter(`services/${file}`) as Data & { card?: { title?: string }; navLabel?: string; lifecycle?: LifecycleStage };
      return [data.card?.title ?? data.navLabel, data.lifecycle];
    }),
  );
  return new Map(overviewCards('services').map((card) => [card.title, stages.get(card.title)]));
}

const picture = (page: Page, name: RegExp) => page.getByRole('figure', { name });

/** Beside the h1 on a desktop, below it on a phone, and never wider than the screen. */
async function placedForWidth(page: Page, figure: Locator, width: number) {
  await expect(figure).toBeVisible();
  const [h1, box] = [await page.getByRole('heading', { level: 1 }).boundingBox(), await figure.boundingBox()];
  if (width >= 1024) expect(box!.x).toBeGreaterThan(h1!.x + h1!.width - 1);
  else expect(box!.y).toBeGreaterThan(h1!.y + h1!.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('/services places each service of the overview at the stage its file names, stages in the lifecycle’s order', async ({ page }) => {
      await page.goto('/services');
      const stages = stageByTitle();
      const figure = picture(page, new RegExp(`^${stages.size} services along your systems’ life`));
      await placedForWidth(page, figure, width);
      const drawn = (Object.keys(lifecycleStages) as LifecycleStage[]).filter((stage) => [...stages.values()].includes(stage));
      const items = figure.getByRole('listitem');
      await expect(items).toHaveCount(drawn.length + ([...stages.values()].includes(undefined) ? 1 : 0));
      for (const [i, stage] of drawn.entries()) {
        const item = items.nth(i);
        await expect(item).toContainText(`${i + 1}. ${lifecycleStages[stage]}`);
        for (const [title, at] of stages) if (at === stage) await expect(item).toContainText(title);
      }
    });

    test('/consulting sets every offer of the overview on one scale of weeks, with its length as written', async ({ page }) => {
      await page.goto('/consulting');
      const offers = overviewCards('consulting');
      expect(offers, 'the consulting offers of the overview').not.toHaveLength(0);
      const figure = picture(page, new RegExp(`^${offers.length} consulting engagements in weeks`));
      await placedForWidth(page, figure, width);
      for (const offer of offers) {
        const row = figure.locator('p').filter({ hasText: offer.title });
        await expect(row).toBeVisible();
        await expect(row).toContainText(offer.duration ?? 'On request');
      }
      await expect(figure.locator('svg')).toHaveCount(offers.length);
    });

    test('/outsourcing lists every line of the overview with the time from signing to a working team', async ({ page }) => {
      await page.goto('/outsourcing');
      const lines = overviewCards('outsourcing');
      const figure = picture(page, new RegExp(`^${lines.length} outsourcing lines`));
      await placedForWidth(page, figure, width);
      await expect(figure.getByRole('listitem')).toHaveText(lines.map((line) => line.title));
      await expect(figure).toContainText(`${figureLabels.teamDeployment.label}${figures.teamDeployment}`);
    });

    test('/about draws the years from the founding to today with each milestone of the page’s file', async ({ page }) => {
      await page.goto('/about');
      const year = new Date().getUTCFullYear();
      const headquarters = offices.find((office) => office.headquarters)!;
      const figure = picture(page, new RegExp(`^${year - company.foundedYear} years, from ${headquarters.city}`));
      await placedForWidth(page, figure, width);
      const milestones = (frontmatter('pages/about.mdx').milestones ?? []) as { title: string }[];
      expect(milestones.length).toBeGreaterThan(0);
      await expect(figure.getByRole('listitem')).toHaveCount(milestones.length + 2);
      await expect(figure.getByRole('listitem').first()).toHaveText(`${company.foundedYear}Founded in ${headquarters.city}`);
      for (const [i, milestone] of milestones.entries()) await expect(figure.getByRole('listitem').nth(i + 1)).toContainText(milestone.title);
      await expect(figure.getByRole('listitem').last()).toContainText(`${year}Today: ${offices.length} offices`);
    });
  });
}
