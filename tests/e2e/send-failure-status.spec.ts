/**
 * When sending fails and the enquiry is kept to be sent later, the visitor reads it where they are looking: one
 * status right below the Send button, in view with it, announced politely, with the choice to cancel. The spec's
 * error toast still appears, and says the same. When the enquiry is not kept, the toast alone asks to try again.
 */
import { expect, test, type Page } from '@playwright/test';
import { outboxStorageKey } from '../../src/enquiry/enquiry-storage.ts';
import { enquiryMessages, queuedText } from '../../src/config/toasts.ts';
import { uniqueEmail } from '../support/enquiries.ts';
import { field, startContactForm } from '../support/site.ts';

const REST = '**/rest/v1/contact_submissions**';
const FAILURE_TEXT = 'Failed to send message. Please try again.';
const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const keptStatus = (page: Page) => page.getByRole('status').filter({ hasText: /saved in this browser/ });

async function sendWhileBackendDown(page: Page) {
  await page.goto('/contact');
  await startContactForm(page);
  await page.route(REST, (route) => route.abort('internetdisconnected'));
  await field(page, 'Full Name').fill('Kavya Rao');
  await field(page, 'Email Address').fill(uniqueEmail('kept'));
  await field(page, 'Message').fill('Please quote for moving our payroll data to Dynamics 365 Business Central.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(keptStatus(page)).toBeVisible({ timeout: 20_000 }); // three retries, 1 + 2 + 4 s
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width} px, the kept enquiry's status is beside the Send button, in view with it, once`, async ({ page }) => {
    test.slow();
    await page.setViewportSize(viewport);
    await sendWhileBackendDown(page);

    const send = page.getByRole('button', { name: 'Send Message' });
    await expect(keptStatus(page)).toHaveCount(1);
    await expect(keptStatus(page)).toContainText(queuedText.heading(1));
    await expect(keptStatus(page)).toBeInViewport({ ratio: 1 });
    await expect(send).toBeInViewport({ ratio: 1 });
    // Right below the button, not somewhere else in the form.
    const [button, status] = await Promise.all([send.boundingBox(), keptStatus(page).boundingBox()]);
    expect(status!.y - (button!.y + button!.height)).toBeGreaterThanOrEqual(0);
    expect(status!.y - (button!.y + button!.height)).toBeLessThan(40);
    await expect(page.getByText(queuedText.heading(1))).toHaveCount(1);

    // The spec's toast, consistent with the status: it names the same next step.
    await expect(notifications(page).getByText('Error', { exact: true })).toBeVisible();
    await expect(notifications(page).getByText(enquiryMessages.queued.description)).toBeVisible();
    expect(enquiryMessages.queued.description.startsWith(FAILURE_TEXT)).toBe(true);

    await keptStatus(page).getByRole('button', { name: 'Cancel sending' }).click();
    await expect(keptStatus(page)).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), outboxStorageKey)).toBeNull();
    await expect(field(page, 'Full Name')).toHaveValue('Kavya Rao');
  });
}

test('an enquiry the server refuses is not kept: no status, the values stay, and the toast asks to try again', async ({ page }) => {
  await page.goto('/contact');
  await startContactForm(page);
  await page.route(REST, (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: '23514', message: 'new row violates check constraint', details: null, hint: null }),
    }),
  );
  await field(page, 'Full Name').fill('Kavya Rao');
  await field(page, 'Email Address').fill(uniqueEmail('not-kept'));
  await field(page, 'Message').fill('Please quote for moving our payroll data to Dynamics 365 Business Central.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(notifications(page).getByText(FAILURE_TEXT, { exact: true })).toBeVisible();
  await expect(keptStatus(page)).toHaveCount(0);
  await expect(field(page, 'Message')).toHaveValue('Please quote for moving our payroll data to Dynamics 365 Business Central.');
});
