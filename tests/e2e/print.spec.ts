/**
 * Printed pages (src/styles/print.css): a buyer prints a page, or saves it as PDF, to forward it. Chromium prints each
 * page to an A4 PDF, as its print dialog does, and the PDF's text is read back (unpdf): /contact carries the contact
 * details and every office's address, /about the counters' final figures whatever the count-up had reached, no page
 * repeats the header, the home page takes at most five sheets, and each case study at most two, its facts (client,
 * duration, team…) at the size of its text.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { caseStudies, legalPages } from '../../scripts/content/content-routes.ts';
import { parse } from 'yaml';
import { company, email, phone } from '../../src/config/company.ts';
import { SITE_URL } from '../../src/config/site-url.ts';
import { withFacts } from '../../src/config/facts.ts';
import { formatAddress, offices } from '../../src/config/offices.ts';
import { frontmatterOf } from '../../src/schemas/frontmatter.ts';
import { stat } from '../../src/schemas/sections.ts';

/** The PDF's text, page by page, each with its white space run together as a reader sees it. */
async function printed(page: Page): Promise<string[]> {
  const pdf = await page.pdf({ format: 'A4' });
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return text.map(oneLine);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const occurrences = (text: string, part: string) => text.split(part).length - 1;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text a printed page shows: what print media leaves visible, less what is there for screen readers only. */
const printedDomText = async (page: Page) => {
  await page.emulateMedia({ media: 'print' });
  const text = await page.evaluate(() => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement!;
      const box = element.getBoundingClientRect();
      if (element.checkVisibility({ visibilityProperty: true }) && box.width > 1 && box.height > 1) parts.push(node.textContent ?? '');
    }
    return parts.join(' ');
  });
  await page.emulateMedia({ media: null });
  return oneLine(text);
};

/** The animated figures of content/pages/about.mdx, as its stats sections quote them (facts filled in). */
function aboutCounters(): string[] {
  const source = readFileSync('content/pages/about.mdx', 'utf8');
  const data = JSON.parse(withFacts(JSON.stringify(parse(frontmatterOf(source)!.yaml)))) as {
    sections: { type: string; animated?: boolean; items: unknown[] }[];
  };
  return (
    data.sections
      .filter((section) => section.type === 'stats' && section.animated)
      // The schema splits each figure as the page shows it; a figure quoted alone gets its label later, and the label is not compared here.
      .flatMap((section) => section.items.map((item) => stat.parse({ label: 'any', ...(item as object) })))
      .map((figure) => `${figure.prefix ?? ''}${figure.number}${figure.suffix ?? ''}`)
  );
}

// The width of an A4 sheet's printed area, so that what the page shows in print media is what the sheet shows.
test.use({ viewport: { width: 703, height: 1000 } });

test('the icons the stylesheet draws on dark surfaces print, in the colour of the text beside them', async ({ page }) => {
  await page.goto('/');
  await page.emulateMedia({ media: 'print' });
  const dark = ':is(.hero-backdrop, .cta-panel, .bg-brand-950, .bg-ink-950)';
  const icons = await page.locator(`${dark} :is(.tick, .footer-icon)`).evaluateAll((elements) =>
    elements
      .filter((element) => element.checkVisibility())
      .map((element) => {
        const icon = getComputedStyle(element, '::before');
        return { item: element.textContent!.trim(), icon: icon.backgroundColor, adjust: icon.printColorAdjust, text: getComputedStyle(element).color };
      }),
  );
  // The footer's offices and opening hours at least.
  expect(icons.length).toBeGreaterThan(0);
  for (const { item, icon, adjust, text } of icons) {
    expect(adjust, `${item}: its icon's colour is printed`).toBe('exact');
    expect(icon, `${item}: its icon in the text's colour`).toBe(text);
  }
});

