/**
 * `npm run screenshots`: the design screenshots committed under docs/screenshots/ (screenshots.spec.ts), taken from
 * dist/ (run `npm run build` first) served as the browser tests serve it, in the full Chromium visitors have rather than
 * the tests' headless shell. Not part of `npm test`, which runs the root playwright.config.ts.
 */
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/shared/chromium.ts';

const port = Number(process.env.SCREENSHOTS_PORT ?? 4392);

export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/screenshots',
  reporter: 'list',
  use: { baseURL: `http://127.0.0.1:${port}`, launchOptions: chromiumLaunchOptions(), reducedMotion: 'reduce' },
  webServer: {
    command: `astro preview --ignore-lock --host 127.0.0.1 --port ${port}`,
    cwd: join(import.meta.dirname, '../..'),
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
  },
});
