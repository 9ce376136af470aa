import { expect, test } from '@playwright/test';
import { serviceChoices } from '../../src/config/enquiry.ts';
import { field } from '../support/site.ts';
import { email, phone, responseTime, supportPhone } from '../../src/config/company.ts';
import { headquarters, offices } from '../../src/config/offices.ts';
import { describeTimeZone } from '../../src/config/time-zone.ts';

test('the contact page shows the details, the 24/7 line, reasons and call/email actions', async ({ page }) => {
  await page.goto('/contact');
  const details = page.getByRole('complementary', { name: 'Contact details' });
  await expect(details.locator('a[href^="mailto:"]')).toBeVisible();
  // The "24/7 Support" the site claims has its own line (PUBLIC_SUPPORT_PHONE), not the main phone.
  const supportLine = details.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '24/7 Support Line' }) });
  await expect(supportLine.getByRole('link', { name: supportPhone.display })).toHaveAttribute('href', `tel:${supportPhone.e164}`);
  expect(supportPhone.e164).not.toBe(phone.e164);
  const reasons = details.getByRole('heading', { name: 'Why Choose Us' }).locator('xpath=..').getByRole('listitem');
  await expect(reasons).toHaveCount(4);
  for (const reason of ['Free initial consultation', '24-hour response time', 'Certified professionals', 'Customised solutions']) {
    await expect(details.getByText(reason, { exact: true })).toBeVisible();
  }
  // Call Now rings the headquarters, and says so.
  await expect(page.getByRole('link', { name: /^Call Now/ })).toHaveAttribute('href', `tel:${headquarters.phone.e164}`);
  await expect(page.getByRole('link', { name: /^Call Now/ })).toContainText(`${headquarters.city}, ${headquarters.country}`);
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

test('a card per office gives its address, local time zone and ways to reach it', async ({ page }) => {
  await page.goto('/contact');
  const section = page.getByRole('region', { name: 'Our Offices' });
  const cards = section.getByRole('listitem');
  await expect(cards).toHaveCount(offices.length);
  for (const office of offices) {
    const card = cards.filter({ has: page.getByRole('heading', { name: `Office in ${office.city}`, exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card.locator('address')).toContainText(`${office.streetAddress}, ${office.locality}`);
    await expect(card).toContainText(describeTimeZone(office.timeZone));
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
});

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("every office's city, phone and own hours are on the first screen, above the form", async ({ page }) => {
    await page.goto('/contact');
    const picture = page.getByRole('figure', { name: `A reply within ${responseTime}` });
    const form = page.getByRole('heading', { name: 'Send Us a Message' });
    const formTop = (await form.boundingBox())!.y;
    const onFirstScreen = async (locator: ReturnType<typeof page.locator>, what: string) => {
      await expect(locator, what).toBeVisible();
      const box = (await locator.boundingBox())!;
      expect(box.y, `${what} starts on the first screen`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${what} ends on the first screen`).toBeLessThanOrEqual(844);
      expect(box.y + box.height, `${what} is above the form`).toBeLessThan(formTop);
    };
    const rows = picture.getByRole('listitem');
    await expect(rows).toHaveCount(offices.length);
    for (const office of offices) {
      const row = rows.filter({ hasText: office.city });
      await onFirstScreen(row.getByText(office.city, { exact: true }), office.city);
      const call = row.getByRole('link', { name: office.phone.display });
      await expect(call).toHaveAttribute('href', `tel:${office.phone.e164}`);
      await onFirstScreen(call, `${office.city}'s phone`);
      // Its own hours, local time, as on its card's data.
      for (const slot of office.hours) await expect(row).toContainText(`${slot.days} ${slot.label}`);
    }
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test('at 768 px no card sits beside an empty cell', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/contact');
  for (const list of [
    page.getByRole('complementary', { name: 'Contact details' }).getByRole('list').first(),
    page.getByRole('region', { name: 'Our Offices' }).getByRole('list'),
  ]) {
    const width = (await list.boundingBox())!.width;
    const boxes = await Promise.all((await list.getByRole('listitem').all()).map(async (card) => (await card.boundingBox())!));
    const rows = new Map<number, typeof boxes>();
    for (const box of boxes) rows.set(Math.round(box.y), [...(rows.get(Math.round(box.y)) ?? []), box]);
    expect(boxes.length, 'more than one card: some could sit side by side').toBeGreaterThan(1);
    // A card alone on its row spans it; otherwise the cards of a row fill it.
    for (const row of rows.values())
      expect(
        row.reduce((sum, box) => sum + box.width, 0),
        `a row of ${row.length}`,
      ).toBeGreaterThan(width * 0.9);
  }
});
