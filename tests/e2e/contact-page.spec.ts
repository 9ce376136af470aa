import { expect, test } from '@playwright/test';
import { serviceChoices } from '../../src/config/enquiry.ts';
import { field } from '../support/site.ts';
import { email } from '../../src/config/company.ts';
import { offices } from '../../src/config/offices.ts';
import { describeTimeZone } from '../../src/config/time-zone.ts';

test('the contact page shows the details, hours, reasons and call/email actions', async ({ page }) => {
  await page.goto('/contact');
  const details = page.getByRole('complementary', { name: 'Contact details' });
  await expect(details.locator('a[href^="tel:+91"]')).toBeVisible();
  await expect(details.locator('a[href^="mailto:"]')).toBeVisible();
  await expect(details.getByText('Mon-Fri')).toBeVisible();
  await expect(details.getByText('9:00-18:00')).toBeVisible();
  await expect(details.getByText('Sat', { exact: true })).toBeVisible();
  await expect(details.getByText('9:00-14:00')).toBeVisible();
  const reasons = details.getByRole('heading', { name: 'Why Choose Us' }).locator('xpath=..').getByRole('listitem');
  await expect(reasons).toHaveCount(4);
  for (const reason of ['Free initial consultation', '24-hour response time', 'Certified professionals', 'Customised solutions']) {
    await expect(details.getByText(reason, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /^Call Now/ })).toHaveAttribute('href', /^tel:\+91\d+$/);
  await expect(page.getByRole('link', { name: /^Email Us/ })).toHaveAttribute('href', /^mailto:.+@example\.com$/);
  for (const label of ['Full Name', 'Email Address', 'Company', 'Phone Number', 'Service of Interest', 'Message']) {
    await expect(field(page, label)).toBeVisible();
  }
  // The choices are the form's configured list (tests/db/enquiry-row.test.ts ties it to the database's CHECK),
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

test('a card per office gives its address, local time zone, local hours and ways to reach it', async ({ page }) => {
  await page.goto('/contact');
  const section = page.getByRole('region', { name: 'Our Offices' });
  const cards = section.getByRole('listitem');
  await expect(cards).toHaveCount(5);
  for (const office of offices) {
    const card = cards.filter({ has: page.getByRole('heading', { name: `Office in ${office.city}`, exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card.locator('address')).toContainText(`${office.streetAddress}, ${office.locality}`);
    await expect(card).toContainText(describeTimeZone(office.timeZone));
    for (const slot of office.hours) await expect(card).toContainText(`${slot.days} ${slot.label}`);
    await expect(card.getByRole('link', { name: office.phone.display })).toHaveAttribute('href', `tel:${office.phone.e164}`);
    // Its own e-mail when it has one; otherwise the main address, shown once in the contact details above.
    if (office.email === email) await expect(card.locator('a[href^="mailto:"]')).toHaveCount(0);
    else await expect(card.getByRole('link', { name: office.email })).toHaveAttribute('href', `mailto:${office.email}`);
    const map = new URL((await card.getByRole('link', { name: `Map of the ${office.city} office` }).getAttribute('href'))!);
    expect(map.origin + map.pathname).toBe('https://www.google.com/maps/search/');
    expect(map.searchParams.get('query')).toBe(`${office.streetAddress}, ${office.postalCode}`);
  }
  // Zones are written for people, with the summer offset where the zone has one.
  await expect(section.getByText('Central Time (UTC−06:00, UTC−05:00 in summer)')).toBeVisible();
  await expect(section.getByText('India Standard Time (UTC+05:30)')).toBeVisible();
  await expect(cards.first().getByRole('heading')).toHaveText('Office in Noida');
  await expect(cards.first()).toContainText('Mon-Fri 9:00-18:00, Sat 9:00-14:00');
});
