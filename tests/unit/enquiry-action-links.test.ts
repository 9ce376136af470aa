/**
 * The "Mark as answered" and "Close, no answer needed" links of the staff e-mail: in both parts when the link settings
 * are there, and the e-mail still composed (with the reason logged by the caller) when they are not.
 */
import { describe, expect, it } from 'vitest';
import { checkActionLink } from '../../supabase/functions/_shared/enquiry-links.ts';
import { developmentLinkSecret, enquiryLinks, linkSecretProblem, readLinkSettings } from '../../supabase/functions/_shared/link-settings.ts';
import { readNotifierConfig } from '../../supabase/functions/notify-enquiry/config.ts';
import { linkSecretSettingProblem } from '../../scripts/deploy/setting-values.ts';
import { composeNotification, officeStaffOf } from '../../supabase/functions/notify-enquiry/message.ts';
import { readOfficeStaff } from '../../supabase/functions/_shared/staff.ts';
import type { ClaimedNotification } from '../../supabase/functions/notify-enquiry/types.ts';

/** As `openssl rand -hex 32` makes one. */
const secret = '7d9107828edfc4b9d7b2538b4db217eee2880c4c5ca9da8e94da35f2e1c95c2d';
const enquiry: ClaimedNotification = {
  enquiry_id: '5b0f6f0e-8a36-4c8e-9f1f-0d2b7b1c9a01',
  attempt: 1,
  created_at: '2026-11-23T10:15:00Z',
  name: 'Asha Rao',
  email: 'asha@acme.example',
  company: 'Acme',
  phone: null,
  service: null,
  message: 'Hello',
  office: null,
  visitor_time_zone: null,
  due_at: null,
};
const base: Record<string, string> = {
  ENQUIRY_NOTIFY_TO: 'staff@company.test',
  ENQUIRY_NOTIFY_FROM: 'Company Website <website@company.test>',
  SMTP_HOST: 'smtp.example.net',
};