test('/about prints the address of each link to another site after its words, where the screen shows an arrow', async ({ page }) => {
  await page.goto('/about');
  const addresses = await page
    .getByRole('main')
    .locator('a.external-link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  // People's profiles and the certifications' issuers, when their files give them.
  if (addresses.length === 0) test.skip(true, 'no person or certification in content/ links to another site');
  const text = (await printed(page)).join('').replace(/\s+/g, '');
  for (const address of addresses) expect(text, address).toContain(`(${address})`);
});

test('/contact prints the contact details and every office with its address', async ({ page }) => {
  await page.goto('/contact');
  const text = (await printed(page)).join(' ');
  expect(text).toContain(phone.display);
  expect(text).toContain(email);
  for (const office of offices) {
    expect(text, office.city).toContain(oneLine(formatAddress(office)));
    expect(text, office.city).toContain(office.phone.display);
  }
});

test.describe('/about prints each counter at its final figure', () => {
  const finals = aboutCounters();
  // A short window: the counters start below it, so they wait at 0 until scrolled to.
  test.use({ viewport: { width: 703, height: 320 } });

  /** The figure the PDF shows before each counter's label (the labels as the page shows them). */
  async function printedFigures(page: Page): Promise<string[]> {
    const labels = await page.locator('[data-counters] dt').evaluateAll((terms) => terms.map((term) => term.textContent!.trim()));
    expect(labels).toHaveLength(finals.length);
    const text = (await printed(page)).join(' ');
    return labels.map((label) => new RegExp(`(\\S+) ?${escape(oneLine(label))}`).exec(text)?.[1] ?? `(no figure before "${label}")`);
  }

  test('before the count-up has started (the counters are out of view, at 0)', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('[data-counters] dd [aria-hidden="true"]').first()).toHaveText(/^\D*0\D*$/);
    expect(await printedFigures(page)).toEqual(finals);
  });

  test('while it is counting', async ({ page }) => {
    await page.goto('/about');
    await page.locator('[data-counters]').scrollIntoViewIfNeeded();
    // Some figure has left 0 and not reached its target yet.
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-counters] dd')].some((dd) => {
          const shown = dd.querySelector('[aria-hidden="true"]')?.textContent;
          return shown && !/^\D*0\D*$/.test(shown) && shown !== dd.querySelector('.sr-only')?.textContent;
        }),
      undefined,
      { polling: 'raf' },
    );
    expect(await printedFigures(page)).toEqual(finals);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the figures as written', async ({ page }) => {
      await page.goto('/about');
      expect(await printedFigures(page)).toEqual(finals);
    });
  });
});

for (const path of ['/', '/about', '/contact']) {
  test(`${path} prints the header once, at the top of the first sheet`, async ({ page }) => {
    await page.goto(path);
    const sheets = await printed(page);
    expect(sheets[0]!.startsWith(company.name)).toBe(true);
    // A header fixed on screen would print on every sheet: the company's name as often as the printed page shows it, no more.
    expect(occurrences(sheets.join(' '), company.name)).toBe(occurrences(await printedDomText(page), company.name));
  });
}

test('the home page prints on at most five A4 sheets', async ({ page }) => {
  await page.goto('/');
  expect((await printed(page)).length).toBeLessThanOrEqual(5);
});

/** Every case study's page, from content/case-studies/. */
const caseStudyPages = caseStudies().map((entry) => entry.path);
/** Every legal page, from content/legal/: a new one prints as the others do. */
const legalPaths = legalPages().map((legal) => legal.path);

test('content/legal has a page to print', () => {
  expect(legalPaths, 'the legal pages of content/legal').not.toHaveLength(0);
});

/**
 * A forwarded printout says where it came from: the page's address at the foot of every sheet, below the sheet's last
 * line of text (Chromium prints the page's fixed element on each sheet; print.css keeps a strip free for it).
 */
for (const path of ['/about', caseStudyPages[0] ?? '/case-studies', ...legalPaths]) {
  test(`${path} prints its address at the foot of every sheet, clear of the text`, async ({ page }) => {
    await page.goto(path);
    const address = new URL(path, SITE_URL).href;
    const pdf = await getDocumentProxy(new Uint8Array(await page.pdf({ format: 'A4' })));
    expect(pdf.numPages).toBeGreaterThan(1);
    for (let sheet = 1; sheet <= pdf.numPages; sheet += 1) {
      const items = (await (await pdf.getPage(sheet)).getTextContent()).items.filter((item) => 'str' in item && item.str.trim() !== '') as Array<{
        str: string;
        transform: number[];
        height: number;
      }>;
      const foot = items.find((item) => item.str === address);
      expect(foot, `sheet ${sheet} of ${path} does not show ${address}`).toBeDefined();
      // PDF y grows upwards: every other line of the sheet starts above the address's top.
      const lowestText = Math.min(...items.filter((item) => item !== foot).map((item) => item.transform[5]!));
      expect(lowestText, `sheet ${sheet}: text runs into the address`).toBeGreaterThan(foot!.transform[5]! + foot!.height);
    }
  });
}

// Case studies are optional (a site may have none yet): then this says so instead of checking nothing unseen.
if (caseStudyPages.length === 0) test('case studies print on at most two A4 sheets', () => test.skip(true, 'content/case-studies has no case study'));
for (const path of caseStudyPages) {
  test(`${path} prints on at most two A4 sheets, its facts at the size of its text`, async ({ page }) => {
    await page.goto(path);
    expect((await printed(page)).length).toBeLessThanOrEqual(2);
    await page.emulateMedia({ media: 'print' });
    const sizes = await page.evaluate(() => ({
      facts: [...document.querySelectorAll('#challenge dd')].map((dd) => getComputedStyle(dd).fontSize),
      text: getComputedStyle(document.querySelector('#what-we-did p, #challenge p')!).fontSize,
    }));
    expect(sizes.facts.length).toBeGreaterThanOrEqual(3);
    for (const size of sizes.facts) expect(parseFloat(size)).toBeLessThanOrEqual(parseFloat(sizes.text));
  });
}
