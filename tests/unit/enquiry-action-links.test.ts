/**
 * The "Mark as answered" and "Close, no answer needed" links of the staff e-mail: in both parts when the link settings
 * are there, and the e-mail still composed (with the reason logged by the caller) when they are not.
 */
import { describe, expect, it } from 'vitest';
import { checkActionLink } from '../../supabase/functions/_shared/enquiry-links.ts';
import { developmentLinkSecret, enquiryLinks, linkSecretProblem, readLinkSettings } from '../../supabase/functions/_shared/link-settings.ts';
import { readNotifierConfig } from '../../supabase/functions/notify-enquiry/config.ts';
import { linkSecretSettingProblem } from '../../scripts/deploy/setting-values.ts';
import { composeNotification } from '../../supabase/functions/notify-enquiry/message.ts';
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
    for (const [action, link] of Object.entries(links)) {
      expect(link.startsWith('https://www.kalpaka.com/staff/enquiry?')).toBe(true);
      const check = await checkActionLink(new URL(link).searchParams, secret);
      expect(check).toMatchObject({ ok: true, claims: { enquiry: enquiry.enquiry_id, action } });
    }
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
