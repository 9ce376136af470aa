/**
 * The pages built from the content collections show what their files under content/ list, as a visitor
 * sees them: the counts, the order, the labels and where each button goes.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { legalPages, sectionPages } from '../../scripts/content/content-routes.ts';
import { sectionCards } from '../support/content-sections.ts';
import { talentPartner } from '../../src/config/company.ts';
import { formatDate } from '../../src/document/dates.ts';
import { SECTIONS, type Section } from '../../src/config/routes.ts';

/**
 * The page section whose heading (h2) reads `title`. Sections with an `id` are also named regions, but
 * sections without one are plain <section>s, so the heading is the reliable handle.
 */
function section(page: Page, title: string): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
}

/** The display cards of a section, in page order. */
const cards = (page: Page, title: string) => section(page, title).getByRole('article');

/** Every href of a list of links, in order. */
const hrefsOf = (links: Locator) => links.evaluateAll((elements) => elements.map((element) => element.getAttribute('href')));

/** A section's pages as its content files declare them (navLabel and address, by `order`), at least one. */
function collectionMenu(section: Section): { label: string; href: string }[] {
  const pages = sectionPages(section).map((page) => ({ label: page.navLabel, href: page.path }));
  expect(pages, `the pages of content/${section}`).not.toHaveLength(0);
  return pages;
}

