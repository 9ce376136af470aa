import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium: Playwright never downloads a browser here. Override with CHROMIUM_PATH (or Lighthouse's CHROME_PATH). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

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

export function chromiumLaunchOptions(): LaunchOptions {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install Debian's package: "apt-get update && apt-get install -y chromium", or set CHROMIUM_PATH.`);
  }
  return {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  };
}
