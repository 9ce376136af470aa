import { expect, test, type Page } from '@playwright/test';
import { legalPages } from '../../scripts/content/content-routes.ts';
import { coreServiceLabels, proofBand, sectionCards } from '../support/content-sections.ts';
import { SITE_ROUTES } from '../support/site.ts';
import { facts } from '../../src/config/facts.ts';
import { offices } from '../../src/config/offices.ts';
import { copyrightYears } from '../../src/config/company.ts';
import { topLevelPages } from '../../src/config/routes.ts';

/** The Sample mark's title (src/components/ui/SampleMark.astro). */
const sampleMark = 'Sample: an example, not a real entry';

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const hrefs = (page: Page, title: string) =>
  section(page, title)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('the hero has the tagline, the main call to action, a call button and four badges', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Turning tomorrow's tech into today's business advantage");
  await expect(page.getByRole('link', { name: 'Transform Your Business Now' })).toHaveAttribute('href', '/contact');
  await expect(page.getByRole('main').getByRole('link', { name: /^Call \+91/ })).toHaveAttribute('href', /^tel:\+91\d+$/);
  for (const badge of ['30+ Years Experience', '500+ Projects Delivered', '24/7 Support', 'Global Expertise']) {
    await expect(page.getByRole('main').getByText(badge, { exact: true })).toBeVisible();
  }
});

/**
 * A card section of home.mdx links each card where its file says, at least one, and each link reaches a page of the
 * site (an address with a #part reaches the page's part).
 */
async function expectCardLinks(page: Page, title: string): Promise<void> {
  const links = sectionCards('home', title).map((card) => card.link);
  expect(links, `the cards of "${title}" in content/pages/home.mdx`).not.toHaveLength(0);
  expect(await hrefs(page, title)).toEqual(links);
  for (const link of links) expect(SITE_ROUTES, `${title}: ${link}`).toContain(link!.split('#')[0]);
}

test('Our Expertise has its cards with their targets', async ({ page }) => {
  await expectCardLinks(page, 'Our Expertise');
});

test('Consulting Verticals has its cards with their targets', async ({ page }) => {
  await expectCardLinks(page, 'Consulting Verticals');
});

test('the content infrastructure cards each lead to the page that covers their topic', async ({ page }) => {
  await expectCardLinks(page, 'Content Infrastructure for Digital Transformation');
});

test('AI-Powered Solutions has two cards, five values, Explore AI Solutions to the page of those offers and a way to /contact', async ({ page }) => {
  const ai = section(page, 'AI-Powered Solutions');
  await expect(ai.getByRole('heading', { level: 3 })).toHaveText(['Enterprise Data Analytics', 'Conversational Analytics']);
  const values = section(page, 'Value for Industry');
  await expect(values.getByRole('listitem')).toHaveText([
    'Faster decisions',
    'Fewer manual reports',
    'Earlier warnings',
    'Governed access',
    'Measurable returns',
  ]);
  const explore = values.getByRole('link', { name: 'Explore AI Solutions' });
  await expect(values.getByRole('link', { name: /^Discuss Your Data/ })).toHaveAttribute('href', '/contact');
  // The page it leads to presents the same two offers, and leads on to /contact.
  await explore.click();
  await expect(page).toHaveURL(/\/services\/ai-analytics$/);
  await expect(page.getByRole('heading', { level: 3, name: 'Enterprise Data Analytics' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Conversational Analytics' })).toBeVisible();
  await expect(page.getByRole('main').locator('a[href="/contact"]').first()).toBeVisible();
});

test('Get to Know leads to /about and the Why Choose panel lists the four reasons', async ({ page }) => {
  const about = section(page, 'Get to Know Kalpaka Technologies');
  await expect(about.getByRole('link', { name: /^Learn More/ })).toHaveAttribute('href', '/about');
  const panel = about.getByRole('complementary');
  await expect(panel.getByRole('listitem')).toHaveText([
    /500\+ enterprise projects/,
    /50\+ certified professionals/,
    /30\+ years/,
    `Global delivery across ${facts.officeCount} countries`,
  ]);
});

test('the proof band shows the newest case studies, the clients who allow it and the quotes, each example marked, with no stars', async ({ page }) => {
  const band = proofBand();
  test.skip(band === undefined, 'the home page has no proof section');
  const proof = section(page, band!.title);
  await expect(proof.getByRole('heading', { level: 3 }).filter({ hasNotText: /^(Case studies|Clients who let us name them|What clients say)$/ })).toHaveText(
    band!.caseStudies,
  );
  for (const name of band!.clients) await expect(proof.getByText(name, { exact: true }).or(proof.getByRole('img', { name }))).toBeVisible();
  const quotes = proof.getByRole('figure');
  await expect(quotes.locator('figcaption p:first-child')).toHaveText(band!.quotes);
  await expect(proof.getByText(sampleMark, { exact: true })).toHaveCount(band!.samples);
  await expect(proof.getByText(/Rated \d out of 5/)).toHaveCount(0);
  await expect(proof.getByRole('link', { name: 'All case studies' })).toHaveAttribute('href', '/case-studies');
});

test('the closing call to action offers a free consultation and the services', async ({ page }) => {
  await expect(page.getByRole('link', { name: 'Get Free Consultation' })).toHaveAttribute('href', '/contact');
  await expect(page.getByRole('link', { name: 'Explore Services' })).toHaveAttribute('href', '/services');
});

test('the footer has the blurb, links, contact details, every office and the 2025 copyright', async ({ page }) => {
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(/world-class IT solutions with 30\+ years/)).toBeVisible();
  const quick = footer.getByRole('navigation', { name: 'Quick Links' }).getByRole('link');
  // The spec's quick links, and any page src/config/routes.ts adds to the footer, in its order.
  const footerPages = topLevelPages.filter((entry) => (entry.menus as readonly string[]).includes('footer'));
  const labels = footerPages.map((entry) => ('footerLabel' in entry ? entry.footerLabel : entry.label));
  expect(labels).toEqual(expect.arrayContaining(['About Us', 'Services', 'Consulting', 'Outsourcing', 'Contact']));
  await expect(quick).toHaveText(labels);
  const core = footer.getByRole('navigation', { name: 'Core Services' }).getByRole('link');
  // The pages that declare `coreService`, in its order: a page a writer adds there changes this list, not the test.
  await expect(core).toHaveText(coreServiceLabels());
  await expect(footer.locator('a[href^="tel:+91"]')).toHaveCount(1);
  await expect(footer.locator('a[href$="@example.com"]')).toHaveCount(1);
  await expect(footer.locator('address')).toHaveCount(offices.length);
  for (const { country } of offices) await expect(footer.locator('address', { hasText: country })).toHaveCount(1);
  const external = footer.locator('a[target="_blank"]');
  await expect(external).toHaveCount(3);
  for (const link of await external.all()) await expect(link).toHaveAttribute('rel', /noopener/);
  // From the spec's first year to the year the site was built (deploy.yml rebuilds it daily).
  await expect(footer.getByText(`© ${copyrightYears(new Date())} `)).toBeVisible();
  // Every page of content/legal, a new one too.
  const legal = legalPages();
  expect(legal, 'the legal pages of content/legal').not.toHaveLength(0);
  for (const { title, path } of legal) {
    await expect(footer.getByRole('link', { name: title, exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', path);
  }
});
