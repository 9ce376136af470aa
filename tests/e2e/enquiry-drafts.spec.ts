import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { draftStorageKey, outboxStorageKey } from '../../src/enquiry/enquiry-storage.ts';
import { countEnquiryPosts, storedEnquiries, uniqueEmail } from '../support/enquiries.ts';
import { contactFormSelector, field, startContactForm, waitForHydration } from '../support/site.ts';

const REST = '**/rest/v1/contact_submissions**';
const queuedNote = 'Your message is saved in this browser.';
/**
 * How long a send after the connection returns may take: the form's own bound for one submission (four 12-second
 * attempts with 1 + 2 + 4 s of backoff, 55 s), so a first attempt slowed by a busy machine is retried, not failed.
 */
const sendBound = 60_000;

async function openForm(page: Page) {
  await page.goto('/contact');
  await startContactForm(page);
}

async function fillAll(page: Page, email: string) {
  await field(page, 'Full Name').fill('Anjali Menon');
  await field(page, 'Email Address').fill(email);
  await field(page, 'Company').fill('Menon Textiles');
  await field(page, 'Phone Number').fill('+91 484 555 0199');
  await field(page, 'Service of Interest').selectOption('Cybersecurity Solutions');
  await field(page, 'Message').fill('We would like an audit of our plant network before the new year.');
}

/** Fills the form, loses the connection and submits: after the retries, the enquiry waits in the outbox. */
async function submitOffline(context: BrowserContext, page: Page, email: string) {
  await openForm(page);
  await fillAll(page, email);
  await page.waitForLoadState('networkidle'); // the form's code for sending has arrived
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(queuedNote)).toBeVisible({ timeout: 20_000 });
}

/**
 * Chromium takes a machine whose only network is loopback (a bare `unshare -n`) as offline, whatever Playwright
 * emulates: there the connection never comes back, so a test of its return cannot run (README.md, "Two commands").
 */
