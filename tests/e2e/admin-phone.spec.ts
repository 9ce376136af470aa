/**
 * The editor on a phone (390 × 844, as an iPhone 12–15 shows it): /admin on `astro dev` with the local backend. The
 * collection's list and a page's form fit the screen's width, with every field, the Page text box and Publish
 * inside it, and a writer changes a service's title and publishes it (src/cms/editor/phone-layout.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test, useCmsDevSite } from '../support/cms-dev-site.ts';

const site = useCmsDevSite();
const file = 'content/services/installation.mdx';
const onDisk = () => readFile(join(site.root, file), 'utf8');

const phoneWidth = 390;
test.use({ viewport: { width: phoneWidth, height: 844 }, isMobile: true, hasTouch: true });

/**
 * Whether the page is wider than the phone's screen (a phone then shows it shrunk, or scrolls it sideways), and
 * the form's controls that end outside the screen.
 */
const overflow = (page: Page) =>
  page.evaluate(
    (width) => ({
      sideways: Math.max(window.innerWidth, document.documentElement.scrollWidth) > width,
      cutOff: [...document.querySelectorAll<HTMLElement>('input, textarea, select, button, [role="combobox"]')]
        // A toast slides in and out from the right by design: it is checked at rest, below.
        .filter((control) => control.getClientRects().length > 0 && getComputedStyle(control).visibility !== 'hidden' && !control.closest('.Toastify'))
        .filter((control) => {
          const box = control.getBoundingClientRect();
          return box.left < 0 || box.right > width + 0.5;
        })
        .map((control) => control.getAttribute('aria-label') ?? control.id ?? control.outerHTML.slice(0, 80)),
    }),
    phoneWidth,
  );

test('at 390 px a writer changes a service’s title and publishes it, with every field on the screen', async ({ page }) => {
  test.setTimeout(180_000);
  const original = await onDisk();
  const title = /^ {2}title: (.*)$/m.exec(original)?.[1];
  expect(title).toBeTruthy();
  try {
    await page.goto(`${site.url}/admin`);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.goto(`${site.url}/admin#/collections/services`);
    await expect(page.getByRole('link', { name: /Installation/ }).first()).toBeVisible({ timeout: 60_000 });
    expect(await overflow(page)).toEqual({ sideways: false, cutOff: [] });

    await page
      .getByRole('link', { name: /Installation/ })
      .first()
      .click();
    const titleBox = page.locator(`input[value="${title}"]`);
    await expect(titleBox).toBeVisible({ timeout: 60_000 });
    await expect(page.getByLabel(/^Page text( \(optional\))?$/)).toBeAttached();
    expect(await overflow(page)).toEqual({ sideways: false, cutOff: [] });

    const newTitle = `${title} Today`;
    await titleBox.fill(newTitle);
    const publish = page.getByRole('button', { name: 'Publish', exact: true });
    await expect(publish).toBeInViewport();
    await publish.click();
    const now = page.getByText('Publish now', { exact: true });
    await expect(now).toBeInViewport({ ratio: 1 });
    await now.click();
    await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 15_000 });
    expect(await onDisk()).toBe(original.replace(`  title: ${title}`, `  title: ${newTitle}`));
    // The toast comes to rest with its close button on the screen.
    await expect(page.getByRole('button', { name: 'close' })).toBeInViewport({ ratio: 1 });
    expect(await overflow(page)).toEqual({ sideways: false, cutOff: [] });
  } finally {
    await writeFile(join(site.root, file), original);
  }
});
