import { expect, test, type Page } from '@playwright/test';
import { countEnquiryPosts, storedEnquiries, uniqueEmail } from '../support/enquiries.ts';
import { contactFormSelector, field, recordScriptFiles, waitForHydration } from '../support/site.ts';

/**
 * The contact page is HTML and CSS until the visitor starts on the form; its code then loads, and nothing done
 * while it loads is lost. A slow connection makes that wait several seconds long.
 */

/** Slows every request of the page: 77 KB of the form's code then take about five seconds. */
async function slowConnection(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: 20 * 1024, uploadThroughput: 20 * 1024 });
}

const isHydrated = (page: Page) =>
  page.evaluate((selector) => !document.querySelector(selector)?.closest('astro-island')?.hasAttribute('ssr'), contactFormSelector);

const cursorOf = (page: Page, label: string) => field(page, label).evaluate((input: HTMLInputElement) => input.selectionStart);

test('/contact loads no script file until the form is touched', async ({ page }) => {
  const files = recordScriptFiles(page);
  await page.goto('/contact');
  await page.waitForLoadState('networkidle');
  await page.locator(contactFormSelector).scrollIntoViewIfNeeded(); // in view is not yet a touch
  await page.mouse.move(200, 300);
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
  expect(files).toEqual([]);
  await expect(field(page, 'Full Name')).toBeEditable(); // the server-rendered form is there to read and type into
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();

  await field(page, 'Full Name').click();
  await waitForHydration(page, contactFormSelector);
  expect(files.some((file) => file.includes('ContactForm'))).toBe(true);
});

test('30 characters typed right after the first focus, on a slow connection, are all kept, cursor and all', async ({ page }) => {
  test.slow();
  await page.goto('/contact');
  await slowConnection(page);
  const typed = 'Anjali Menon, Menon Textiles.'.padEnd(30, '!');
  const name = field(page, 'Full Name');
  await name.click();
  await page.keyboard.type(typed, { delay: 15 });
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  expect(await isHydrated(page), 'the form must still be loading for this test to mean anything').toBe(false);
  expect(await cursorOf(page, 'Full Name')).toBe(28);

  await waitForHydration(page, contactFormSelector);
  await expect(name).toHaveValue(typed);
  await expect(name).toBeFocused();
  expect(await cursorOf(page, 'Full Name')).toBe(28);
  await page.keyboard.type('?');
  await expect(name).toHaveValue(`${typed.slice(0, 28)}?${typed.slice(28)}`);
});

test('Send pressed while the form is loading, on a slow connection, stores the enquiry exactly once', async ({ page, request }) => {
  test.slow();
  const email = uniqueEmail('early-send');
  const posts = countEnquiryPosts([page]);
  await page.goto('/contact');
  await slowConnection(page);
  await field(page, 'Full Name').click();
  await page.keyboard.type('Ravi Shankar');
  await field(page, 'Email Address').fill(email);
  await field(page, 'Message').fill('Please send a proposal for support of our SAP system from January.');
  const send = page.getByRole('button', { name: 'Send Message' });
  await send.click();
  expect(await isHydrated(page), 'the form must still be loading for this test to mean anything').toBe(false);
  await expect(send).toBeDisabled(); // held: pressing again does nothing
  await expect(send).toBeFocused(); // aria-disabled, so the focus stays where the visitor put it
  await field(page, 'Message').press('Enter'); // a new line, not a second submission

  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Message Sent Successfully! ✨')).toBeVisible({ timeout: 60_000 });
  await expect(field(page, 'Full Name')).toHaveValue('');
  const rows = await storedEnquiries(request, email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ name: 'Ravi Shankar', message: 'Please send a proposal for support of our SAP system from January.' });
  expect(posts.count).toBe(1);
});

test('Enter in a field while the form is loading sends once too', async ({ page, request }) => {
  test.slow();
  const email = uniqueEmail('early-enter');
  await page.goto('/contact');
  await slowConnection(page);
  await field(page, 'Full Name').click();
  await page.keyboard.type('Lakshmi Rao');
  await field(page, 'Message').fill('We would like to discuss a managed service desk for 300 staff.');
  await field(page, 'Email Address').fill(email);
  await field(page, 'Email Address').press('Enter');
  await field(page, 'Email Address').press('Enter');
  expect(await isHydrated(page)).toBe(false);

  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Message Sent Successfully! ✨')).toBeVisible({ timeout: 60_000 });
  expect(await storedEnquiries(request, email)).toHaveLength(1);
});

test('a field left invalid while the form is loading is reported, not sent', async ({ page }) => {
  await page.goto('/contact');
  await field(page, 'Full Name').click();
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect(await field(page, 'Full Name').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  await waitForHydration(page, contactFormSelector);
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Message Sent Successfully! ✨')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test("when the form's code fails to arrive, Send pressed again loads it again and sends once", async ({ page, request }) => {
  const email = uniqueEmail('code-retry');
  let refused = 0;
  const formCode = /\/_astro\/ContactForm\.[^/]+\.js/; // with Astro's own retry, which adds a query
  await page.route(formCode, (route) => {
    refused += 1;
    return route.abort('internetdisconnected');
  });
  await page.goto('/contact');
  await field(page, 'Full Name').click();
  await page.keyboard.type('Farah Khan');
  await field(page, 'Email Address').fill(email);
  await field(page, 'Message').fill('Our warehouse scanners need support across three shifts.');
  const send = page.getByRole('button', { name: 'Send Message' });
  await send.click();
  await expect.poll(() => refused).toBeGreaterThanOrEqual(2); // two per load (Astro retries once); a touch after a failed load starts another
  await expect(send).toBeEnabled(); // not stuck: the visitor can press again
  expect(await isHydrated(page)).toBe(false);

  await page.unroute(formCode);
  await send.click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Message Sent Successfully! ✨')).toBeVisible({ timeout: 20_000 });
  expect(await storedEnquiries(request, email)).toHaveLength(1);
});
