/**
 * Forced colours (Windows High Contrast, emulated), in the light and the dark palette: buttons and the links drawn as
 * buttons keep an edge, focus rings stay, and the hero charts' bars and the map's markers stay visible. Also the
 * charts' rows as lists for screen readers. Pages, rows and labels come from the content files and offices data.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { sectionPages } from '../../scripts/content/content-routes.ts';
import { sectionCards } from '../support/content-sections.ts';
import { withFacts } from '../../src/config/facts.ts';
import { offices } from '../../src/config/offices.ts';
import { SECTIONS } from '../../src/config/routes.ts';
import { frontmatterOf } from '../../src/schemas/frontmatter.ts';
import type { Section } from '../../src/schemas/sections.ts';
import { heroVisual, type HeroVisual } from '../../src/picture-data/hero-visual.ts';

type Data = Record<string, unknown> & { sections: Section[]; card?: { duration?: string }; hero: { actions: { label: string }[] } };

/** A content file's frontmatter, facts quoted, as the build reads it. */
const frontmatter = (file: string): Data =>
  JSON.parse(withFacts(JSON.stringify(parse(frontmatterOf(readFileSync(`content/${file}`, 'utf8'))!.yaml)), () => undefined)) as Data;

/** Each sub-page's hero picture, worked out from its file as the build does. */
const subPages = SECTIONS.flatMap((section) =>
  sectionPages(section).map(({ path }) => {
    const data = frontmatter(`${path.slice(1)}.mdx`);
    return { path, visual: heroVisual({ family: section, sections: data.sections, card: data.card, offices, date: new Date() }) };
  }),
);
type Rows = { label: string; value?: string }[];
const rowsOf = (visual: HeroVisual | undefined): Rows | undefined =>
  visual?.kind === 'rows'
    ? visual.rows.map((row) => ({ label: row.label, value: row.value }))
    : visual?.kind === 'steps'
      ? visual.steps.map((step) => ({ label: step.title, value: step.detail }))
      : undefined;
const consultingOffers = (() => {
  const sections = frontmatter('pages/consulting.mdx').sections as unknown as { title: string; from?: string }[];
  return sectionCards('consulting', sections.find((section) => section.from === 'consulting')!.title).map((card) => ({
    label: card.title,
    value: card.duration,
  }));
})();
/** Every picture drawn as rows (bars or steps): its page and rows. */
const charts: { path: string; rows: Rows }[] = [
  ...subPages.flatMap(({ path, visual }) => (rowsOf(visual) ? [{ path, rows: rowsOf(visual)! }] : [])),
  { path: '/consulting', rows: consultingOffers },
  { path: '/contact', rows: offices.map((office) => ({ label: office.city, value: office.phone.display })) },
];

const heroPicture = (page: Page) => page.locator('.hero-backdrop').getByRole('figure');

type Rgba = [number, number, number, number];
/**
 * Any computed colours (rgb(), oklab(), a system colour's value) as red, green, blue (0-255) and alpha (0-1), read
 * back from a canvas in one call: a page has a hundred icons, and a round trip for each colour took a loaded machine
 * past a test's limit.
 */
async function palette(page: Page, colors: readonly string[]): Promise<Map<string, Rgba>> {
  const unique = [...new Set(colors)];
  const values = await page.evaluate(
    (list) =>
      list.map((value) => {
        const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
        context.fillStyle = value;
        context.fillRect(0, 0, 1, 1);
        const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
        return [r!, g!, b!, a! / 255] as [number, number, number, number];
      }),
    unique,
  );
  return new Map(unique.map((color, i) => [color, values[i]!]));
}
const rgba = async (page: Page, color: string): Promise<Rgba> => (await palette(page, [color])).get(color)!;
const luminance = ([r, g, b]: Rgba) =>
  [r, g, b]
    .map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4))
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
const contrast = (a: Rgba, b: Rgba) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};
/** `color` drawn at `opacity` over `background`. */
const over = (color: Rgba, opacity: number, background: Rgba): Rgba => {
  const alpha = color[3] * opacity;
  return [0, 1, 2].map((i) => color[i]! * alpha + background[i]! * (1 - alpha)).concat(1) as Rgba;
};

