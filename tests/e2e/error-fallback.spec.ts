/**
 * SPEC: an unhandled rendering error shows 'Unexpected Application Error!' with the error message. Every
 * React island renders inside ErrorBoundary; here the contact form's notifications fail as they draw.
 */
import { expect, test } from '@playwright/test';
import { field, waitForHydration } from '../support/site.ts';

test('a failing island shows the error fallback with its message instead of a blank gap', async ({ page }) => {
  await page.route('**/_astro/EnquiryToasts.*.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: "export const EnquiryToaster = () => { throw new Error('The notifications cannot be drawn'); };\nexport const showEnquiryToast = () => {};",
    }),
  );
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/contact');
  await waitForHydration(page, 'form[aria-label="Contact form"]');
  await field(page, 'Full Name').focus(); // starts loading the notifications

  const alert = page.getByRole('alert').filter({ hasText: 'Unexpected Application Error!' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('The notifications cannot be drawn');
  expect(errors.some((text) => text.includes('Unexpected Application Error!'))).toBe(true);
});
