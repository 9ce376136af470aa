/**
 * Takes the design screenshots committed under docs/screenshots/: each page at 390 px and 1440 px,
 * plus the home page with the mobile menu and a desktop dropdown open. Needs a build in dist/.
 */
import { chromium, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { serveDist } from './serve-dist.ts';
import { chromiumLaunchOptions } from '../tests/chromium.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string', default: 'docs/screenshots' }, help: { type: 'boolean', default: false } },
});
if (values.help) {
  console.log('Usage: node scripts/screenshots.ts [--out docs/screenshots] [/path …]\nDefault paths: the home page with its menus.');
  process.exit(0);
}

const port = 4399;
const server = await serveDist('dist', port);
const browser = await chromium.launch(chromiumLaunchOptions());
await mkdir(values.out, { recursive: true });
const paths = positionals.length > 0 ? positionals : ['/'];
const name = (path: string) => (path === '/' ? 'home' : path.slice(1).replaceAll('/', '-'));

async function open(width: number, path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: width < 800 ? 844 : 900 }, reducedMotion: 'reduce' });
  await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'networkidle' });
  return page;
}

try {
  for (const path of paths) {
    for (const width of [390, 1440]) {
      const page = await open(width, path);
      await page.screenshot({ path: `${values.out}/${name(path)}-${width}.png`, fullPage: true });
      await page.close();
    }
  }
  if (paths.includes('/')) {
    const mobile = await open(390, '/');
    await mobile.getByRole('button', { name: 'Menu' }).click();
    await mobile.locator('summary:has-text("Services pages")').click();
    await mobile.waitForTimeout(300); // the chevron's turn
    await mobile.screenshot({ path: `${values.out}/home-390-menu-open.png` });
    await mobile.close();
    const desktop = await open(1440, '/');
    await desktop.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services', exact: true }).hover();
    await desktop.getByRole('link', { name: 'Data Migration' }).first().waitFor();
    await desktop.waitForTimeout(300);
    await desktop.screenshot({ path: `${values.out}/home-1440-dropdown-open.png` });
    await desktop.close();
  }
  console.log(`Screenshots written to ${values.out}/`);
} finally {
  await browser.close();
  server.close();
}
