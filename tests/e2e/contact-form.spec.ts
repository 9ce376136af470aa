import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { email as companyEmail, mailtoHref, phone, telHref } from '../../src/config/company.ts';
import { rateLimitMessages } from '../../src/config/enquiry.ts';
import { enquiryMessages } from '../../src/config/toasts.ts';
import { storedEnquiries, uniqueEmail } from '../support/enquiries.ts';
import { field, startContactForm } from '../support/site.ts';

const SUCCESS = 'Message Sent Successfully! ✨';
const SUCCESS_TEXT = "Thank you for reaching out. We'll get back to you within 24 hours of our working time.";
const FAILURE_TEXT = 'Failed to send message. Please try again.';
const REST = '**/rest/v1/contact_submissions**';

async function openForm(page: Page) {
  await page.goto('/contact');
  await startContactForm(page);
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
}

async function fillRequired(page: Page, email: string) {
  await field(page, 'Full Name').fill('Meera Iyer');
  await field(page, 'Email Address').fill(email);
  await field(page, 'Message').fill('We need help migrating our ERP data to the cloud this quarter.');
}

const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });

test('a submission stores exactly one row, with nulls for empty optional fields, and clears the form', async ({ page, request }) => {
  const email = uniqueEmail('submit');
  await openForm(page);
  await fillRequired(page, email);
  await field(page, 'Service of Interest').selectOption('Cloud Infrastructure');
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(notifications(page).getByText(SUCCESS)).toBeVisible();
  await expect(notifications(page).getByText(SUCCESS_TEXT)).toBeVisible();
  await expect(field(page, 'Full Name')).toHaveValue('');
  await expect(field(page, 'Email Address')).toHaveValue('');
  await expect(field(page, 'Message')).toHaveValue('');
  await expect(field(page, 'Service of Interest')).toHaveValue('');

  const rows = await storedEnquiries(request, email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    name: 'Meera Iyer',
    email,
    company: null,
    phone: null,
    service: 'Cloud Infrastructure',
    message: 'We need help migrating our ERP data to the cloud this quarter.',
  });
});

test('all fields are stored as typed', async ({ page, request }) => {
  const email = uniqueEmail('full');
  await openForm(page);
  await fillRequired(page, email);
  await field(page, 'Company').fill('Iyer Logistics Pvt Ltd');
  await field(page, 'Phone Number').fill('+91 98100 12345');
  await field(page, 'Service of Interest').selectOption('Other');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(notifications(page).getByText(SUCCESS)).toBeVisible();
  const [row] = await storedEnquiries(request, email);
  expect(row).toMatchObject({ company: 'Iyer Logistics Pvt Ltd', phone: '+91 98100 12345', service: 'Other' });
});

