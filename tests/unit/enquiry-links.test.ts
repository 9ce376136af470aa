/**
 * The signed links of the staff e-mail (supabase/functions/_shared/enquiry-links.ts): a genuine link checks out for
 * its one enquiry and action until it expires; a changed claim, a changed signature or another secret is forged.
 */
import { describe, expect, it } from 'vitest';
import { actionLink, checkActionLink, linkLifetimeSeconds } from '../../supabase/functions/_shared/enquiry-links.ts';

const secret = 'a'.repeat(16) + '0123456789abcdef0123456789';
const pageUrl = 'https://project.supabase.co/functions/v1/enquiry-action';
const enquiry = '6f1c2b8e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const other = '0b7a9c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d';
const sent = new Date('2026-11-27T10:00:00Z');

const paramsOf = (link: string) => new URL(link).searchParams;

function altered(link: string, name: string, value: string): URLSearchParams {
  const params = paramsOf(link);
  params.set(name, value);
  return params;
}

describe('links that answer or close an enquiry', () => {
  it('a genuine link checks out with its enquiry and action, on the function URL it was made for', async () => {
    const link = await actionLink(pageUrl, enquiry, 'answered', secret, sent);
    expect(link.startsWith(`${pageUrl}?`)).toBe(true);
    expect(await checkActionLink(paramsOf(link), secret, sent)).toEqual({
      ok: true,
      claims: { enquiry, action: 'answered', expires: sent.getTime() / 1000 + linkLifetimeSeconds },
    });
  });

  it('works until its expiry and not after it', async () => {
    const link = await actionLink(pageUrl, enquiry, 'closed', secret, sent);
    const lastSecond = new Date(sent.getTime() + (linkLifetimeSeconds - 1) * 1000);
    const expiry = new Date(sent.getTime() + linkLifetimeSeconds * 1000);
    expect((await checkActionLink(paramsOf(link), secret, lastSecond)).ok).toBe(true);
    expect(await checkActionLink(paramsOf(link), secret, expiry)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('another enquiry, the other action, a later expiry, a changed signature or another secret is forged', async () => {
    const link = await actionLink(pageUrl, enquiry, 'answered', secret, sent);
    const signature = paramsOf(link).get('signature')!;
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    for (const params of [
      altered(link, 'enquiry', other),
      altered(link, 'action', 'closed'),
      altered(link, 'expires', String(Number(paramsOf(link).get('expires')) + 86_400)),
      altered(link, 'signature', flipped),
    ]) {
      expect(await checkActionLink(params, secret, sent)).toEqual({ ok: false, reason: 'forged' });
    }
    expect(await checkActionLink(paramsOf(link), secret.replace('a', 'b'), sent)).toEqual({ ok: false, reason: 'forged' });
  });

  it('a link with a part missing or malformed is incomplete, never an error', async () => {
    const link = await actionLink(pageUrl, enquiry, 'answered', secret, sent);
    const cases = [
      new URLSearchParams(),
      altered(link, 'enquiry', `${enquiry}'--`),
      altered(link, 'action', 'deleted'),
      altered(link, 'expires', '1e12'),
      altered(link, 'expires', '-1'),
      altered(link, 'signature', 'short'),
      altered(link, 'signature', '%%%'),
    ];
    for (const params of cases) expect(await checkActionLink(params, secret, sent)).toEqual({ ok: false, reason: 'incomplete' });
  });

  it('a short secret is refused rather than used', async () => {
    await expect(actionLink(pageUrl, enquiry, 'answered', 'too-short', sent)).rejects.toThrow(/ENQUIRY_LINK_SECRET must be at least 32 characters/);
  });
});
