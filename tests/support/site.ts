import type { Locator, Page, Request } from '@playwright/test';
import { redirects } from '../../src/config/routes.ts';
import { siteRoutes } from '../../scripts/content/content-routes.ts';

/** Every route the content builds (derived from content/, so a writer's new page is tested too). */
export const SITE_ROUTES = siteRoutes();

/** Collects console errors and uncaught exceptions on a page. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The requests a page makes from now on that `keep` accepts, each written down as `as` gives it (its URL by default). */
export function recordRequests(page: Page, keep: (request: Request) => boolean, as: (request: Request) => string = (request) => request.url()): string[] {
  const recorded: string[] = [];
  page.on('request', (request) => {
    if (keep(request)) recorded.push(as(request));
  });
  return recorded;
}

const pathOf = (request: Request) => new URL(request.url()).pathname;

/** The paths of the script files a page fetches from now on, as they are requested. */
export const recordScriptFiles = (page: Page): string[] => recordRequests(page, (request) => request.resourceType() === 'script', pathOf);

/** The paths of the files a page fetches from now on whose path matches `pattern`. */
export const recordPaths = (page: Page, pattern: RegExp): string[] => recordRequests(page, (request) => pattern.test(pathOf(request)), pathOf);

/** Resolves once the island inside `selector` has hydrated (Astro drops the `ssr` attribute then). */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => {
    const island = document.querySelector(sel)?.closest('astro-island');
    return !!island && !island.hasAttribute('ssr');
  }, selector);
}

export const contactFormSelector = 'form[aria-label="Contact form"]';

/**
 * The contact form's code loads on the visitor's first touch (`client:intent`): this presses a pointer on the form,
 * as a visitor starting on it does, and waits until the form has hydrated.
 */
export async function startContactForm(page: Page): Promise<void> {
  await page.locator(contactFormSelector).dispatchEvent('pointerdown');
  await waitForHydration(page, contactFormSelector);
}

/** A form control by the start of its label ("Message" also matches "Message (required)", not "Send Us a Message"). */
export function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
}

/**
 * Opens `path`; on a legacy path's forwarding page, keeps the visitor there (the page's redirect target
 * answers "204 No Content", which browsers do not navigate to) so the forwarding page itself can be examined.
 */
export async function openAndStay(page: Page, path: string) {
  const target = redirects[path];
  if (target) await page.route(`**${target}`, (route) => route.fulfill({ status: 204 }));
  return page.goto(path);
}

/**
 * Clicks a link far down a page once it has stopped moving, as a visitor's eye waits for it: the sections after the
 * first screen are laid out only as they near the screen (content-visibility, global.css), so for a frame or two
 * after a jump the link still moves, and Playwright checks that an element is still before it scrolls, not after.
 */
export async function clickOnceSettled(link: Locator): Promise<void> {
  await link.scrollIntoViewIfNeeded();
  // Settled: the same place two frames apart. A link still moving after 120 frames (2 s at 60 Hz) is a page that never settles.
  await link.evaluate(
    (element) =>
      new Promise<void>((resolve, reject) => {
        let last = NaN;
        let reads = 0;
        const read = () => {
          const top = element.getBoundingClientRect().top;
          if (top === last) resolve();
          else if (++reads > 60) reject(new Error(`${element.outerHTML.slice(0, 80)} still moves after 120 frames (last at ${top} px)`));
          else {
            last = top;
            requestAnimationFrame(() => requestAnimationFrame(read));
          }
        };
        read();
      }),
  );
  await link.click();
}

/**
 * Serves the site's pages without the mobile menu toggle's invoker commands (`commandfor`, `command`), as a browser
 * without them reads the page: Chromium acts on the attributes whatever the page's scripts delete.
 */
export async function serveWithoutInvokerCommands(page: Page): Promise<void> {
  await page.route(
    (url) => !url.pathname.includes('.'),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/ commandfor="[^"]*" command="[^"]*"/g, '');
      await route.fulfill({ response, body });
    },
  );
}