/** The opaque colour that background layers (innermost first) make: translucent ones laid over the opaque one below. */
const laidOver = (layers: readonly string[], colours: Map<string, Rgba>) =>
  layers.reduceRight<Rgba>((below, layer) => over(colours.get(layer)!, 1, below), [255, 255, 255, 1]);

/** The colour behind an element: its own background and its ancestors'. */
async function backgroundBehind(locator: Locator): Promise<Rgba> {
  const layers = await locator.evaluate((element) => {
    const colors: string[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) colors.push(getComputedStyle(node).backgroundColor);
    return colors;
  });
  return laidOver(layers, await palette(locator.page(), layers));
}

/** Each drawn mark of a chart's bar (rects and paths filled, not the gridlines): its fill and opacity. */
const marks = (svg: Locator) =>
  svg.evaluate((element) =>
    [...element.querySelectorAll('rect, path')]
      .map((mark) => ({ style: getComputedStyle(mark), stroke: mark.getAttribute('stroke') }))
      .filter(({ style, stroke }) => style.fill !== 'none' && !stroke)
      .map(({ style }) => ({ fill: style.fill, opacity: Number(style.opacity) * Number(style.fillOpacity) })),
  );

/** The computed edge of a control: the outline or the border, whichever is drawn. */
const edge = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      outline: { width: parseFloat(style.outlineWidth), style: style.outlineStyle, color: style.outlineColor },
      border: { width: parseFloat(style.borderTopWidth), style: style.borderTopStyle, color: style.borderTopColor },
    };
  });

/** A visible border or outline (or, with `orFill`, a background) that stands out from what is behind the control. */
async function expectVisibleEdge(control: Locator, name: string, orFill = false) {
  await expect(control, name).toBeVisible();
  const { outline, border } = await edge(control);
  const page = control.page();
  const background = await backgroundBehind(control.locator('xpath=..'));
  const drawn: Rgba[] = [];
  for (const line of [outline, border]) if (line.width > 0 && line.style !== 'none') drawn.push(await rgba(page, line.color));
  if (orFill) drawn.push(await rgba(page, await control.evaluate((element) => getComputedStyle(element).backgroundColor)));
  expect(drawn.filter((color) => color[3] > 0).length, `${name} has a border or outline`).toBeGreaterThan(0);
  expect(Math.max(...drawn.map((color) => contrast(over(color, 1, background), background))), `${name}'s edge against the page`).toBeGreaterThanOrEqual(3);
}