/** Follows a link the way a visitor does (including the meta-refresh redirect pages) and returns where it lands. */
async function landsOn(page: Page, href: string, expected: string): Promise<void> {
  const response = await page.goto(href);
  expect(response?.status(), `${href} answers`).toBe(200);
  await expect(page).toHaveURL(new RegExp(`${expected.replace(/[/.]/g, '\\$&')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('services', () => {
  // As the services' own files bring them (`card:`): a writer who adds a service changes its file, not this test.
  const serviceCards = sectionCards('services', 'Our Core Services') as Array<{ title: string; link: string; features: string[]; badge?: string }>;

  test('/services shows a card from each service file in order, each with its badge, description, features and Learn More', async ({ page }) => {
    expect(serviceCards, 'the service files with a card').not.toHaveLength(0);
    await page.goto('/services');
    const grid = cards(page, 'Our Core Services');
    await expect(grid).toHaveCount(serviceCards.length);
    await expect(grid.getByRole('heading', { level: 3 })).toHaveText(serviceCards.map((card) => card.title));
    for (const [index, expected] of serviceCards.entries()) {
      const card = grid.nth(index);
      const badge = card.locator('.badge');
      await expect(badge, `${expected.title} badge`).toHaveCount(expected.badge ? 1 : 0);
      if (expected.badge) await expect(badge).toHaveText(expected.badge);
      await expect(card.locator('p'), `${expected.title} description`).toHaveText(/.{40,}/);
      await expect(card.getByRole('listitem'), `${expected.title} features`).toHaveText(expected.features);
      const learnMore = card.getByRole('link', { name: /^Learn More/ });
      await expect(learnMore).toHaveCount(1);
      await expect(learnMore).toHaveAttribute('href', expected.link);
    }
  });

  test('every Learn More of /services reaches a page, the two spec-differing links through a redirect', async ({ page }) => {
    const routed: Record<string, string> = {
      '/services/outsourcing': '/services/services-outsourcing',
      '/services/technical-support': '/services/technical-support-services',
    };
    expect(serviceCards, 'the service files with a card').not.toHaveLength(0);
    for (const { link } of serviceCards) await landsOn(page, link, routed[link] ?? link);
  });

  test('Custom Software Development has exactly Web Applications, Enterprise Software and Secure Applications', async ({ page }) => {
    await page.goto('/services');
    await expect(cards(page, 'Custom Software Development').getByRole('heading', { level: 3 })).toHaveText([
      'Web Applications',
      'Enterprise Software',
      'Secure Applications',
    ]);
  });

  test('data migration: four expertise cards, a 4-step process, six benefits and a quote button', async ({ page }) => {
    await page.goto('/services/data-migration');
    await expect(cards(page, 'Data Migration Expertise')).toHaveCount(4);
    await expect(section(page, 'Our 4-Step Migration Process').getByRole('listitem')).toHaveCount(4);
    await expect(section(page, 'Benefits of Migrating With Us').getByRole('listitem')).toHaveCount(6);
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: /^Get a Free Quote/ })
        .first(),
    ).toHaveAttribute('href', '/contact');
  });

  test('implementation: four cards, a six-item methodology and three why-choose cards', async ({ page }) => {
    await page.goto('/services/implementation');
    await expect(cards(page, 'Implementation Services')).toHaveCount(4);
    await expect(section(page, 'Our Implementation Methodology').getByRole('listitem')).toHaveCount(6);
    await expect(cards(page, 'Why Clients Trust Us With Implementations')).toHaveCount(3);
  });

  test('installation: four cards, a 4-step process, eight capabilities and three why-choose cards', async ({ page }) => {
    await page.goto('/services/installation');
    await expect(cards(page, 'Installation & Configuration Services')).toHaveCount(4);
    await expect(section(page, 'Our 4-Step Process').getByRole('listitem')).toHaveCount(4);
    await expect(section(page, 'What Our Engineers Configure').getByRole('listitem')).toHaveCount(8);
    await expect(cards(page, 'Why Clients Choose Our Engineers')).toHaveCount(3);
  });

  test('application support: 24/7 badge, three SLA cards, the severity table, four support types and eight activities', async ({ page }) => {
    await page.goto('/services/app-support');
    await expect(page.locator('section', { has: page.getByRole('heading', { level: 1 }) }).getByText('24/7 Support', { exact: true })).toBeVisible();

    const sla = section(page, 'Priority-Based SLAs')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(sla).toHaveCount(3);
    await expect(sla).toContainText([/Critical.*15 minutes/, /High.*2 hours/, /Medium.*8 hours/]);
    for (const card of await sla.all()) await expect(card.getByRole('listitem')).not.toHaveCount(0);

    const table = page.getByRole('table', { name: 'How We Classify Incidents' });
    const rows = table.getByRole('rowgroup').nth(1).getByRole('row');
    await expect(rows.getByRole('rowheader')).toHaveText(['Critical', 'High', 'Medium']);
    await expect(rows.nth(0).getByRole('cell')).toHaveText(['15 minutes', 'System down']);
    await expect(rows.nth(1).getByRole('cell')).toHaveText(['2 hours', 'Major functionality impacted']);
    await expect(rows.nth(2).getByRole('cell')).toHaveText(['8 hours', 'Minor issues']);

    await expect(cards(page, 'Four Types of Application Support')).toHaveCount(4);
    await expect(section(page, 'What Our Team Does Every Day').getByRole('listitem')).toHaveCount(8);
  });

  test('the Services dropdown lists the collection in order', async ({ page }) => {
    await checkDropdown(page, 'Services', collectionMenu('services'));
  });
});

test.describe('consulting', () => {
  const offers = sectionCards('consulting', 'Our Consulting Services');

  test.beforeEach(async ({ page }) => {
    await page.goto('/consulting');
  });

  test('/consulting shows the offers of its pages in order, with their durations and Get Started links', async ({ page }) => {
    expect(offers, 'the consulting files with a card').not.toHaveLength(0);
    const grid = cards(page, 'Our Consulting Services');
    await expect(grid).toHaveCount(offers.length);
    await expect(grid.getByRole('heading', { level: 3 })).toHaveText(offers.map((offer) => offer.title));
    for (const [index, offer] of offers.entries()) {
      const card = grid.nth(index);
      await expect(card).toContainText(`Duration: ${offer.duration}`);
      await expect(card.getByRole('link', { name: /^Get Started/ })).toHaveAttribute('href', offer.link!);
    }
  });

  test('the methodology has the five steps in order', async ({ page }) => {
    const steps = ['Discovery & Assessment', 'Analysis & Strategy', 'Solution Design', 'Implementation Planning', 'Execution Support'];
    await expect(section(page, 'Our Consulting Methodology').getByRole('heading', { level: 3 })).toHaveText(
      steps.map((step, index) => `Step ${index + 1}: ${step}`),
    );
  });

  test('the nine industries are listed', async ({ page }) => {
    await expect(section(page, 'Industries We Serve').getByRole('listitem')).toHaveText([
      'Financial Services',
      'Healthcare',
      'Manufacturing',
      'Retail & E-commerce',
      'Government',
      'Education',
      'Telecommunications',
      'Energy & Utilities',
      'Real Estate',
    ]);
  });

  test("'Discuss Your Project' leads to /contact and the Free Initial Consultation note is shown", async ({ page }) => {
    const discuss = page.getByRole('main').getByRole('link', { name: 'Discuss Your Project' });
    await expect(discuss).not.toHaveCount(0);
    expect(new Set(await hrefsOf(discuss))).toEqual(new Set(['/contact']));
    await expect(page.getByRole('main').getByText(/Free Initial Consultation/)).toBeVisible();
  });

  test('digital transformation shows its stages with their durations', async ({ page }) => {
    await page.goto('/consulting/digital-transformation');
    await expect(section(page, 'Five Stages of Transformation').getByRole('listitem')).toContainText([
      '2-3 weeks',
      '3-4 weeks',
      '4-6 weeks',
      '12-24 weeks',
      'Ongoing',
    ]);
  });

  test('data analytics shows the maturity profile 80/65/45/25 as scores out of 100', async ({ page }) => {
    await page.goto('/consulting/data-analytics');
    const meters = section(page, 'A Typical Maturity Profile').getByRole('meter');
    expect(await meters.evaluateAll((els) => els.map((el) => el.getAttribute('aria-valuenow')))).toEqual(['80', '65', '45', '25']);
    await expect(section(page, 'A Typical Maturity Profile').getByRole('listitem')).toContainText([
      'Score 80 / 100',
      'Score 65 / 100',
      'Score 45 / 100',
      'Score 25 / 100',
    ]);
    await expect(section(page, 'A Typical Maturity Profile')).not.toContainText('%');
  });

  test('enterprise architecture shows the first three maturity scores 20/40/60', async ({ page }) => {
    await page.goto('/consulting/enterprise-architecture');
    const meters = section(page, 'Where Does Your Architecture Practice Stand?').getByRole('meter');
    expect(await meters.evaluateAll((els) => els.map((el) => el.getAttribute('aria-valuenow')))).toEqual(['20', '40', '60']);
  });

  test('the Consulting dropdown lists the collection in order', async ({ page }) => {
    await checkDropdown(page, 'Consulting', collectionMenu('consulting'));
  });
});

test.describe('outsourcing', () => {
  const lines = sectionCards('outsourcing', 'Our Outsourcing Services').map((card) => card.link);

  test('/outsourcing has a card with Learn More for each of its pages', async ({ page }) => {
    expect(lines, 'the outsourcing files with a card').not.toHaveLength(0);
    await page.goto('/outsourcing');
    const grid = cards(page, 'Our Outsourcing Services');
    await expect(grid).toHaveCount(lines.length);
    expect(await hrefsOf(grid.getByRole('link', { name: /^Learn More/ }))).toEqual(lines);
  });

  test('/outsourcing shows the four figures and a button to /contact', async ({ page }) => {
    await page.goto('/outsourcing');
    // The company's own figures first; India's talent pool and reach after them, framed as context (src/config/figures.ts).
    await expect(section(page, 'Outsourcing at Global Scale').getByRole('definition')).toHaveText(['24/7', 'Up to 70%', '500M+', '50+']);
    const main = page.getByRole('main');
    await expect(main.locator('a[href="/contact"]')).not.toHaveCount(0);
  });

  const subPages = [
    { path: '/outsourcing/it', cards: 'IT Outsourcing Services', cta: 'Get Quote' },
    { path: '/outsourcing/bpo-kpo', cards: 'BPO and KPO Services', cta: 'Get Started' },
    { path: '/outsourcing/trainings', cards: 'Training Programmes', cta: 'Start Training' },
    { path: '/outsourcing/projects', cards: 'Project Management Services', cta: 'Start Project' },
    { path: '/outsourcing/virtual-teams', cards: 'Virtual Team Services', cta: 'Build Team' },
  ];
  for (const subPage of subPages) {
    test(`${subPage.path}: six cards with '${subPage.cta}' to /contact`, async ({ page }) => {
      await page.goto(subPage.path);
      const grid = cards(page, subPage.cards);
      await expect(grid).toHaveCount(6);
      const buttons = grid.getByRole('link', { name: new RegExp(`^${subPage.cta}\\b`) });
      await expect(buttons).toHaveCount(6);
      expect(await hrefsOf(buttons)).toEqual(Array(6).fill('/contact'));
    });
  }

  test("/outsourcing/manpower: 'Find Talent' and 'Start Hiring Today' open the staffing partner's contact page in a new tab", async ({ page }) => {
    await page.goto('/outsourcing/manpower');
    const grid = cards(page, 'Manpower Outsourcing Services');
    await expect(grid).toHaveCount(6);
    const findTalent = grid.getByRole('link', { name: /^Find Talent/ });
    await expect(findTalent).toHaveCount(6);
    const startHiring = page.getByRole('main').getByRole('link', { name: /^Start Hiring Today/ });
    await expect(startHiring).not.toHaveCount(0);
    for (const link of [...(await findTalent.all()), ...(await startHiring.all())]) {
      await expect(link).toHaveAttribute('href', talentPartner.contactUrl);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
      await expect(link).toHaveAccessibleName(/opens in a new tab/);
    }
  });

  test('the Outsourcing dropdown lists the collection in order', async ({ page }) => {
    await checkDropdown(page, 'Outsourcing', collectionMenu('outsourcing'));
  });
});

test.describe('every sub-page', () => {
  for (const collection of SECTIONS) {
    for (const { href } of collectionMenu(collection)) {
      test(`${href} has a hero and a link to /contact in its content`, async ({ page }) => {
        await page.goto(href);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('main').locator('a[href="/contact"]')).not.toHaveCount(0);
      });
    }
  }
});

test.describe('legal', () => {
  // What the spec asks of these policies beside what every legal page shows; a page it names must still be there.
  const specConstants: Record<string, string[]> = {
    'privacy-policy': ['under 16'],
    'terms-condition': ['6 months', 'under 16', 'New Delhi'],
    'return-refund': ['7-14 business days'],
  };
  const pages = legalPages();

  test('content/legal holds the pages whose constants the spec names', () => {
    expect(pages, 'the legal pages of content/legal').not.toHaveLength(0);
    expect(pages.map((legal) => legal.slug)).toEqual(expect.arrayContaining(Object.keys(specConstants)));
  });

  // Every legal page of content/legal, a new one too: its date, its numbered sections as its file writes them, and Contact Us.
  for (const legal of pages) {
    const lastUpdated = `Last updated ${formatDate(new Date(legal.lastUpdated))}`;
    test(`${legal.path}: ${lastUpdated}, its ${legal.headings.length} numbered sections, the company constants and Contact Us to /contact`, async ({
      page,
    }) => {
      await page.goto(legal.path);
      await expect(page.getByText(lastUpdated, { exact: true })).toBeVisible();
      await expect(page.locator('time')).toHaveAttribute('datetime', legal.lastUpdated);
      const article = page.getByRole('main').getByRole('article');
      for (const constant of specConstants[legal.slug] ?? []) await expect(article, constant).toContainText(constant);
      await expect(page.getByRole('main').getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
      // docs/CONTENT.md: a writer numbers the main headings; the page shows each, numbered 1, 2, 3… in order.
      expect(legal.headings, `the main headings (## ) of content/legal/${legal.slug}.mdx`).not.toHaveLength(0);
      const numbered = article.getByRole('heading', { level: 2 }).filter({ hasText: /^\s*\d+\.\s/ });
      const texts = await numbered.allTextContents();
      expect(texts.map((text) => Number(/\d+/.exec(text)?.[0]))).toEqual(Array.from({ length: legal.headings.length }, (_, i) => i + 1));
      await expect(article.getByRole('heading', { level: 2 })).toHaveCount(legal.headings.length);
    });
  }
});

/** The header dropdown of a section lists exactly `expected`, in that order. */
async function checkDropdown(page: Page, label: string, expected: { label: string; href: string }[]): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: `${label} pages`, exact: true }).click();
  const links = nav.getByRole('list', { name: `${label} pages` }).getByRole('link');
  await expect(links).toHaveText(expected.map((item) => item.label));
  expect(await hrefsOf(links)).toEqual(expected.map((item) => item.href));
}
