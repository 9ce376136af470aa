import { expect, test } from '@playwright/test';
import { email as companyEmail } from '../../src/config/company.ts';
import { localSupabaseUrl } from '../../src/config/local-supabase.ts';
import { localSupabaseServiceRoleKey } from '../../scripts/local-backend/local-api-keys.ts';
import { mailViewerUrl } from '../../scripts/local-backend/mail-catcher.ts';
import { mailInViewer, storedEnquiries, uniqueEmail } from '../support/enquiries.ts';
import { field, startContactForm } from '../support/site.ts';

test('an enquiry sent through the page reaches staff in the local mail viewer within seconds', async ({ page, request }) => {
  const email = uniqueEmail('notify');
  const message = `Please call us about moving 40 branch offices to the cloud (${email}).`;
  await page.goto('/contact');
  await startContactForm(page);
  await field(page, 'Full Name').fill('Meera Iyer');
  await field(page, 'Email Address').fill(email);
  await field(page, 'Company').fill('Iyer Logistics Pvt Ltd');
  await field(page, 'Phone Number').fill('+91 98100 12345');
  await field(page, 'Service of Interest').selectOption('Cloud Infrastructure');
  await field(page, 'Message').fill(message);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Message Sent Successfully! ✨')).toBeVisible();
  const sentAt = Date.now();

  const mail = await mailInViewer(request, message, 10_000);
  console.info(`staff e-mail in the viewer ${Date.now() - sentAt} ms after the success toast`);

  expect(mail.subject).toBe('Enquiry: Meera Iyer (Iyer Logistics Pvt Ltd), Cloud Infrastructure');
  expect(mail.to.map((a) => a.address)).toEqual([companyEmail]);
  expect(mail.envelope.to.map((a) => a.address)).toEqual([companyEmail]);
  const source = await (await request.get(`${mailViewerUrl}/api/email/${mail.id}/source`)).text();
  expect(source).toContain(`\nReply-To: Meera Iyer <${email}>\r\n`);
  for (const value of ['Meera Iyer', email, 'Iyer Logistics Pvt Ltd', '+91 98100 12345', 'Cloud Infrastructure', message]) {
    expect(mail.text).toContain(value);
  }

  const [row] = await storedEnquiries(request, email);
  const outbox = async () =>
    (
      await request.get(`${localSupabaseUrl}/rest/v1/enquiry_notifications?enquiry_id=eq.${row!.id}&select=status,attempts`, {
        headers: { apikey: localSupabaseServiceRoleKey, Authorization: `Bearer ${localSupabaseServiceRoleKey}` },
      })
    ).json();
  // The viewer keeps the message before it answers the server's send, and the notifier marks it sent after that answer.
  await expect.poll(outbox).toEqual([{ status: 'sent', attempts: 1 }]);

  // The viewer itself lists it, as a developer would see it.
  await page.goto(mailViewerUrl);
  await page.getByText(`Enquiry: Meera Iyer (Iyer Logistics Pvt Ltd), Cloud Infrastructure`).first().click();
  await expect(page.locator('iframe').first().contentFrame().getByText(message)).toBeVisible();
});