/** Focuses `control` after a key press, so the browser shows focus as it does to a keyboard user (:focus-visible). */
async function keyboardFocus(page: Page, control: Locator) {
  await page.keyboard.press('Tab');
  await control.focus();
  expect(await control.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
}

const homeAction = frontmatter('pages/home.mdx').hero.actions[0]!.label;

test.describe('in forced colours at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  // Many colours read one by one from the page.
  test.slow();

  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`${colorScheme} palette`, () => {
      test.beforeEach(async ({ page }) => page.emulateMedia({ forcedColors: 'active', colorScheme }));

      test('Send, the header’s Contact Us, the home hero’s button-like link and every other button keep a visible edge', async ({ page }) => {
        await page.goto('/');
        await expectVisibleEdge(page.getByRole('banner').getByRole('link', { name: 'Contact Us' }), 'Contact Us');
        await expectVisibleEdge(page.getByRole('link', { name: homeAction }).first(), homeAction);
        for (const button of await page.getByRole('main').locator('.btn').all()) await expectVisibleEdge(button, (await button.textContent())!);
        await page.goto('/contact');
        await expectVisibleEdge(page.getByRole('button', { name: 'Send Message' }), 'Send Message');
        for (const button of await page.getByRole('main').locator('.btn').all()) await expectVisibleEdge(button, (await button.textContent())!);
      });

      test('focus rings stay on Contact Us and Send, reached with Tab', async ({ page }) => {
        await page.goto('/contact');
        for (const control of [page.getByRole('banner').getByRole('link', { name: 'Contact Us' }), page.getByRole('button', { name: 'Send Message' })]) {
          await keyboardFocus(page, control);
          const { outline } = await edge(control);
          expect(outline.width).toBeGreaterThanOrEqual(3);
          expect(outline.style).toBe('solid');
          expect(contrast(await rgba(page, outline.color), await backgroundBehind(control.locator('xpath=..')))).toBeGreaterThanOrEqual(3);
        }
      });

      // One page per kind of chart, as the content makes them, and the pictures of the overviews, /about and /contact.
      const barPages = SECTIONS.flatMap((section) =>
        (['rows', 'steps'] as const).flatMap(
          (kind) => subPages.find(({ path, visual }) => path.startsWith(`/${section}/`) && visual?.kind === kind)?.path ?? [],
        ),
      );
      for (const path of [...new Set([...barPages, '/consulting', '/outsourcing', '/about', '/contact'])]) {
        test(`${path}: the hero chart’s bars and nodes stand out from what is behind them`, async ({ page }) => {
          await page.goto(path);
          const picture = heroPicture(page);
          await expect(picture).toBeVisible();
          const bars = picture.locator('svg[preserveAspectRatio="none"]');
          const nodes = picture.locator('li > [aria-hidden="true"]:not(svg)');
          expect((await bars.count()) + (await nodes.count()), 'bars or nodes drawn').toBeGreaterThan(0);
          for (const bar of await bars.all()) {
            const background = await backgroundBehind(bar);
            const drawn = await marks(bar);
            expect(drawn.length).toBeGreaterThan(0);
            for (const mark of drawn) {
              const seen = contrast(over(await rgba(page, mark.fill), mark.opacity, background), background);
              expect(seen, `a bar (${mark.fill} at ${mark.opacity}) against ${background.join(',')}`).toBeGreaterThanOrEqual(mark.opacity < 1 ? 2 : 3);
            }
          }
          for (const node of await nodes.all()) await expectVisibleEdge(node, 'a step’s node', true);
        });
      }

      test('the office map’s markers keep their colours, with a fill or halo that stands out', async ({ page }) => {
        await page.goto('/');
        const markers = heroPicture(page).locator('svg circle');
        await expect(markers).toHaveCount(offices.length);
        const background = await backgroundBehind(heroPicture(page));
        for (const marker of await markers.all()) {
          const { fill, stroke, ownFill } = await marker.evaluate((element) => ({
            fill: getComputedStyle(element).fill,
            stroke: getComputedStyle(element).stroke,
            ownFill: getComputedStyle(element).color,
          }));
          // Drawn as designed (over an image, which forced colours never change): brand blue with a white halo.
          expect(fill).toBe(ownFill);
          const [fillColor, haloColor] = [await rgba(page, fill), await rgba(page, stroke)];
          expect(contrast(fillColor, haloColor)).toBeGreaterThanOrEqual(3);
          expect(Math.max(contrast(fillColor, background), contrast(haloColor, background))).toBeGreaterThanOrEqual(3);
        }
      });
    });
  }
});

/** What the stylesheet draws an icon on: ticks and the footer's contact details before their text, the rest after it. */
const ICON_BEFORE = '.check-item, .tick, .footer-icon';
const ICON_AFTER = '.card-link, .external-link, .footer-pill, .faq-summary';
const CSS_ICONS = `${ICON_BEFORE}, ${ICON_AFTER}`;
/** Every icon the stylesheet draws: its mask, place, size and colour, its text's colour and the backgrounds behind it. */
const cssIcons = (page: Page) =>
  page.locator(CSS_ICONS).evaluateAll(
    (elements, after) =>
      elements.map((element) => {
        const style = getComputedStyle(element, element.matches(after) ? '::after' : '::before');
        const layers: string[] = [];
        for (let node: Element | null = element; node; node = node.parentElement) layers.push(getComputedStyle(node).backgroundColor);
        return {
          text: element.textContent!.trim(),
          colour: style.backgroundColor,
          textColour: getComputedStyle(element).color,
          layers,
          mask: style.maskImage,
          // Without it the mask falls back to its first icon, a tick, wherever it is.
          place: style.getPropertyValue('--icon').trim(),
          width: parseFloat(style.width),
        };
      }),
    ICON_AFTER,
  );