test('when the backend cannot be reached, the error toast shows and every value stays', async ({ page, request }) => {
  test.slow(); // three retries with 1 s, 2 s and 4 s backoff
  const email = uniqueEmail('offline');
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await openForm(page);
  await page.route(REST, (route) => route.abort('internetdisconnected'));
  await fillRequired(page, email);
  await field(page, 'Company').fill('Offline Co');
  await field(page, 'Phone Number').fill('+44 20 7946 0000');
  await field(page, 'Service of Interest').selectOption('IT Consulting');
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(notifications(page).getByText('Error', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(notifications(page).getByText(FAILURE_TEXT)).toBeVisible();
  await expect(field(page, 'Full Name')).toHaveValue('Meera Iyer');
  await expect(field(page, 'Email Address')).toHaveValue(email);
  await expect(field(page, 'Company')).toHaveValue('Offline Co');
  await expect(field(page, 'Phone Number')).toHaveValue('+44 20 7946 0000');
  await expect(field(page, 'Service of Interest')).toHaveValue('IT Consulting');
  await expect(field(page, 'Message')).toHaveValue('We need help migrating our ERP data to the cloud this quarter.');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  expect(errors.some((text) => text.includes('Failed to send the enquiry'))).toBe(true);
  expect(await storedEnquiries(request, email)).toHaveLength(0);
});

test('the button reads Sending Message... and is disabled while submitting', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await openForm(page);
  await page.route(REST, async (route) => {
    await held;
    await route.continue();
  });
  await fillRequired(page, uniqueEmail('sending'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  const sending = page.getByRole('button', { name: 'Sending Message...' });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  release();
  await expect(notifications(page).getByText(SUCCESS)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('a request whose answer is lost is retried and the enquiry is stored once', async ({ page, request }) => {
  const email = uniqueEmail('retry');
  let attempts = 0;
  await openForm(page);
  await page.route(REST, async (route) => {
    attempts += 1;
    if (attempts === 1) {
      await route.fetch(); // the server stores the row…
      await route.abort('connectionreset'); // …but the visitor's connection drops before the answer
      return;
    }
    await route.continue();
  });
  await fillRequired(page, email);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(notifications(page).getByText(SUCCESS)).toBeVisible({ timeout: 10_000 });
  expect(attempts).toBe(2);
  expect(await storedEnquiries(request, email)).toHaveLength(1);
});

test('a request that never reached the server is retried and stored once', async ({ page, request }) => {
  const email = uniqueEmail('dropped');
  let attempts = 0;
  await openForm(page);
  await page.route(REST, async (route) => {
    attempts += 1;
    if (attempts === 1) await route.abort('connectionrefused');
    else await route.continue();
  });
  await fillRequired(page, email);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(notifications(page).getByText(SUCCESS)).toBeVisible({ timeout: 10_000 });
  expect(await storedEnquiries(request, email)).toHaveLength(1);
});

test('supabase-js and the toasts are not downloaded before the form is touched', async ({ page }) => {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.set(new URL(response.url()).pathname, response.text());
  });
  const downloaded = async (marker: string) => {
    for (const body of scripts.values()) if ((await body).includes(marker)) return true;
    return false;
  };
  await page.goto('/contact');
  await page.waitForLoadState('networkidle');
  expect(await downloaded('supabase-js')).toBe(false);
  expect(await downloaded('data-sonner-toaster')).toBe(false);

  // The first touch loads the form's code, which then fetches what sending needs.
  await field(page, 'Full Name').focus();
  await expect.poll(() => downloaded('supabase-js')).toBe(true);
  await expect.poll(() => downloaded('data-sonner-toaster')).toBe(true);
});

test('the browser checks required fields and the email format before sending', async ({ page }) => {
  let requests = 0;
  await openForm(page);
  await page.route(REST, (route) => {
    requests += 1;
    return route.continue();
  });
  const send = page.getByRole('button', { name: 'Send Message' });
  /** Presses Send and returns the URL of a request to the backend seen within 1.5 s (one leaves within milliseconds), else null. */
  const pressSend = async () => {
    const sent = page.waitForRequest(REST, { timeout: 1_500 }).then(
      (request) => request.url(),
      () => null,
    );
    await send.click();
    return sent;
  };
  const validityOf = (label: string) =>
    field(page, label).evaluate((input: HTMLInputElement) => ({
      valueMissing: input.validity.valueMissing,
      typeMismatch: input.validity.typeMismatch,
      message: input.validationMessage,
    }));

  // Nothing filled in: the first required field is refused, gets the focus and says why; nothing is sent.
  expect(await pressSend(), 'a request reached the backend from an empty form').toBeNull();
  await expect(field(page, 'Full Name'), 'the first invalid field has the focus').toBeFocused();
  const name = await validityOf('Full Name');
  expect(name.valueMissing).toBe(true);
  expect(name.message, 'the browser describes what is missing').not.toBe('');

  // Everything filled in but the email is malformed: now the email field is the one refused, focused and described.
  await fillRequired(page, 'not-an-email');
  expect(await pressSend(), 'a request reached the backend with a malformed email').toBeNull();
  await expect(field(page, 'Email Address'), 'the invalid email field has the focus').toBeFocused();
  const email = await validityOf('Email Address');
  expect(email.typeMismatch).toBe(true);
  expect(email.message, 'the browser describes what is wrong with the email').not.toBe('');
  expect(requests).toBe(0);
});

test('a filled honeypot shows success but stores nothing', async ({ page, request }) => {
  const email = uniqueEmail('bot');
  await openForm(page);
  await fillRequired(page, email);
  await page.locator('input[name="website"]').fill('https://spam.example.com', { force: true });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(notifications(page).getByText(SUCCESS)).toBeVisible();
  expect(await storedEnquiries(request, email)).toHaveLength(0);
});

test.describe('a backend that accepts the connection and never answers', () => {
  let stall: Server;
  const sockets = new Set<Socket>();

  test.beforeAll(async () => {
    stall = createServer((socket) => {
      sockets.add(socket); // read nothing, answer nothing
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => stall.listen(0, '127.0.0.1', resolve));
  });

  test.afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => stall.close(resolve));
  });

  test('ends the submission with the error toast within a minute, keeps every value, and a later resubmission stores one row', async ({ page, request }) => {
    test.setTimeout(150_000);
    const email = uniqueEmail('stalled');
    const { port } = stall.address() as AddressInfo;
    const sentIds: string[] = [];
    await openForm(page);
    await page.route(REST, async (route) => {
      const id = (route.request().postDataJSON() as { id?: string } | null)?.id;
      if (id) sentIds.push(id);
      const url = new URL(route.request().url());
      url.port = String(port);
      await route.continue({ url: url.toString() });
    });
    await fillRequired(page, email);
    await field(page, 'Company').fill('Stalled Networks Ltd');
    const started = Date.now();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('button', { name: 'Sending Message...' })).toBeVisible();

    await expect(notifications(page).getByText(FAILURE_TEXT)).toBeVisible({ timeout: 70_000 });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(62_000); // four attempts of 12 s and the 1 + 2 + 4 s backoff: 55 s
    expect(elapsed).toBeGreaterThan(45_000);
    await expect(field(page, 'Full Name')).toHaveValue('Meera Iyer');
    await expect(field(page, 'Email Address')).toHaveValue(email);
    await expect(field(page, 'Company')).toHaveValue('Stalled Networks Ltd');
    await expect(field(page, 'Message')).toHaveValue('We need help migrating our ERP data to the cloud this quarter.');
    expect(new Set(sentIds).size).toBe(1);
    expect(sentIds.length).toBe(4);

    // The backend answers again; the visitor presses Send once more with the same text.
    await page.unroute(REST);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(notifications(page).getByText(SUCCESS)).toBeVisible({ timeout: 15_000 });
    const rows = await storedEnquiries(request, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(sentIds[0]);
  });
});

test('a rate-limited visitor is told, with the phone and email, and keeps what they typed', async ({ page }) => {
  let requests = 0;
  await openForm(page);
  await page.route(REST, (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    requests += 1;
    return route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'P0001', message: rateLimitMessages.email, details: 'At most 5 enquiries per email address in 00:10:00.', hint: null }),
    });
  });
  await fillRequired(page, uniqueEmail('limited'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(notifications(page).getByText(enquiryMessages.rateLimited.title)).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'Your message was not sent.' });
  await expect(notice.getByRole('link', { name: phone.display })).toHaveAttribute('href', telHref);
  await expect(notice.getByRole('link', { name: companyEmail })).toHaveAttribute('href', mailtoHref);
  await expect(notifications(page).getByText(FAILURE_TEXT)).toHaveCount(0);
  await expect(field(page, 'Full Name')).toHaveValue('Meera Iyer');
  expect(requests).toBe(1); // a limit is not retried
});

