import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium: Playwright never downloads a browser here. Override with CHROMIUM_PATH (or Lighthouse's CHROME_PATH). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Debian's headless build of the same Chromium (package chromium-headless-shell, same version and engine), which is
 * what Playwright itself runs for headless tests. Without the browser's user interface to start for each page, a
 * test's new page and first load take about a third of the processor time (180 ms rather than 580 ms on 2 cores), and
 * the browser tests run in 5.4 min rather than 8.9. Lighthouse, the screenshots and the share image keep the full
 * browser, as visitors have it.
 */
export const CHROMIUM_HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * For Debian's Chromium in a container with no outbound network: no sandbox (the container runs it as root, which
 * Chromium's sandbox refuses), no GPU, and none of the background connections (component updates, sync, first-run
 * fetches) that a closed network would refuse.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumLaunchOptions(executablePath = CHROMIUM_PATH): LaunchOptions {
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}. Install Debian's package: "apt-get update && apt-get install -y chromium", or set CHROMIUM_PATH.`,
    );
  }
  return { executablePath, args: CHROMIUM_ARGS };
}

/**
 * The browser the tests drive: CHROMIUM_PATH when set, else the headless shell, else (not installed) the full browser,
 * which runs every test the same, only slower.
 */
export function testChromiumLaunchOptions(): LaunchOptions {
  if (process.env.CHROMIUM_PATH !== undefined || headlessShellMissing()) return chromiumLaunchOptions();
  return chromiumLaunchOptions(CHROMIUM_HEADLESS_SHELL_PATH);
}

/** The tests fall back to the full browser: no CHROMIUM_PATH chosen, and no headless shell installed. */
export function headlessShellMissing(): boolean {
  return process.env.CHROMIUM_PATH === undefined && !existsSync(CHROMIUM_HEADLESS_SHELL_PATH);
}

/** Printed once by a test run that found no headless shell. */
export const headlessShellHint = `The browser tests use ${CHROMIUM_PATH}. Debian's headless shell of it runs them about 1.6 times as fast: apt-get install -y chromium-headless-shell`;
