/**
 * The secret the staff e-mail's links are signed with (supabase/functions/_shared/link-settings.ts): every secret
 * `openssl rand` makes is accepted, and one a person made up, long but with little in it, is refused with the reason.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { linkSecretProblem, readLinkSettings } from '../../supabase/functions/_shared/link-settings.ts';

const generate = "generate one with 'openssl rand -hex 32'";

describe('the link secret', () => {
  it('accepts what openssl rand -hex 32 and -base64 32 make', () => {
    const secrets = Array.from({ length: 200 }, () => [randomBytes(32).toString('hex'), randomBytes(32).toString('base64')]).flat();
    expect(secrets).toHaveLength(400);
    expect(secrets.filter((secret) => linkSecretProblem(secret) !== undefined)).toEqual([]);
  });

  it('refuses few kinds of character, or one used too often, saying how far short it is', () => {
    expect(linkSecretProblem('a'.repeat(32))).toBe(
      `ENQUIRY_LINK_SECRET is too easy to guess: it uses too few different characters, or one too often (about 0 bits, where 128 are needed): ${generate}`,
    );
    expect(linkSecretProblem('ab'.repeat(20))).toMatch(/too easy to guess.*\(about 40 bits, where 128 are needed\)/);
    expect(linkSecretProblem('password'.repeat(4))).toMatch(/too easy to guess.*about 88 bits/);
    expect(linkSecretProblem('a'.repeat(16) + 'b'.repeat(16) + 'c'.repeat(32))).toMatch(/too easy to guess.*about 96 bits/);
    // Nine different characters, no run repeated, but three in four are "x".
    expect(linkSecretProblem([...'abcdefgh'].map((c) => `xxx${c}`).join(''))).toMatch(/too easy to guess.*about 49 bits/);
  });

  it('refuses a block repeated, even when its characters look varied', () => {
    const repeats = `ENQUIRY_LINK_SECRET repeats itself (the same 10 characters twice), so it is easier to guess than its length says: ${generate}`;
    expect(linkSecretProblem('0123456789abcdef'.repeat(2))).toBe(repeats);
    expect(linkSecretProblem('passwordpasswordpassword1234567890')).toBe(repeats);
    const half = randomBytes(16).toString('hex');
    expect(linkSecretProblem(half + half)).toBe(repeats);
  });

  it('never quotes the secret it refuses', () => {
    for (const secret of ['Tr0ub4dor&3'.repeat(3), 'q'.repeat(64)]) expect(linkSecretProblem(secret)).not.toContain(secret.slice(0, 8));
  });

  it('keeps the older refusals first', () => {
    expect(linkSecretProblem('abc')).toBe(`ENQUIRY_LINK_SECRET must be at least 32 characters (it has 3): ${generate}`);
    expect(linkSecretProblem(`${randomBytes(16).toString('hex')} ${randomBytes(16).toString('hex')}`)).toBe(
      `ENQUIRY_LINK_SECRET contains a space or line break: ${generate}`,
    );
  });

  it('a weak secret leaves the links out of the settings, as a short one does', () => {
    const env: Record<string, string> = { SITE_URL: 'https://www.kalpaka.com', ENQUIRY_LINK_SECRET: 'f'.repeat(64) };
    expect(readLinkSettings((name) => env[name], null)).toEqual({
      problems: [expect.stringMatching(/^ENQUIRY_LINK_SECRET is too easy to guess.*openssl rand -hex 32/)],
    });
  });
});
