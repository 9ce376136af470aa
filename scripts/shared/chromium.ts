import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';
import { Launcher } from 'chrome-launcher';

/**
 * The browser Lighthouse would launch (chrome-launcher: CHROME_PATH, else the Chrome or Chromium installed, here
 * Debian's /usr/bin/chromium); CHROMIUM_PATH overrides it. Playwright never downloads a browser here.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? Launcher.getFirstInstallation() ?? '/usr/bin/chromium';

/**
 * Debian's headless build of the same Chromium (package chromium-headless-shell), which is what Playwright itself runs
 * for headless tests: a test's new page and first load take about a third of the processor time. Lighthouse, the
 * screenshots and the share image keep the full browser, as visitors have it.
 */
export const CHROMIUM_HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * For Chromium in a container with no outbound network: no sandbox (the container runs it as root, which Chromium's
 * sandbox refuses), no GPU, and none of the background connections a closed network would refuse.
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

/** Whether the tests fall back to the full browser: no CHROMIUM_PATH chosen, and no headless shell installed. */
export const headlessShellMissing = () => process.env.CHROMIUM_PATH === undefined && !existsSync(CHROMIUM_HEADLESS_SHELL_PATH);

/** The browser the tests drive: CHROMIUM_PATH when set, else the headless shell, else the full browser (only slower). */
export const testChromiumLaunchOptions = (): LaunchOptions =>
  chromiumLaunchOptions(process.env.CHROMIUM_PATH !== undefined || headlessShellMissing() ? CHROMIUM_PATH : CHROMIUM_HEADLESS_SHELL_PATH);

/** Printed once by a test run that found no headless shell. */
export const headlessShellHint = `The browser tests use ${CHROMIUM_PATH}. Debian's headless shell of it runs them about 1.6 times as fast: apt-get install -y chromium-headless-shell`;