describe('the staff e-mail’s action links', () => {
  it('carries both links, signed for the enquiry, in the text and the HTML', async () => {
    const links = await enquiryLinks({ pageUrl: 'https://www.kalpaka.com/staff/enquiry', secret }, enquiry.enquiry_id);
    const mail = composeNotification(enquiry, { from: { name: 'Website', address: 'w@company.test' }, to: ['s@company.test'] }, links);
    expect(mail.text).toContain(`Mark as answered: ${links.answered}`);
    expect(mail.text).toContain(`Close, no answer needed: ${links.closed}`);
    expect(mail.text).toContain('nothing changes until you press it');
    const hrefs = [...mail.html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, href, label]) => [href!.replaceAll('&#38;', '&'), label]);
    expect(hrefs).toEqual([
      [links.answered, 'Mark as answered'],
      [links.closed, 'Close, no answer needed'],
    ]);
    expect(links.take).toEqual([]);
    for (const [action, link] of [
      ['answered', links.answered],
      ['closed', links.closed],
    ] as const) {
      expect(link.startsWith('https://www.kalpaka.com/staff/enquiry?')).toBe(true);
      const check = await checkActionLink(new URL(link).searchParams, secret);
      expect(check).toMatchObject({ ok: true, claims: { enquiry: enquiry.enquiry_id, action } });
    }
  });

  it('carries an "I\'ll take it" link for each person of the office\'s staff list, signed for that person', async () => {
    const read = readOfficeStaff(
      (name) =>
        ({ ENQUIRY_STAFF_GB: 'Olivia Grant <Olivia@Company.test>; Tom Hale <tom@company.test>', ENQUIRY_MANAGER_GB: 'Helen Price <helen@company.test>' })[name],
    );
    if ('problems' in read) throw new Error(read.problems.join('; '));
    const london = { ...enquiry, office: 'GB' };
    const settings = { from: { name: 'Website', address: 'w@company.test' }, to: ['s@company.test'], people: read.people };
    const links = await enquiryLinks({ pageUrl: 'https://www.kalpaka.com/staff/enquiry', secret }, london.enquiry_id, undefined, officeStaffOf(settings, 'GB'));
    const mail = composeNotification(london, settings, links);
    expect(links.take.map(({ name }) => name)).toEqual(['Olivia Grant', 'Tom Hale']);
    expect(mail.text).toContain(`  Olivia Grant: ${links.take[0]!.link}`);
    const labels = [...mail.html.matchAll(/<a href="[^"]+"[^>]*>([^<]+)<\/a>/g)].map(([, label]) => label);
    expect(labels).toEqual(['Olivia Grant', 'Tom Hale', 'Mark as answered', 'Close, no answer needed']);
    const checks = await Promise.all(links.take.map(({ link }) => checkActionLink(new URL(link).searchParams, secret)));
    expect(checks.map((check) => check.ok && check.claims.owner)).toEqual(['olivia@company.test', 'tom@company.test']);
    // Another person's address in the link is a forgery; an owner on an answer link does not read.
    const params = new URL(links.take[0]!.link).searchParams;
    params.set('owner', 'tom@company.test');
    expect(await checkActionLink(params, secret)).toMatchObject({ ok: false, reason: 'forged' });
    const answer = new URL(links.answered).searchParams;
    answer.set('owner', 'tom@company.test');
    expect(await checkActionLink(answer, secret)).toMatchObject({ ok: false, reason: 'incomplete' });
    // An office with no list has no such links.
    expect(officeStaffOf(settings, 'US')).toEqual([]);
  });

  it('reads the staff lists as Name <address>, separated by semicolons, and names every entry that does not read', () => {
    const lists: Record<string, string> = {
      ENQUIRY_STAFF_IN: 'Priya Sharma <priya@company.test>; Ravi <not an address>; Priya again <PRIYA@company.test>',
      ENQUIRY_STAFF_US: 'sam@company.test',
      ENQUIRY_MANAGER_GB: 'Helen Price <helen@company.test>; Olivia Grant <olivia@company.test>',
    };
    const read = readOfficeStaff((name) => lists[name]);
    expect('problems' in read && read.problems).toEqual([
      'ENQUIRY_STAFF_IN: \'Ravi <not an address>\' is not written as Name <address> (people are separated by semicolons; docs/OPERATIONS.md, "Who owns an enquiry")',
      'ENQUIRY_STAFF_IN: priya@company.test is listed twice',
      'ENQUIRY_STAFF_US: \'sam@company.test\' is not written as Name <address> (people are separated by semicolons; docs/OPERATIONS.md, "Who owns an enquiry")',
      'ENQUIRY_MANAGER_GB: name one manager, not 2',
    ]);
    // A bad list leaves the notifier sending, without the take links, and saying why.
    const config = readNotifierConfig((name) => ({ ...base, ...lists })[name]);
    expect(config).toMatchObject({ staffProblems: expect.arrayContaining(['ENQUIRY_MANAGER_GB: name one manager, not 2']) });
    expect('mail' in config && config.mail.people).toBeUndefined();
  });

  it('without links, the e-mail is the same as before and carries none', () => {
    const mail = composeNotification(enquiry, { from: { name: 'Website', address: 'w@company.test' }, to: ['s@company.test'] });
    expect(mail.text).not.toContain('Mark as answered');
    expect(mail.html).not.toContain('Mark as answered');
  });

  it('the notifier reads SITE_URL and ENQUIRY_LINK_SECRET, and without them still sends, saying why there are no links', () => {
    const withLinks = readNotifierConfig((name) => ({ ...base, SITE_URL: 'https://www.kalpaka.com', ENQUIRY_LINK_SECRET: secret })[name]);
    expect(withLinks).toMatchObject({ mail: { links: { pageUrl: 'https://www.kalpaka.com/staff/enquiry', secret } }, linkProblems: [] });

    const without = readNotifierConfig((name) => base[name]);
    expect(without).not.toHaveProperty('problems');
    expect(without).toMatchObject({
      linkProblems: [expect.stringMatching(/^SITE_URL is not set/), expect.stringMatching(/^ENQUIRY_LINK_SECRET is not set.*openssl rand -hex 32/)],
    });
    expect((without as { mail: object }).mail).not.toHaveProperty('links');

    const short = readNotifierConfig((name) => ({ ...base, SITE_URL: 'https://www.kalpaka.com', ENQUIRY_LINK_SECRET: 'short' })[name]);
    expect(short).toMatchObject({ linkProblems: [expect.stringMatching(/at least 32 characters/)] });
  });

  it('the development secret works locally and is refused on Supabase', () => {
    const env = { SITE_URL: 'http://localhost:4321', ENQUIRY_LINK_SECRET: developmentLinkSecret } as Record<string, string>;
    expect(readLinkSettings((name) => env[name], null)).toMatchObject({ siteOrigin: 'http://localhost:4321', secret: developmentLinkSecret });
    const hosted = readLinkSettings((name) => env[name], 'SB_REGION');
    expect(hosted).toEqual({
      problems: [
        "SITE_URL must start with https:// on Supabase (seen from SB_REGION), not 'http://localhost:4321'",
        expect.stringMatching(/^ENQUIRY_LINK_SECRET is the local development secret, which is public.*\(seen from SB_REGION\)$/),
      ],
    });
    expect(linkSecretProblem(developmentLinkSecret)).toMatch(/development secret/);
    expect(linkSecretProblem(secret)).toBeUndefined();
  });

  it('the deploy settings check refuses the development secret and a short one, and says nothing when it is unset', () => {
    expect(linkSecretSettingProblem({ ENQUIRY_LINK_SECRET: developmentLinkSecret })).toMatch(
      /local development secret, which is public.*Set it as the repository secret ENQUIRY_LINK_SECRET .*the deploy workflow sets it on the Edge Functions/,
    );
    expect(linkSecretSettingProblem({ ENQUIRY_LINK_SECRET: 'abc' })).toMatch(/at least 32 characters/);
    expect(linkSecretSettingProblem({ ENQUIRY_LINK_SECRET: secret })).toBeUndefined();
    expect(linkSecretSettingProblem({})).toBeUndefined();
  });
});
