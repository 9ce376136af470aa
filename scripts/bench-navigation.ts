/**
 * Navigation benchmark: the time from a click on a link to the next page's first contentful paint, on a slow 4G
 * connection, with the site's Speculation Rules and without them. Run `npm run bench:navigation -- --help`.
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from './shared/chromium.ts';
import { speculationRules } from '../src/config/speculation-rules.ts';
import { slow4g, throttledDistServer, type DistServer } from './bench/throttled-dist.ts';

const usage = `Usage: npm run bench:navigation -- [--dwell 500] [--root dist] [--links 6]

Serves dist/ (run "npm run build" first) through a throttling server with Lighthouse's slow 4G profile
(${slow4g.rttMs} ms round trip, ${Math.round((slow4g.downloadBytesPerSecond * 8) / 1000)} kbit/s down: Chromium's own network emulation does not slow
speculative prefetches, so the server does, for every request alike). In Debian's Chromium, for each link below,
it opens the first page, rests the pointer on the link for --dwell ms as a visitor does before clicking, clicks,
and reads the next page's first contentful paint. Once with the pages as built, once with their
<script type="speculationrules"> left out (--links: only the first so many). Prints the median of each and writes
reports/navigation.json.`;

/** Links a visitor follows: menus, cards, the call to action and a footer link. */
const journeys: readonly { from: string; to: string }[] = [
  { from: '/', to: '/services' },
  { from: '/services', to: '/services/security' },
  { from: '/services/security', to: '/contact' },
  { from: '/consulting', to: '/consulting/cloud-strategy' },
  { from: '/outsourcing', to: '/outsourcing/virtual-teams' },
  { from: '/about', to: '/privacy-policy' },
];

async function clickToPaint(browser: Browser, origin: string, from: string, to: string, dwellMs: number): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}${from}`, { waitUntil: 'load' });
    const link = page.locator(`a[href="${to}"]:visible`).first();
    await link.scrollIntoViewIfNeeded();
    await link.hover();
    await page.waitForTimeout(dwellMs);
    const clickedAt = await page.evaluate(() => performance.timeOrigin + performance.now());
    await link.click();
    await page.waitForURL(`${origin}${to}`);
    const paintedAt = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((entries) => {
            const paint = entries.getEntriesByName('first-contentful-paint')[0];
            if (paint) resolve(performance.timeOrigin + paint.startTime);
          }).observe({ type: 'paint', buffered: true });
        }),
    );
    return paintedAt - clickedAt;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function measure(browser: Browser, server: DistServer, dwellMs: number, links: number): Promise<Record<string, number>> {
  const times: Record<string, number> = {};
  for (const { from, to } of journeys.slice(0, links)) times[`${from} → ${to}`] = Math.round(await clickToPaint(browser, server.origin, from, to, dwellMs));
  return times;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      dwell: { type: 'string', default: '500' },
      root: { type: 'string', default: 'dist' },
      links: { type: 'string', default: String(journeys.length) },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const dwellMs = Number(values.dwell);
  if (!Number.isInteger(dwellMs) || dwellMs < 0 || dwellMs > 10_000)
    throw new Error(`--dwell must be a whole number of milliseconds up to 10000, got "${values.dwell}".`);
  const links = Number(values.links);
  if (!Number.isInteger(links) || links < 1 || links > journeys.length) throw new Error(`--links must be a whole number from 1 to ${journeys.length}.`);
  if (!(await readFile(join(values.root, 'index.html')).catch(() => null))) throw new Error(`No ${values.root}/index.html: run "npm run build" first.`);

  const rulesElement = `<script type="speculationrules">${JSON.stringify(speculationRules)}</script>`;
  const withRules = await throttledDistServer(values.root, 0);
  const withoutRules = await throttledDistServer(values.root, 0, (html) => html.replace(rulesElement, ''));
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    if (!(await withRules.html('/')).includes(rulesElement)) throw new Error('The built home page carries no speculation rules: is dist/ up to date?');
    const results = { without: await measure(browser, withoutRules, dwellMs, links), with: await measure(browser, withRules, dwellMs, links) };
    console.log(`Click to first contentful paint, slow 4G, pointer resting ${dwellMs} ms on the link before the click:`);
    console.log(`${'link'.padEnd(46)} ${'without rules'.padStart(14)} ${'with rules'.padStart(11)}`);
    for (const journey of Object.keys(results.without)) {
      console.log(`${journey.padEnd(46)} ${`${results.without[journey]} ms`.padStart(14)} ${`${results.with[journey]} ms`.padStart(11)}`);
    }
    const summary = { withoutMs: median(Object.values(results.without)), withMs: median(Object.values(results.with)) };
    console.log(`${'median'.padEnd(46)} ${`${summary.withoutMs} ms`.padStart(14)} ${`${summary.withMs} ms`.padStart(11)}`);
    await mkdir('reports', { recursive: true });
    await writeFile('reports/navigation.json', `${JSON.stringify({ profile: slow4g, dwellMs, ...summary, results }, null, 2)}\n`);
    return 0;
  } finally {
    await browser.close();
    await Promise.all([withRules.close(), withoutRules.close()]);
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