async function skipWithoutNetwork(page: Page) {
  test.skip(
    !(await page.evaluate(() => navigator.onLine)),
    'Chromium reports this machine offline (no network interface but loopback): the connection cannot come back here.',
  );
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test('what a visitor types comes back after a reload, and can be cleared', async ({ page }) => {
  const email = uniqueEmail('draft');
  await openForm(page);
  await fillAll(page, email);
  await page.locator('input[name="website"]').fill('bot text', { force: true });
  expect(await stored(page, draftStorageKey)).not.toContain('bot text');

  await page.reload();
  await waitForHydration(page, contactFormSelector); // a kept draft loads the form's code without a touch
  await expect(field(page, 'Full Name')).toHaveValue('Anjali Menon');
  await expect(field(page, 'Email Address')).toHaveValue(email);
  await expect(field(page, 'Company')).toHaveValue('Menon Textiles');
  await expect(field(page, 'Phone Number')).toHaveValue('+91 484 555 0199');
  await expect(field(page, 'Service of Interest')).toHaveValue('Cybersecurity Solutions');
  await expect(field(page, 'Message')).toHaveValue('We would like an audit of our plant network before the new year.');
  await expect(page.locator('input[name="website"]')).toHaveValue('');
  await expect(page.getByText(/We kept what you started writing on \d+ \w+\. It is stored only in this browser\./)).toBeVisible();

  await page.getByRole('button', { name: 'Clear the form' }).click();
  await expect(field(page, 'Full Name')).toHaveValue('');
  await expect(field(page, 'Message')).toHaveValue('');
  expect(await stored(page, draftStorageKey)).toBeNull();
  await page.reload();
  await startContactForm(page);
  await expect(field(page, 'Full Name')).toHaveValue('');
});

test('a sent enquiry leaves no draft behind', async ({ page, request }) => {
  const email = uniqueEmail('sent-draft');
  await openForm(page);
  await fillAll(page, email);
  expect(await stored(page, draftStorageKey)).toContain(email);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Message Sent Successfully! ✨')).toBeVisible();
  expect(await stored(page, draftStorageKey)).toBeNull();
  expect(await storedEnquiries(request, email)).toHaveLength(1);
});

test('written offline, sent once when the connection returns, after the page was closed', async ({ context, request }) => {
  test.slow(); // three retries, 1 + 2 + 4 s, before the visitor is told
  const email = uniqueEmail('offline');
  const page = await context.newPage();
  await submitOffline(context, page, email);
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Failed to send message. Please try again.')).toBeVisible();
  await expect(field(page, 'Message')).toHaveValue('We would like an audit of our plant network before the new year.');
  expect(await stored(page, outboxStorageKey)).toContain(email);
  await page.close();

  await context.setOffline(false);
  const later = await context.newPage();
  const posts = countEnquiryPosts([later]);
  await later.goto('/contact');
  await waitForHydration(later, contactFormSelector); // the waiting enquiry loads the form's code without a touch
  // The toast shows only once the row is stored, and for 4 s: look for it first.
  await expect(later.getByRole('region', { name: /Notifications/ }).getByText('Message Sent Successfully! ✨')).toBeVisible({ timeout: sendBound });
  await expect.poll(() => storedEnquiries(request, email).then((rows) => rows.length)).toBe(1);
  await expect(later.getByText(queuedNote)).toBeHidden();
  await expect(field(later, 'Full Name')).toHaveValue('');
  expect(await stored(later, outboxStorageKey)).toBeNull();
  expect(await stored(later, draftStorageKey)).toBeNull();
  expect(posts.count).toBe(1);
});

test('sent when the connection returns while the page stays open', async ({ context, page, request }) => {
  test.slow();
  await skipWithoutNetwork(page);
  const email = uniqueEmail('online-event');
  await submitOffline(context, page, email);
  await context.setOffline(false);
  await expect(page.getByText(queuedNote)).toBeHidden({ timeout: sendBound });
  await expect(field(page, 'Email Address')).toHaveValue('');
  expect(await storedEnquiries(request, email)).toHaveLength(1);
});

test('tried again while the page stays open when the first sends after the connection returns meet no answer', async ({ context, page, request }) => {
  test.slow();
  await skipWithoutNetwork(page);
  const email = uniqueEmail('online-retry');
  await submitOffline(context, page, email);
  // The connection is back, but its first two requests are lost (the send on 'online' and its one retry).
  let lost = 0;
  await page.route(REST, (route) => {
    if (route.request().method() === 'POST' && lost < 2) {
      lost += 1;
      return route.abort('connectionfailed');
    }
    return route.continue();
  });
  await context.setOffline(false);
  await expect.poll(() => lost).toBe(2);
  await expect(page.getByText(queuedNote)).toBeHidden({ timeout: sendBound });
  expect(await storedEnquiries(request, email)).toHaveLength(1);
});

test('with two tabs open when the connection returns, the enquiry is sent once', async ({ context, request }) => {
  test.slow();
  const email = uniqueEmail('two-tabs');
  const first = await context.newPage();
  await submitOffline(context, first, email);
  const second = await context.newPage();
  await second.goto('/contact').catch(() => undefined); // offline: the page cannot load, as on a phone without signal
  await second.close();
  const other = await context.newPage();
  const posts = countEnquiryPosts([first, other]); // before going online: the first tab sends on the 'online' event at once
  await context.setOffline(false);
  await other.goto('/contact');
  await expect(other.getByText(queuedNote)).toBeHidden({ timeout: sendBound });
  await expect(first.getByText(queuedNote)).toBeHidden({ timeout: sendBound });
  expect(await storedEnquiries(request, email)).toHaveLength(1);
  expect(posts.count).toBe(1);
});

test('can be cancelled, and then is never sent', async ({ context, page, request }) => {
  test.slow();
  const email = uniqueEmail('cancel');
  await submitOffline(context, page, email);
  await page.getByRole('button', { name: 'Cancel sending' }).click();
  await expect(page.getByText(queuedNote)).toBeHidden();
  expect(await stored(page, outboxStorageKey)).toBeNull();
  await context.setOffline(false);
  await page.reload();
  await waitForHydration(page, contactFormSelector);
  await expect(field(page, 'Email Address')).toHaveValue(email); // the draft is still there to send by hand
  await page.waitForTimeout(1000);
  expect(await storedEnquiries(request, email)).toHaveLength(0);
});

test('an answer the server refuses (400) never enters the outbox', async ({ page }) => {
  await openForm(page);
  await page.route(REST, (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: '23514', message: 'new row violates check constraint', details: null, hint: null }),
    }),
  );
  await fillAll(page, uniqueEmail('refused'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Failed to send message. Please try again.')).toBeVisible();
  await expect(page.getByText(queuedNote)).toBeHidden();
  expect(await stored(page, outboxStorageKey)).toBeNull();
  await expect(field(page, 'Full Name')).toHaveValue('Anjali Menon');
});