/** The service cards of /services as the files give them, and the first page with a ticked list and with questions. */
const serviceCards = sectionCards('services', 'Our Core Services') as { features: string[]; link?: string }[];
const firstPageWith = (wanted: (section: Section) => boolean) => subPages.find(({ path }) => frontmatter(`${path.slice(1)}.mdx`).sections.some(wanted))?.path;
const checklistPage = firstPageWith((section) => section.type === 'checklist' && section.style !== 'chips');
const faqPage = firstPageWith((section) => section.type === 'faq');
/** The links to other sites /about shows with an arrow: people's profiles and certifications' issuers, from their files. */
const aboutExternalLinks = ['people', 'certifications']
  .flatMap((folder) => readdirSync(`content/${folder}`).map((file) => frontmatter(`${folder}/${file}`)))
  .filter((data) => data.profile || data.verifyUrl).length;

test.describe('ticks, arrows, chevrons and the footer’s icons, drawn by the stylesheet, at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const forcedColors of ['none', 'active'] as const) {
    test(`stand out from what is behind them, ${forcedColors === 'active' ? 'in' : 'without'} forced colours`, async ({ page }) => {
      await page.emulateMedia({ forcedColors });
      const ticks = serviceCards.reduce((sum, card) => sum + card.features.length, 0);
      const arrows = serviceCards.filter((card) => card.link).length;
      expect(ticks + arrows, 'ticks and arrows in the service files').toBeGreaterThan(0);
      expect(checklistPage, 'a page with a checklist').toBeDefined();
      expect(faqPage, 'a page with questions').toBeDefined();
      // /about: the links to people's profiles and to the issuers of certifications.
      for (const path of new Set(['/services', checklistPage!, faqPage!, '/about'])) {
        await page.goto(path);
        const icons = await cssIcons(page);
        const inMain = await page.getByRole('main').locator(CSS_ICONS).count();
        if (path === '/services') expect(inMain, 'ticks and arrows on /services').toBeGreaterThanOrEqual(ticks + arrows);
        if (path === checklistPage) expect(await page.getByRole('main').locator('.tick').count(), `ticks on ${path}`).toBeGreaterThan(0);
        if (path === faqPage) expect(await page.getByRole('main').locator('.faq-summary').count(), `questions on ${path}`).toBeGreaterThan(0);
        if (path === '/about')
          expect(await page.getByRole('main').locator('.external-link').count(), 'links to other sites on /about').toBe(aboutExternalLinks);
        expect(await page.getByRole('contentinfo').locator(CSS_ICONS).count(), 'icons in the footer').toBeGreaterThan(0);
        const colours = await palette(
          page,
          icons.flatMap((icon) => [icon.colour, ...icon.layers]),
        );
        for (const icon of icons) {
          expect(icon.mask, `${icon.text}: drawn through a mask`).toContain('data:image/svg+xml');
          expect(icon.place, `${icon.text}: picks its icon (--icon)`).toMatch(/^\d+$/);
          expect(icon.width, `${icon.text}: drawn at icon size`).toBeGreaterThanOrEqual(12);
          expect(contrast(colours.get(icon.colour)!, laidOver(icon.layers, colours)), `${icon.text}: ${icon.colour} on ${path}`).toBeGreaterThanOrEqual(3);
          // In forced colours, the system colour of the text beside it, as the sprite's icons take.
          if (forcedColors === 'active') expect(icon.colour, `${icon.text} on ${path}`).toBe(icon.textColour);
        }
      }
    });
  }
});

test.describe('the hero charts for screen readers, at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const { path, rows } of charts) {
    test(`${path}: the chart’s ${rows.length} rows are one list, each row an item with its label and value`, async ({ page }) => {
      await page.goto(path);
      const picture = heroPicture(page);
      await expect(picture.getByRole('list')).toHaveCount(1);
      const items = picture.getByRole('list').getByRole('listitem');
      await expect(items).toHaveCount(rows.length);
      for (const [i, row] of rows.entries()) {
        await expect(items.nth(i)).toContainText(row.label);
        if (row.value) await expect(items.nth(i)).toContainText(row.value);
      }
      // The bars repeat the rows' text: hidden from screen readers, they leave only the list.
      for (const bar of await picture.locator('svg').all()) await expect(bar).toHaveAttribute('aria-hidden', 'true');
    });
  }
});
