/** The privacy policy tells visitors what the contact path really stores about them, and for how long. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientAddressRetentionDays } from '../../src/config/enquiry.ts';

const policy = readFileSync(join(import.meta.dirname, '../../content/legal/privacy-policy.mdx'), 'utf8').replace(/\s+/g, ' ');

describe('the privacy policy', () => {
  it('says the IP address is stored with each enquiry, why, and when it is cleared', () => {
    expect(policy).toContain('we also store the IP address your enquiry came from, together with the enquiry');
    expect(policy).toMatch(/only to protect the form against spam and abuse/);
    expect(policy).toContain(`cleared automatically ${clientAddressRetentionDays} days after your enquiry arrives`);
    expect(policy).toContain(`**The IP address stored with an enquiry:** cleared automatically ${clientAddressRetentionDays} days after the enquiry arrives.`);
  });

  it('no longer leaves the site’s own storage of the address to the hosting providers’ logs', () => {
    const automatic = policy.slice(policy.indexOf('### Information collected automatically'), policy.indexOf('## 4.'));
    expect(automatic).toContain('The providers that host the website');
    expect(automatic).toContain('we also store the IP address');
  });

  it('says an unsent draft and an unsent enquiry stay only in the visitor’s browser until sent or cleared', () => {
    expect(policy).toContain("the contact form keeps what you type in your browser's local storage as you type it");
    expect(policy).toContain(
      'If you send a message while your device has no connection, the form also keeps that message there and sends it when the connection returns.',
    );
    expect(policy).toContain('Both stay only in your own browser: nothing reaches us until the message is sent');
    expect(policy).toContain('**A message you have not yet sent:** kept only in your own browser until it is sent or you clear it');
  });
});
