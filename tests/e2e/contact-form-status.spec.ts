/**
 * A keyboard or screen-reader visitor sends the contact form and keeps their place: focus stays on a control of the
 * form while sending and after, the form's own status area says "Sending…" and then what happened, and keeps saying it
 * after the toast has gone, until the visitor starts on a new message. One announcement per outcome, errors beside
 * their fields, a toast close control of at least 24 × 24 px, no emoji read out.
 */
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { enquiryMessages, queuedText, sendingText } from '../../src/config/toasts.ts';
import { countEnquiryPosts, uniqueEmail } from '../support/enquiries.ts';
import { field, startContactForm } from '../support/site.ts';

const REST = '**/rest/v1/contact_submissions**';
const SUCCESS_TITLE = enquiryMessages.success.title;
const SUCCESS_TEXT = enquiryMessages.success.description;
const FAILURE_TEXT = enquiryMessages.failure.description;

const contactForm = (page: Page) => page.getByRole('form', { name: 'Contact form' });
const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });
/** The form's status area, by what it says. */
const status = (page: Page, text: string | RegExp) => contactForm(page).getByRole('status').filter({ hasText: text });

/** What has the focus: a control inside the contact form, or the tag name of whatever else. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active?.matches('input, textarea, select, button') || !active.closest('form[aria-label="Contact form"]'))
      return `outside the form: ${active?.tagName}`;
    return `${active.tagName.toLowerCase()}: ${active.textContent || active.getAttribute('name')}`;
  });

/** Waits until the page has stopped scrolling: the same position two frames apart. */
const scrollSettled = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((done) => {
            const before = scrollY;
            requestAnimationFrame(() => requestAnimationFrame(() => done(scrollY === before)));
          }),
      ),
    )
    .toBe(true);

/** Fills the form and presses Send with the keyboard (Tab from the message, Enter), as a keyboard visitor does. */
async function sendWithKeyboard(page: Page, label: string) {
  await field(page, 'Full Name').fill('Nisha Kapoor');
  await field(page, 'Email Address').fill(uniqueEmail(label));
  await field(page, 'Message').fill('We would like a quote for 24/7 support of our warehouse systems.');
  await field(page, 'Message').press('Tab');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeFocused();
  await page.keyboard.press('Enter');
}

/** Holds every request to the backend until `release` is called: a backend answering slowly. */
function slowBackend(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = (answer: (route: Route) => Promise<void>) =>
    page.route(REST, async (route) => {
      await released;
      await answer(route);
    });
  return { held, release: () => release() };
}

async function openForm(page: Page) {
  await page.goto('/contact');
  await startContactForm(page);
}

test('sending with the keyboard to a slow backend that succeeds: focus stays on Send, a second Enter sends nothing, and the form says it was sent after the toast has gone', async ({
  page,
}) => {
  test.slow(); // it waits for the toast to go by itself
  const posts = countEnquiryPosts([page]);
  await openForm(page);
  const backend = slowBackend(page);
  // Stored, answered as PostgREST does (201, no body). Playwright's route.continue() and route.fetch() to the local
  // backend never get an answer on this machine, so the slow backend answers itself.
  await backend.held((route) => route.fulfill({ status: 201, body: '' }));
  await sendWithKeyboard(page, 'slow-success');

  await expect(status(page, sendingText)).toBeVisible();
  const send = page.getByRole('button', { name: 'Sending Message...' });
  await expect(send).toBeFocused();
  await expect(send).toHaveAttribute('aria-disabled', 'true');
  expect(await focused(page)).toBe('button: Sending Message...');
  // Pressed again while sending: nothing more leaves.
  await page.keyboard.press('Enter');
  // Forced past Playwright's enabled check (aria-disabled), which also skips its wait for a still target: the page
  // scrolls smoothly to the focused button, and a click aimed mid-scroll would land beside it.
  await scrollSettled(page);
  await send.click({ force: true });
  backend.release();

  await expect(status(page, SUCCESS_TEXT)).toBeVisible();
  expect(await focused(page)).toBe('button: Send Message');
  await expect(page.getByRole('button', { name: 'Send Message' })).not.toHaveAttribute('aria-disabled');
  // The toast goes after its 4 s; the form still says what happened.
  await expect(notifications(page).getByText(SUCCESS_TEXT)).toBeVisible();
  await expect(notifications(page).getByText(SUCCESS_TEXT)).toBeHidden({ timeout: 15_000 });
  await expect(status(page, SUCCESS_TEXT)).toContainText('Message Sent Successfully!');
  expect(await focused(page)).toBe('button: Send Message');
  expect(posts.count).toBe(1);

  // Starting a new message clears it.
  await field(page, 'Full Name').fill('N');
  await expect(status(page, SUCCESS_TEXT)).toHaveCount(0);
});

