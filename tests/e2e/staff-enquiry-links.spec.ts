/**
 * What a member of staff does with the links of the staff e-mail, on the local stack `npm run dev` runs (the local
 * backend's notifier and enquiry-action function, the mail viewer): send an enquiry through the form, open the e-mail
 * in the mail viewer, follow "Mark as answered", press the button, see it recorded, and find the state in the database and in `npm run enquiries`;
 * undo it from the same page, see the history, and mark it again.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { localSupabaseUrl } from '../../src/config/local-supabase.ts';
import { localSupabaseServiceRoleKey } from '../../scripts/local-backend/local-api-keys.ts';
import { mailViewerUrl } from '../../scripts/local-backend/mail-catcher.ts';
import { mailInViewer, storedEnquiries, uniqueEmail } from '../support/enquiries.ts';
import { field, startContactForm } from '../support/site.ts';

const run = promisify(execFile);

/** `text` as a regular expression matching itself. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The page-wide checks of tests/e2e/accessibility.spec.ts (WCAG 2.2 AA and best practices), in the state it is in. In
 * axe's legacy mode, as there: the page has no frame, so axe need not open a blank page of its own to combine frames.
 */
async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode()
    .analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

type Recorded = Window & { cspViolations: string[] };

async function stateOf(request: APIRequestContext, id: string) {
  const response = await request.get(`${localSupabaseUrl}/rest/v1/contact_submissions?select=state,state_changed_by&id=eq.${id}`, {
    headers: { apikey: localSupabaseServiceRoleKey, Authorization: `Bearer ${localSupabaseServiceRoleKey}` },
  });
  return ((await response.json()) as Array<{ state: string; state_changed_by: string | null }>)[0];
}

test('staff mark an enquiry answered from the link in its e-mail, once', async ({ page, request }) => {
  // A form, the mail viewer, three page loads and three accessibility scans: more than the default 30 s on a loaded machine.
  test.setTimeout(120_000);
  const email = uniqueEmail('links');
  const message = `We need help with our helpdesk (${email}).`;
  await page.goto('/contact');
  await startContactForm(page);
  await field(page, 'Full Name').fill('Ravi Menon');
  await field(page, 'Email Address').fill(email);
  await field(page, 'Company').fill('Menon Textiles');
  await field(page, 'Message').fill(message);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Message Sent Successfully! ✨')).toBeVisible();

  const mail = await mailInViewer(request, message, 15_000);
  expect(mail.text).toMatch(/Mark as answered: http:\/\/localhost:\d+\/staff\/enquiry\?/);
  expect(mail.text).toMatch(/Close, no answer needed: http:\/\/localhost:\d+\/staff\/enquiry\?/);

  // The e-mail as staff see it in the mail viewer, and its "Mark as answered" link.
  await page.goto(mailViewerUrl);
  await page.getByText('Enquiry: Ravi Menon (Menon Textiles), no service chosen').first().click();
  const shown = page.locator('iframe').first().contentFrame();
  const answerLink = shown.getByRole('link', { name: 'Mark as answered' });
  await expect(answerLink).toBeVisible();
  const href = (await answerLink.getAttribute('href'))!;
  // The page's own policy must allow its script and its call to the function: any violation is recorded.
  await page.addInitScript(() => {
    (window as unknown as Recorded).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => (window as unknown as Recorded).cspViolations.push(event.violatedDirective));
  });
  await page.goto(href);

  // Opening the page changes nothing.
  await expect(page.getByRole('heading', { level: 1, name: 'Enquiry from the staff e-mail' })).toBeVisible();
  await expect(page.getByText('Ravi Menon', { exact: true })).toBeVisible();
  await expect(page.getByText('Menon Textiles', { exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+ minutes? ago \(/)).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Nothing has been recorded yet. Check the enquiry, then press the button.');
  const [row] = await storedEnquiries(request, email);
  expect(await stateOf(request, row!.id)).toEqual({ state: 'new', state_changed_by: null });
  await expectNoAxeViolations(page);

  await page.getByLabel('Your name (optional)').fill('Priya');
  await page.getByRole('button', { name: 'Mark as answered' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Recorded: the enquiry is marked answered\. By Priya, /, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Mark as answered' })).toBeHidden();
  expect(await stateOf(request, row!.id)).toEqual({ state: 'answered', state_changed_by: 'Priya' });
  // What staff read with `npm run enquiries`, from the same local backend: this enquiry, answered by Priya.
  const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SUPABASE_')));
  const { stdout } = await run(process.execPath, ['scripts/enquiries.ts', '--json'], { env: environment });
  const listed = (JSON.parse(stdout) as Array<{ email: string; state: string; state_changed_by: string }>).find((entry) => entry.email === email);
  expect(listed, stdout.slice(0, 2000)).toMatchObject({ state: 'answered', state_changed_by: 'Priya' });
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => (window as unknown as Recorded).cspViolations)).toEqual([]);

  // Pressed by mistake: the page offers Undo, says until when, and lists the history; Undo makes the enquiry new again.
  const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history).toHaveText([/: marked answered by Priya, from an e-mail link$/]);
  await expect(page.getByText(/^Pressed by mistake\? You can undo this until /)).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status')).toHaveText('Undone: the enquiry is new again, and its links work again.', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Undo' })).toBeHidden();
  await expect(history).toHaveText([/: marked answered by Priya, from an e-mail link; undone .+ by Priya$/]);
  expect(await stateOf(request, row!.id)).toEqual({ state: 'new', state_changed_by: null });
  await expectNoAxeViolations(page);

  // The link works again.
  await page.getByRole('button', { name: 'Mark as answered' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Recorded: the enquiry is marked answered\. By Priya, /, { timeout: 15_000 });
  await expect(history).toHaveCount(2);
  expect(await stateOf(request, row!.id)).toEqual({ state: 'answered', state_changed_by: 'Priya' });

  // The same link later says it was used, and by whom, and still offers Undo within the time.
  await page.reload();
  await expect(page.getByRole('status')).toHaveText(/^Nothing to do: this enquiry was already marked answered\. By Priya, /, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Mark as answered' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();

  // An altered link says so plainly and offers no button.
  const altered = new URL(href);
  altered.searchParams.set('action', 'closed');
  await page.goto(altered.toString());
  await expect(page.getByRole('status')).toHaveText(/^Nothing was changed: this link was not made by the website, or part of it was altered\./, {
    timeout: 15_000,
  });
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
  await expect(page.getByText('This page needs JavaScript')).toBeHidden();
  await expectNoAxeViolations(page);
  expect(await stateOf(request, row!.id)).toEqual({ state: 'answered', state_changed_by: 'Priya' });
});

