/**
 * An unhandled rendering error in an island shows 'Unexpected Application Error!' with the error message
 * (src/components/islands/ErrorBoundary.tsx). Every React island renders inside ErrorBoundary; here the contact form's notifications fail as they draw,
 * and the form around them must keep what the visitor typed and still send it.
 */
import { expect, test } from '@playwright/test';
import { storedEnquiries, uniqueEmail } from '../support/enquiries.ts';
import { field, startContactForm } from '../support/site.ts';

test('a failing island part shows the error fallback with its message, and the form still sends', async ({ page, request }) => {
  await page.route('**/_astro/EnquiryToasts.*.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: "export const EnquiryToaster = () => { throw new Error('The notifications cannot be drawn'); };\nexport const showEnquiryToast = () => {};",
    }),
  );
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/contact');
  await startContactForm(page);
  const email = uniqueEmail('fallback');
  await field(page, 'Full Name').fill('Meera Iyer'); // the first keystroke loads the notifications
  await field(page, 'Email Address').fill(email);
  await field(page, 'Message').fill('Please call us about moving our ERP support to your team.');

  const alert = page.getByRole('alert').filter({ hasText: 'Unexpected Application Error!' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('The notifications cannot be drawn');
  expect(errors.some((text) => text.includes('Unexpected Application Error!'))).toBe(true);
  await expect(field(page, 'Full Name')).toHaveValue('Meera Iyer');

  await page.getByRole('button', { name: 'Send Message' }).click();
  // The form's status area says what happened, toasts or not.
  await expect(page.getByRole('status').filter({ hasText: 'Message Sent Successfully!' })).toBeVisible();
  expect(await storedEnquiries(request, email)).toHaveLength(1);
});
