/** The office that answers: suggested from the browser's time zone, changeable, and named to staff with its times. */
import { expect, test } from '@playwright/test';
import { answeringOffices, officeForTimeZone } from '../../src/enquiry/answering-office.ts';
import { mailInViewer, storedEnquiries, uniqueEmail } from '../support/enquiries.ts';
import { field, startContactForm } from '../support/site.ts';

const labelOf = (code: string) => answeringOffices.find((office) => office.code === code)!.label;

test.describe('a visitor in London', () => {
  test.use({ timezoneId: 'Europe/London' });

  test('is offered the London office, and staff read the London and visitor times with the due time', async ({ page, request }) => {
    const email = uniqueEmail('office');
    const message = `We need a support partner for our UK warehouses (${email}).`;
    await page.goto('/contact');
    await startContactForm(page);
    const office = field(page, 'Office to answer you');
    await expect(office.locator('option:checked')).toHaveText(labelOf(officeForTimeZone('Europe/London')));
    await field(page, 'Full Name').fill('Tom Hughes');
    await field(page, 'Email Address').fill(email);
    await field(page, 'Message').fill(message);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Message Sent Successfully! ✨')).toBeVisible();

    const [row] = await storedEnquiries(request, email);
    expect(row).toMatchObject({ office: 'GB', visitor_time_zone: 'Europe/London' });
    const mail = await mailInViewer(request, message, 30_000);
    expect(mail.text).toContain('Office:   London, as the visitor chose');
    expect(mail.text).toMatch(/Received: \w{3}, \d{1,2} \w{3} \d{4}, \d\d:\d\d London time; \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(mail.text).toMatch(/Due:\s+\w{3}, \d{1,2} \w{3} \d{4}, \d\d:\d\d London time: 24 hours of London's working time/);
    // After sending, the form suggests the office again for the next enquiry.
    await expect(office.locator('option:checked')).toHaveText(labelOf('GB'));
  });
});

test.describe('a visitor in Toronto', () => {
  test.use({ timezoneId: 'America/Toronto' });

  test('is offered Toronto, may choose another office, and the enquiry is stored for the one chosen', async ({ page, request }) => {
    const email = uniqueEmail('office-choice');
    await page.goto('/contact');
    await startContactForm(page);
    const office = field(page, 'Office to answer you');
    await expect(office.locator('option:checked')).toHaveText(labelOf('CA'));
    await office.selectOption({ label: labelOf('IN') });
    await field(page, 'Full Name').fill('Anne Tremblay');
    await field(page, 'Email Address').fill(email);
    await field(page, 'Message').fill('Please send a proposal for ERP support from India.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Message Sent Successfully! ✨')).toBeVisible();
    await expect.poll(async () => (await storedEnquiries(request, email))[0]).toMatchObject({ office: 'IN', visitor_time_zone: 'America/Toronto' });
  });
});
