import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium: Playwright never downloads a browser here. Override with CHROMIUM_PATH (or Lighthouse's CHROME_PATH). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Without these, this machine's closed network refuses Chromium's background connections (NOTES.md). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function chromiumLaunchOptions(): LaunchOptions {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install Debian's package: "apt-get update && apt-get install -y chromium", or set CHROMIUM_PATH.`,
    );
  }
  return {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  };
}