test('sending with the keyboard to a slow backend that refuses: focus stays on Send, the failure stays in the form, and the error toast stays until closed', async ({
  page,
}) => {
  await page.clock.install();
  await openForm(page);
  const backend = slowBackend(page);
  await backend.held((route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: '23514', message: 'new row violates check constraint', details: null, hint: null }),
    }),
  );
  await sendWithKeyboard(page, 'slow-failure');
  await expect(status(page, sendingText)).toBeVisible();
  expect(await focused(page)).toBe('button: Sending Message...');
  backend.release();

  await expect(status(page, FAILURE_TEXT)).toBeVisible();
  expect(await focused(page)).toBe('button: Send Message');
  await expect(field(page, 'Full Name')).toHaveValue('Nisha Kapoor');
  const errorToast = notifications(page).getByRole('listitem').filter({ hasText: FAILURE_TEXT });
  await expect(errorToast).toBeVisible();

  // A minute later (a success toast goes after 4 s), the error toast is still there to read, and so is the status.
  await page.clock.runFor(60_000);
  await expect(errorToast).toBeVisible();
  await expect(status(page, FAILURE_TEXT)).toBeVisible();

  const close = errorToast.getByRole('button', { name: 'Close toast' });
  const box = await boxAtRest(errorToast, close);
  expect(box!.width).toBeGreaterThanOrEqual(24);
  expect(box!.height).toBeGreaterThanOrEqual(24);
  await close.click();
  await page.clock.runFor(1_000);
  await expect(errorToast).toHaveCount(0);
  await expect(status(page, FAILURE_TEXT)).toBeVisible();
});

test('with the backend down, the enquiry kept for later is announced once, in the form, and focus stays on Send', async ({ page }) => {
  test.slow(); // three retries, 1 + 2 + 4 s
  await openForm(page);
  await page.route(REST, (route) => route.abort('internetdisconnected'));
  await sendWithKeyboard(page, 'kept-once');
  await expect(status(page, sendingText)).toBeVisible();
  expect(await focused(page)).toBe('button: Sending Message...');

  const kept = status(page, queuedText.heading(1));
  await expect(kept).toBeVisible({ timeout: 20_000 });
  expect(await focused(page)).toBe('button: Send Message');
  await expect(notifications(page).getByText(enquiryMessages.queued.description)).toBeVisible();

  // Every piece of text about the outcome, and the live region (if any) that would announce it.
  const announcers = await page.evaluate(() => {
    const live = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
    const regions = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const region = /try again|sent automatically/.test(text.textContent ?? '') && text.parentElement?.closest(live);
      if (region) regions.add(region);
    }
    return [...regions].map((region) => region.textContent);
  });
  expect(announcers, 'one live region says what happened, and only it').toHaveLength(1);
  expect(announcers[0]).toContain(queuedText.heading(1));
});

/** A control's box once its toast has come to rest: a toast slides and scales in, and a box read mid-way is short. */
async function boxAtRest(toast: Locator, control: Locator) {
  await toast.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  return control.boundingBox();
}

test('errors are written beside each field, the fields are marked invalid, and focus goes to the first', async ({ page }) => {
  const posts = countEnquiryPosts([page]);
  await openForm(page);
  await page.getByRole('button', { name: 'Send Message' }).press('Enter');

  /** The field's error text, as the browser gives it to assistive technology and as the visitor sees it. */
  const expectError = async (input: Locator) => {
    const message = await input.evaluate((element: HTMLInputElement) => element.validationMessage);
    expect(message).not.toBe('');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(message);
    const textId = (await input.getAttribute('aria-describedby'))!;
    const text = page.locator(`#${textId}`);
    await expect(text).toBeVisible();
    await expect(text).toHaveText(message);
    // Beside the field: right under it, as wide a column. Both boxes are read in one go: focusing a field scrolls the
    // page, and two reads apart can straddle a scroll.
    const { below, across } = await input.evaluate((element, id) => {
      const [fieldBox, textBox] = [element.getBoundingClientRect(), document.getElementById(id)!.getBoundingClientRect()];
      return { below: textBox.top - fieldBox.bottom, across: textBox.left - fieldBox.left };
    }, textId);
    expect(below).toBeGreaterThanOrEqual(0);
    expect(below).toBeLessThan(16);
    expect(Math.abs(across)).toBeLessThan(2);
  };

  await expect(field(page, 'Full Name')).toBeFocused();
  for (const label of ['Full Name', 'Email Address', 'Message']) await expectError(field(page, label));
  for (const label of ['Company', 'Phone Number']) await expect(field(page, label)).not.toHaveAttribute('aria-invalid');

  // Corrected, a field loses its error at once; a malformed address is the next one refused, and focused.
  await field(page, 'Full Name').fill('Nisha Kapoor');
  await expect(field(page, 'Full Name')).not.toHaveAttribute('aria-invalid');
  await expect(field(page, 'Full Name')).toHaveAccessibleDescription('');
  await field(page, 'Email Address').fill('not-an-email');
  await field(page, 'Message').fill('.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(field(page, 'Email Address')).toBeFocused();
  await expectError(field(page, 'Email Address'));
  await expectError(field(page, 'Message'));
  await expect(field(page, 'Message')).toHaveAccessibleDescription(/at least one letter or digit/);
  expect(posts.count).toBe(0);
});

test('the toast close control is at least 24 × 24 px, and the success title reads without its emoji', async ({ page }) => {
  await openForm(page);
  await sendWithKeyboard(page, 'emoji');
  const toast = notifications(page).getByRole('listitem').filter({ hasText: SUCCESS_TEXT });
  await expect(toast).toBeVisible();
  await expect(toast.getByText(SUCCESS_TITLE)).toBeVisible(); // seen, ✨ and all
  const box = await boxAtRest(toast, toast.getByRole('button', { name: 'Close toast' }));
  expect(box!.width).toBeGreaterThanOrEqual(24);
  expect(box!.height).toBeGreaterThanOrEqual(24);

  // What assistive technology gets: the words without the emoji, in the toast and in the form's status.
  const heard = `${await notifications(page).ariaSnapshot()}\n${await status(page, SUCCESS_TEXT).ariaSnapshot()}`;
  expect(heard).toContain('Message Sent Successfully!');
  expect(heard).not.toContain('✨');
});
