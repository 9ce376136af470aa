import { expect, test } from '@playwright/test';
import { serviceChoices } from '../../src/config/enquiry.ts';
import { field } from '../support/site.ts';

test('the contact page shows the details, hours, reasons and call/email actions', async ({ page }) => {
  await page.goto('/contact');
  const details = page.getByRole('complementary', { name: 'Contact details' });
  await expect(details.locator('a[href^="tel:+91"]')).toBeVisible();
  await expect(details.locator('a[href^="mailto:"]')).toBeVisible();
  await expect(details.getByRole('heading', { name: 'Office in Noida' })).toBeVisible();
  await expect(details.getByText('Mon-Fri')).toBeVisible();
  await expect(details.getByText('9:00-18:00')).toBeVisible();
  await expect(details.getByText('Sat', { exact: true })).toBeVisible();
  await expect(details.getByText('9:00-14:00')).toBeVisible();
  const reasons = details.getByRole('heading', { name: 'Why Choose Us' }).locator('xpath=..').getByRole('listitem');
  await expect(reasons).toHaveCount(4);
  for (const reason of ['Free initial consultation', '24-hour response time', 'Certified professionals', 'Customized solutions']) {
    await expect(details.getByText(reason, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /^Call Now/ })).toHaveAttribute('href', /^tel:\+91\d+$/);
  await expect(page.getByRole('link', { name: /^Email Us/ })).toHaveAttribute('href', /^mailto:.+@example\.com$/);
  for (const label of ['Full Name', 'Email Address', 'Company', 'Phone Number', 'Service of Interest', 'Message']) {
    await expect(field(page, label)).toBeVisible();
  }
  // The choices are the form's configured list (tests/unit/enquiry-row.test.ts ties it to the database's CHECK),
  // after an empty placeholder, each sending the value it shows.
  const options = await field(page, 'Service of Interest').evaluate((select: HTMLSelectElement) =>
    [...select.options].map((option) => ({ value: option.value, text: option.text.trim() })),
  );
  expect(options).toEqual([{ value: '', text: 'Select a service' }, ...serviceChoices.map((choice) => ({ value: choice, text: choice }))]);
});

test('without JavaScript the page says how to reach the company', async ({ browser, request }) => {
  // Chromium parses <noscript> as text whenever scripting is on, so read the served HTML for it.
  const html = await (await request.get('/contact')).text();
  expect(html).toMatch(/<noscript>[^]*This form needs JavaScript[^]*href="tel:\+91\d+"[^]*href="mailto:[^"]+@example\.com"[^]*<\/noscript>/);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/contact');
  // The Send button cannot be pressed, and Enter in a field neither reloads the page nor puts the message in its address.
  const send = page.getByRole('button', { name: 'Send Message' });
  expect(await send.evaluate((button) => getComputedStyle(button).pointerEvents)).toBe('none');
  await field(page, 'Full Name').fill('Meera Iyer');
  await field(page, 'Email Address').fill('meera@example.com');
  await field(page, 'Message').fill('Please call me back.');
  await field(page, 'Email Address').press('Enter');
  await page.waitForTimeout(300);
  expect(page.url()).toMatch(/\/contact$/);
  await expect(field(page, 'Full Name')).toHaveValue('Meera Iyer');
  await expect(page.getByRole('link', { name: /^Call Now/ })).toBeVisible();
  await context.close();
});