test('a member of staff takes an enquiry with their own "I\'ll take it" link, then hands it over to a colleague', async ({ page, request }) => {
  // A form, the mail viewer, four page loads and two accessibility scans: more than the default 30 s on a loaded machine.
  test.setTimeout(120_000);
  const email = uniqueEmail('owner');
  const message = `Who will look after our rollout? (${email})`;
  await page.goto('/contact');
  await startContactForm(page);
  await field(page, 'Full Name').fill('Anita Desai');
  await field(page, 'Email Address').fill(email);
  await field(page, 'Message').fill(message);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Message Sent Successfully! ✨')).toBeVisible();

  // The office's people, each with their own link, as the e-mail lists them (the local backend's staff list).
  const mail = await mailInViewer(request, message, 15_000);
  const people = [...mail.text.matchAll(/^ {2}(.+?): (http:\/\/localhost:\d+\/staff\/enquiry\?\S*action=own\S*)$/gm)].map(([, name, link]) => ({
    name: name!,
    link: link!,
  }));
  expect(people.length, mail.text).toBeGreaterThanOrEqual(2);
  const [taker, colleague] = people as [{ name: string; link: string }, { name: string; link: string }];

  await page.goto(taker.link);
  await expect(page.getByRole('status')).toHaveText('Nothing has been recorded yet. Check the enquiry, then press the button.', { timeout: 15_000 });
  await expect(page.getByText('Nobody has taken it yet')).toBeVisible();
  // Who takes it is the link's person: there is no name to type.
  await expect(page.getByLabel('Your name (optional)')).toBeHidden();
  await page.getByRole('button', { name: `Take this enquiry as ${taker.name}` }).click();
  await expect(page.getByRole('status')).toHaveText(`Recorded: ${taker.name}, you own this enquiry. Its reminder comes to you.`, { timeout: 15_000 });
  await expect(page.getByText(new RegExp(`^${literal(taker.name)}, since `))).toBeVisible();
  await expectNoAxeViolations(page);
  const [row] = await storedEnquiries(request, email);
  const ownerOf = async () =>
    (
      (await (
        await request.get(`${localSupabaseUrl}/rest/v1/contact_submissions?select=owner_name&id=eq.${row!.id}`, {
          headers: { apikey: localSupabaseServiceRoleKey, Authorization: `Bearer ${localSupabaseServiceRoleKey}` },
        })
      ).json()) as Array<{ owner_name: string | null }>
    )[0]?.owner_name;
  expect(await ownerOf()).toBe(taker.name);

  // The colleague's own link, pressed later, names the owner and offers nothing to press.
  const colleaguePage = await page.context().newPage();
  await colleaguePage.goto(colleague.link);
  await expect(colleaguePage.getByRole('status')).toHaveText(`${taker.name} owns this enquiry.`, { timeout: 15_000 });
  await expect(colleaguePage.getByRole('main').getByRole('button')).toHaveCount(0);

  // The owner hands it over.
  await page.getByLabel('Hand over to').selectOption({ label: colleague.name });
  await page.getByRole('button', { name: 'Hand over' }).click();
  await expect(page.getByRole('status')).toHaveText(`Handed over: ${colleague.name} owns this enquiry now, and its reminder goes to them.`, {
    timeout: 15_000,
  });
  await expect(page.getByRole('button', { name: 'Hand over' })).toBeHidden();
  const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history).toHaveText([
    new RegExp(`: taken by ${literal(taker.name)}, from an e-mail link$`),
    new RegExp(`: handed over from ${literal(taker.name)} to ${literal(colleague.name)}, from an e-mail link$`),
  ]);
  expect(await ownerOf()).toBe(colleague.name);
  await expectNoAxeViolations(page);

  // Now the colleague's page offers the hand-over back.
  await colleaguePage.reload();
  await expect(colleaguePage.getByRole('status')).toHaveText('You own this enquiry.', { timeout: 15_000 });
  await expect(colleaguePage.getByLabel('Hand over to')).toHaveValue(/@/);
  await colleaguePage.close();
});

test('without JavaScript the page says it needs it', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/staff/enquiry?enquiry=x');
  await expect(page.getByText('This page needs JavaScript to record anything.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Mark as answered|Close/ })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('term')).toHaveCount(0);
  await context.close();
});
