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
  office: null,
  visitor_time_zone: null,
  due_at: null,
};

describe('the staff e-mail', () => {
  it('says who, from which company and about what in the subject, and when in the answering office’s time and UTC', () => {
    expect(composeNotification(enquiry, settings).subject).toBe('Enquiry: Asha Rao, no service chosen');
    expect(composeNotification({ ...enquiry, company: 'Acme', service: 'IT Consulting' }, settings).subject).toBe('Enquiry: Asha Rao (Acme), IT Consulting');
    const text = composeNotification(enquiry, settings).text;
    expect(text).toContain('Office:   Noida (the visitor chose no office: the headquarters)');
    expect(text).toContain('Received: Mon, 23 Nov 2026, 15:45 Noida time; 2026-11-23 10:15 UTC');
    expect(text).toContain('Company:  (not given)');
  });

  it('goes to the office the visitor chose, with when it arrived and is due in that office’s time and the visitor’s', () => {
    const recipients = {
      IN: ['noida@company.test'],
      US: ['austin@company.test'],
      GB: ['london@company.test'],
      CA: ['toronto@company.test'],
      AU: ['sydney@company.test'],
    };
    const london = {
      ...enquiry,
      created_at: '2026-12-04T17:30:00Z',
      office: 'GB',
      visitor_time_zone: 'America/New_York',
      due_at: '2026-12-07T17:30:00Z',
    };
    const mail = composeNotification(london, { ...settings, recipients });
    expect(mail.to).toEqual(['london@company.test']);
    expect(mail.text).toContain('Office:   London, as the visitor chose');
    expect(mail.text).toContain(
      "Received: Fri, 4 Dec 2026, 17:30 London time; Fri, 4 Dec 2026, 12:30 the visitor's time (America/New_York); 2026-12-04 17:30 UTC",
    );
    expect(mail.text).toContain(
      "Due:      Mon, 7 Dec 2026, 17:30 London time; Mon, 7 Dec 2026, 12:30 the visitor's time (America/New_York): 24 hours of London's working time",
    );
    // A zone the browser made up is not repeated to staff; an office the visitor did not choose is the headquarters'.
    expect(composeNotification({ ...london, visitor_time_zone: 'Mars/Olympus' }, { ...settings, recipients }).text).not.toContain('Mars');
    expect(composeNotification({ ...london, office: null }, { ...settings, recipients }).to).toEqual(['noida@company.test']);
    expect(composeNotification(london, settings).to).toEqual(['staff@company.test']);
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

  it('keeps bidi controls and other invisible format characters out of every header value', () => {
    const invisible = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}\u2028\u2029]/u;
    // Bidi overrides, embeddings and isolates; direction marks; zero-width characters; soft hyphen; BOM; tags.
    const controls = ['\u202e', '\u202d', '\u202a', '\u202b', '\u202c', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
    const others = ['\u200b', '\u200c', '\u200d', '\u2060', '\u2064', '\u00ad', '\ufeff', '\u180e', '\u{e0041}', '\ufe0f', '\u3164'];
    const headerValues = (mail: ReturnType<typeof composeNotification>) => [
      mail.subject,
      mail.from.name,
      mail.replyTo?.name ?? '',
      ...Object.values(mail.headers ?? {}),
    ];
    const mail = composeNotification(
      { ...enquiry, name: 'Eve\u202egnp.exe', company: '\u2067Acme\u2069 \u200eLtd', service: 'IT\u200f Consulting' },
      { ...settings, from: { name: 'Web\u202esite\u00ad', address: 'website@company.test' } },
    );
    expect(mail.subject).toBe('Enquiry: Evegnp.exe (Acme Ltd), IT Consulting');
    expect(mail.replyTo?.name).toBe('Evegnp.exe');
    expect(mail.from.name).toBe('Website');
    for (const character of [...controls, ...others]) {
      const each = composeNotification(
        { ...enquiry, name: `A${character}B`, company: `C${character}D` },
        { ...settings, from: { name: `W${character}X`, address: 'website@company.test' } },
      );
      for (const value of headerValues(each)) expect(value, `U+${character.codePointAt(0)!.toString(16)} in ${JSON.stringify(value)}`).not.toMatch(invisible);
      expect(each.subject).toBe('Enquiry: AB (CD), no service chosen');
    }
  });

  it('directs replies only to a plain mailbox', () => {
    expect(isPlainAddress('asha.rao+leads@acme.example')).toBe(true);
    for (const odd of [
      'eve,victim@attacker.example',
      '"a b"@c.de',
      'a@b',
      'a<b>@c.de',
      'x@-bad.example',
      'a@b.c\r\nBcc: d@e.f',
      '"x"<a@b.co>',
      'a\u00a0b@b.co',
    ]) {
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
    expect(config).toMatchObject({
      smtp: { host: 'smtp.example.net', port: 465, secure: true },
      mail: { from: { name: 'Company Website', address: 'website@company.test' } },
    });
  });

  it('names every missing or wrong secret at once', () => {
    expect(read({ SMTP_PORT: 'abc' })).toEqual({
      problems: [
        'ENQUIRY_NOTIFY_TO is not set (the staff address, or several separated by commas)',
        'ENQUIRY_NOTIFY_FROM is not set',
        'SMTP_HOST is not set',
        "SMTP_PORT must be a whole number from 1 to 65535, not 'abc'",
      ],
    });
    expect(read({ ...base, ENQUIRY_NOTIFY_TO: 'staff@company.test, not an address' })).toEqual({
      problems: ["ENQUIRY_NOTIFY_TO: 'not an address' is not an e-mail address"],
    });
  });

  it('takes SMTP_PORT only as a whole number from 1 to 65535', () => {
    for (const port of ['465.5', '99999', '65536', '0', '-1', '1e3', '0x1d1', ' 465', '465 ', '+465', 'abc']) {
      expect(read({ ...base, SMTP_PORT: port }), port).toEqual({ problems: [`SMTP_PORT must be a whole number from 1 to 65535, not '${port}'`] });
    }
    for (const port of ['1', '2587', '65535']) expect(read({ ...base, SMTP_PORT: port }), port).toMatchObject({ smtp: { port: Number(port) } });
  });

  it('takes the attempts, the lease and the timeouts only as plain numbers within their ranges, naming the setting and the fix', () => {
    const refused: Array<[name: string, value: string, rule: string]> = [
      ['ENQUIRY_NOTIFY_LEASE_SECONDS', '0.001', 'a whole number of seconds from 1 to 3600'],
      ['ENQUIRY_NOTIFY_LEASE_SECONDS', '0', 'a whole number of seconds from 1 to 3600'],
      ['ENQUIRY_NOTIFY_LEASE_SECONDS', '86400', 'a whole number of seconds from 1 to 3600'],
      ['ENQUIRY_NOTIFY_LEASE_SECONDS', '1e2', 'a whole number of seconds from 1 to 3600'],
      ['ENQUIRY_NOTIFY_MAX_ATTEMPTS', '2.5', 'a whole number of attempts from 1 to 100'],
      ['ENQUIRY_NOTIFY_MAX_ATTEMPTS', '0', 'a whole number of attempts from 1 to 100'],
      ['ENQUIRY_NOTIFY_MAX_ATTEMPTS', 'Infinity', 'a whole number of attempts from 1 to 100'],
      ['ENQUIRY_NOTIFY_MAX_ATTEMPTS', ' 5', 'a whole number of attempts from 1 to 100'],
      ['SMTP_TIMEOUT_SECONDS', '0.5', 'a whole number of seconds from 1 to 300'],
      ['SMTP_TIMEOUT_SECONDS', '-20', 'a whole number of seconds from 1 to 300'],
      ['ENQUIRY_NOTIFY_RETRY_BASE_SECONDS', '0.001', 'a number of seconds from 0.1 to 3600'],
      ['ENQUIRY_NOTIFY_RETRY_BASE_SECONDS', '1e9', 'a number of seconds from 0.1 to 3600'],
      ['ENQUIRY_NOTIFY_RETRY_BASE_SECONDS', 'NaN', 'a number of seconds from 0.1 to 3600'],
    ];
    for (const [name, value, rule] of refused) {
      const problems = (read({ ...base, [name]: value }) as { problems?: string[] }).problems;
      expect(problems, `${name}=${value}`).toEqual([
        expect.stringMatching(new RegExp(`^${name} must be ${rule}, not '${value.replace('.', '\\.')}': remove it for the default`)),
      ]);
    }
    for (const from of ['Website\r\nBcc: list@company.test <website@company.test>', 'Web\u202esite <website@company.test>']) {
      expect(read({ ...base, ENQUIRY_NOTIFY_FROM: from })).toEqual({ problems: [`ENQUIRY_NOTIFY_FROM: '${from}' is not "Name <address>" or an address`] });
    }
    const accepted = read({
      ...base,
      ENQUIRY_NOTIFY_LEASE_SECONDS: '60',
      ENQUIRY_NOTIFY_MAX_ATTEMPTS: '4',
      SMTP_TIMEOUT_SECONDS: '5',
      ENQUIRY_NOTIFY_RETRY_BASE_SECONDS: '0.2',
    });
    expect(accepted).toMatchObject({ policy: { leaseSeconds: 60, maxAttempts: 4, retryBaseSeconds: 0.2 }, smtp: { timeoutSeconds: 5 } });
  });

  it('takes SMTP_SECURE only as true or false', () => {
    for (const secure of ['yes', 'no', '1', '0', 'TRUE', 'False', 'on', ' true']) {
      expect(read({ ...base, SMTP_SECURE: secure }), secure).toEqual({ problems: [`SMTP_SECURE must be 'true' or 'false', not '${secure}'`] });
    }
    expect(read({ ...base, SMTP_PORT: '2587', SMTP_SECURE: 'true' })).toMatchObject({ smtp: { secure: true } });
    expect(read({ ...base, SMTP_SECURE: 'false' })).toMatchObject({ smtp: { port: 465, secure: false } });
    expect(read({ ...base, SMTP_PORT: '2465' })).toMatchObject({ smtp: { secure: true } });
  });

  it('requires TLS whenever the connection does not start in TLS', () => {
    expect(read({ ...base, SMTP_PORT: '2587' })).toMatchObject({ smtp: { secure: false, requireTls: true } });
    expect(read({ ...base, SMTP_PORT: '465' })).toMatchObject({ smtp: { secure: true, requireTls: true } });
  });

  it('refuses ports 25 and 587 wherever the function runs on Supabase, where they are blocked, but not elsewhere', () => {
    const hosted: Array<Record<string, string>> = [
      { SB_REGION: 'eu-central-1' },
      { DENO_DEPLOYMENT_ID: 'abcd_1234_7' },
      { SUPABASE_URL: 'https://abcd.supabase.co' },
    ];
    for (const platform of hosted) {
      const [variable] = Object.keys(platform);
      for (const port of ['25', '587']) {
        expect(read({ ...base, ...platform, SMTP_PORT: port }), `${variable} ${port}`).toEqual({
          problems: [
            `SMTP_PORT ${port} is blocked on Supabase Edge Functions (outbound ports 25 and 587 are closed; seen from ${variable}): use 465, or your provider's 2465 or 2587`,
          ],
        });
      }
    }
    const local = { ...base, SUPABASE_URL: 'http://127.0.0.1:54321', SMTP_PORT: '587' };
    expect(read(local)).toMatchObject({ smtp: { port: 587, secure: false, requireTls: true } });
    expect(read({ ...local, SUPABASE_URL: 'not a url' })).toMatchObject({ smtp: { port: 587 } });
  });

  it('speaks in clear only to a mail server on this machine, and only when told to', () => {
    const loopback = { ...base, SMTP_PORT: '1025', SMTP_ALLOW_PLAINTEXT_LOOPBACK: 'true' };
    for (const host of ['127.0.0.1', '127.0.0.53', '::1', '[::1]', 'localhost']) {
      expect(read({ ...loopback, SMTP_HOST: host }), host).toMatchObject({ smtp: { host, secure: false, requireTls: false } });
    }
    expect(read({ ...loopback, SMTP_HOST: '127.0.0.1', SMTP_ALLOW_PLAINTEXT_LOOPBACK: 'false' })).toMatchObject({ smtp: { requireTls: true } });
    for (const host of ['smtp.example.net', '10.0.0.5', 'localhost.example.net', '127.0.0.1.example.net', '127.0.0.256']) {
      expect(read({ ...loopback, SMTP_HOST: host }), host).toEqual({
        problems: [`SMTP_ALLOW_PLAINTEXT_LOOPBACK is only for a mail server on this machine (127.0.0.1, ::1, localhost), not '${host}': remove it`],
      });
    }
    expect(read({ ...loopback, SMTP_HOST: '127.0.0.1', SB_REGION: 'eu-central-1' })).toEqual({
      problems: ['SMTP_ALLOW_PLAINTEXT_LOOPBACK cannot be used on Supabase Edge Functions (seen from SB_REGION): remove it'],
    });
    expect(read({ ...loopback, SMTP_HOST: '127.0.0.1', SMTP_ALLOW_PLAINTEXT_LOOPBACK: 'yes' })).toEqual({
      problems: ["SMTP_ALLOW_PLAINTEXT_LOOPBACK must be 'true' or 'false', not 'yes'"],
    });
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
