/** The staff e-mail and the notifier's settings, as plain functions under Node (the same modules Deno runs). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readNotifierConfig } from '../../supabase/functions/notify-enquiry/config.ts';
import { retryDelaySeconds, defaultPolicy } from '../../supabase/functions/notify-enquiry/deliver.ts';
import { composeNotification, headerText, isPlainAddress } from '../../supabase/functions/notify-enquiry/message.ts';
import type { ClaimedNotification } from '../../supabase/functions/notify-enquiry/types.ts';

const settings = { from: { name: 'Website', address: 'website@company.test' }, to: ['staff@company.test'] };
const enquiry: ClaimedNotification = {
  enquiry_id: '5b0f6f0e-8a36-4c8e-9f1f-0d2b7b1c9a01',
  attempt: 1,
  created_at: '2026-11-23T10:15:00Z',
  name: 'Asha Rao',
  email: 'asha@acme.example',
  company: null,
  phone: null,
  service: null,
  message: 'Hello',
};

describe('the staff e-mail', () => {
  it('says who, from which company and about what in the subject, and when in UTC and IST', () => {
    expect(composeNotification(enquiry, settings).subject).toBe('Enquiry: Asha Rao, no service chosen');
    expect(composeNotification({ ...enquiry, company: 'Acme', service: 'IT Consulting' }, settings).subject).toBe(
      'Enquiry: Asha Rao (Acme), IT Consulting',
    );
    expect(composeNotification(enquiry, settings).text).toContain('Received: 2026-11-23 10:15 UTC (23 Nov 2026, 15:45 IST)');
    expect(composeNotification(enquiry, settings).text).toContain('Company:  (not given)');
  });

  it('has the same Message-ID on every attempt', () => {
    const first = composeNotification(enquiry, settings);
    const third = composeNotification({ ...enquiry, attempt: 3 }, settings);
    expect(first.messageId).toBe('<enquiry-5b0f6f0e-8a36-4c8e-9f1f-0d2b7b1c9a01@company.test>');
    expect(third.messageId).toBe(first.messageId);
  });

  it('keeps every line break and control character out of header values', () => {
    for (const breaker of ['\r\n', '\n', '\r', '\u2028', '\u2029', '\u0085', '\u0000', '\u000b']) {
      const value = headerText(`Eve${breaker}Bcc: victim@example.net`);
      expect(value).toBe('Eve Bcc: victim@example.net');
    }
    const mail = composeNotification({ ...enquiry, name: 'Eve\r\nBcc: x@y.z', company: 'A\nB', service: 'Other\r\nX: 1' }, settings);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.replyTo?.name).toBe('Eve Bcc: x@y.z');
  });

  it('directs replies only to a plain mailbox', () => {
    expect(isPlainAddress('asha.rao+leads@acme.example')).toBe(true);
    for (const odd of ['eve,victim@attacker.example', '"a b"@c.de', 'a@b', 'a<b>@c.de', 'x@-bad.example', 'a@b.c\r\nBcc: d@e.f']) {
      expect(isPlainAddress(odd), odd).toBe(false);
      expect(composeNotification({ ...enquiry, email: odd }, settings).replyTo).toBeNull();
    }
  });

  it('escapes the visitor’s text in the HTML part and keeps it whole in the text part', () => {
    const mail = composeNotification({ ...enquiry, message: '<b>hi</b> & "x"\r\nline 2', company: "<img src=x onerror='y'>" }, settings);
    expect(mail.html).toContain('&#60;b&#62;hi&#60;/b&#62; &#38; &#34;x&#34;\nline 2');
    expect(mail.html).toContain('&#60;img src=x onerror=&#39;y&#39;&#62;');
    expect(mail.html).not.toMatch(/<img|<b>/);
    expect(mail.text).toContain('<b>hi</b> & "x"\nline 2');
  });
});

describe('the notifier’s settings', () => {
  const base: Record<string, string> = {
    ENQUIRY_NOTIFY_TO: 'staff@company.test',
    ENQUIRY_NOTIFY_FROM: 'Company Website <website@company.test>',
    SMTP_HOST: 'smtp.example.net',
  };
  const read = (env: Record<string, string>) => readNotifierConfig((name) => env[name]);

  it('defaults to TLS on port 465, which Supabase Edge Functions may reach', () => {
    const config = read(base);
    expect(config).toMatchObject({ smtp: { host: 'smtp.example.net', port: 465, secure: true }, mail: { from: { name: 'Company Website', address: 'website@company.test' } } });
  });

  it('names every missing or wrong secret at once', () => {
    expect(read({ SMTP_PORT: 'abc' })).toEqual({
      problems: [
        'ENQUIRY_NOTIFY_TO is not set (the staff address, or several separated by commas)',
        'ENQUIRY_NOTIFY_FROM is not set',
        'SMTP_HOST is not set',
        "SMTP_PORT must be a positive number, not 'abc'",
      ],
    });
    expect(read({ ...base, ENQUIRY_NOTIFY_TO: 'staff@company.test, not an address' })).toEqual({
      problems: ["ENQUIRY_NOTIFY_TO: 'not an address' is not an e-mail address"],
    });
  });

  it('refuses ports 25 and 587 on Supabase, where they are blocked, but not elsewhere', () => {
    const onSupabase = { ...base, SUPABASE_URL: 'https://abcd.supabase.co', SMTP_PORT: '587' };
    expect(read(onSupabase)).toEqual({ problems: ["SMTP_PORT 587 is blocked on Supabase Edge Functions: use 465 (or your provider's 2465/2587)"] });
    expect(read({ ...onSupabase, SUPABASE_URL: 'http://127.0.0.1:54321' })).toMatchObject({ smtp: { port: 587, secure: false } });
  });

  it('backs off 30 s, 1, 2, 4 … minutes up to an hour, over 10 attempts', () => {
    expect([1, 2, 3, 4, 8, 9].map((attempt) => retryDelaySeconds(attempt, defaultPolicy))).toEqual([30, 60, 120, 240, 3600, 3600]);
    expect(defaultPolicy.maxAttempts).toBe(10);
  });
});

describe('the function as deployed', () => {
  it('pins in deno.json the versions npm installed, so Supabase bundles what the tests ran', () => {
    const denoJson = JSON.parse(readFileSync('supabase/functions/notify-enquiry/deno.json', 'utf8')) as { imports: Record<string, string> };
    for (const [name, specifier] of Object.entries(denoJson.imports)) {
      const installed = (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;
      expect(specifier).toBe(`npm:${name}@${installed}`);
    }
  });
});
