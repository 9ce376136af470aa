/**
 * Takes the design screenshots committed under docs/screenshots/: each page at 320, 390, 1024, 1280 and 1440 px,
 * the header alone at the widths where it changes, and the home page with the mobile menu and a desktop dropdown
 * open. Needs a build in dist/.
 */
import { chromium, type Page } from '@playwright/test';
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { parseArgs } from 'node:util';
import { serveDist } from './serve-dist.ts';
import { chromiumLaunchOptions } from './shared/chromium.ts';
import { listeningPort } from './shared/ports.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string', default: 'docs/screenshots' },
    widths: { type: 'string', default: '320,390,1024,1280,1440' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(
    'Usage: node scripts/screenshots.ts [--out docs/screenshots] [--widths 320,390,1024,1280,1440] [/path …]\n' +
      'Default paths: the home page with its menus. With the home page, also the header alone at 320, 1024, 1100 and 1280 px.',
  );
  process.exit(0);
}

const server = await serveDist('dist', 0);
const port = listeningPort(server);
const browser = await chromium.launch(chromiumLaunchOptions());
await mkdir(values.out, { recursive: true });
const paths = positionals.length > 0 ? positionals : ['/'];
const widths = values.widths.split(',').map(Number);
/** Where the header changes: the short logo and menu button, the full menu with the phone icon (1024 and a laptop with a side panel), the phone number back. */
const headerWidths = [320, 1024, 1100, 1280];
const name = (path: string) => (path === '/' ? 'home' : path.slice(1).replaceAll('/', '-'));

/** A screenshot as a 256-colour PNG: a third of the size, and flat page colours look the same. */
async function save(shot: Buffer, path: string) {
  await writeFile(path, await sharp(shot).png({ palette: true, quality: 90, effort: 7, compressionLevel: 9 }).toBuffer());
}

async function open(width: number, path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: width < 800 ? 844 : 900 }, reducedMotion: 'reduce' });
  await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'networkidle' });
  // A full-page shot does not scroll, so lazy images below the fold (the office map) would be missing: load them first.
  await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((image) => image.setAttribute('loading', 'eager')));
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  return page;
}

try {
  for (const path of paths) {
    for (const width of widths) {
      const page = await open(width, path);
      await save(await page.screenshot({ fullPage: true }), `${values.out}/${name(path)}-${width}.png`);
      await page.close();
    }
  }
  if (paths.includes('/')) {
    for (const width of headerWidths) {
      const page = await open(width, '/about');
      await save(await page.getByRole('banner').screenshot(), `${values.out}/header-${width}.png`);
      await page.close();
    }
    const mobile = await open(390, '/');
    await mobile.getByRole('button', { name: 'Menu' }).click();
    await mobile.locator('summary:has-text("Services pages")').click();
    await mobile.waitForTimeout(300); // the chevron's turn
    await save(await mobile.screenshot(), `${values.out}/home-390-menu-open.png`);
    await mobile.close();
    const desktop = await open(1440, '/');
    await desktop.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services', exact: true }).hover();
    await desktop.getByRole('link', { name: 'Data Migration' }).first().waitFor();
    await desktop.waitForTimeout(300);
    await save(await desktop.screenshot(), `${values.out}/home-1440-dropdown-open.png`);
    await desktop.close();
  }
  console.log(`Screenshots written to ${values.out}/`);
} finally {
  await browser.close();
  server.close();
}