test('a name, company or message of spaces, invisible characters, lone marks or punctuation is refused by the form before sending', async ({ page }) => {
  let requests = 0;
  await openForm(page);
  await page.route(REST, (route) => {
    requests += 1;
    return route.continue();
  });
  await fillRequired(page, uniqueEmail('blank'));
  const cases = [
    ['Full Name', '\u200b\u00a0\u200b'],
    ['Full Name', '\u0300'],
    ['Full Name', '.'],
    ['Company', '\u2060 \u3164'],
    ['Message', '\u00a0\u200d\n\u200e'],
  ] as const;
  for (const [label, blank] of cases) {
    const input = field(page, label);
    const before = await input.inputValue();
    await input.fill(blank);
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await input.evaluate((element: HTMLInputElement) => element.validity.customError)).toBe(true);
    expect(await input.evaluate((element: HTMLInputElement) => element.validationMessage)).toContain('at least one letter or digit');
    await input.fill(label === 'Company' ? '' : before);
    expect(await input.evaluate((element: HTMLInputElement) => element.validity.valid)).toBe(true);
  }
  expect(requests).toBe(0);
});

test('an e-mail address the table would refuse is refused by the form, saying what to write instead', async ({ page, request }) => {
  test.slow(); // six addresses tried, then one enquiry stored
  let requests = 0;
  await openForm(page);
  await page.route(REST, (route) => {
    requests += 1;
    return route.continue();
  });
  await fillRequired(page, uniqueEmail('address'));
  const input = field(page, 'Email Address');
  for (const typed of [
    'a\u0085b@example.com',
    'a\u00a0b@example.com',
    'a\u200bb@example.com',
    'a\u202eb@example.com',
    '"x"<a@example.com>',
    'x <a@example.com>',
  ]) {
    await input.fill(typed);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(input, JSON.stringify(typed)).toBeFocused();
    expect(await input.evaluate((element: HTMLInputElement) => element.validationMessage), JSON.stringify(typed)).toContain('just your email address');
  }
  expect(requests).toBe(0);

  // A host name typed in its own script is stored in the ASCII form the staff e-mail can reply to.
  const local = uniqueEmail('idn').split('@')[0]!;
  await input.fill(`${local}@münchen.de`);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(notifications(page).getByText(SUCCESS)).toBeVisible();
  expect(await storedEnquiries(request, `${local}@xn--mnchen-3ya.de`)).toHaveLength(1);
});
