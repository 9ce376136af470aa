/**
 * The links in staff e-mails that answer, close or take (own) one enquiry without a login. Each carries the enquiry,
 * the action, an expiry and, for "I'll take it", the staff member it is for (one link per person of the office), signed with HMAC-SHA-256 under a secret only the Edge Functions hold (ENQUIRY_LINK_SECRET), so a
 * link cannot be made for another enquiry, turned into the other action or kept past its expiry. Whether it was used
 * already is the database's part (set_enquiry_state changes a new enquiry only).
 *
 * Plain TypeScript on the Web Crypto API with no imports: Deno runs it in the functions, Node in the local backend
 * and the tests.
 */

export const enquiryActions = ['answered', 'closed', 'own'] as const;
export type EnquiryAction = (typeof enquiryActions)[number];

export interface ActionClaims {
  enquiry: string;
  action: EnquiryAction;
  /** When the link stops working, in whole seconds since 1970 (UTC). */
  expires: number;
  /** Whose "I'll take it" link this is (a staff list address); only for `own`. */
  owner?: string;
}

/**
 * Where a link opens: a confirmation page on the public site, whose button asks the enquiry-action Edge Function to
 * record the action. The function cannot be the page: Supabase rewrites text/html answers to GET requests to
 * text/plain (supabase.com/docs/guides/functions/http-methods), and a GET must change nothing anyway.
 */
export const actionPagePath = '/staff/enquiry';

/** The confirmation page on the site at `siteUrl` (the SITE_URL setting of the functions). */
export const actionPageUrl = (siteUrl: string): string => new URL(actionPagePath, siteUrl).toString();

/** How long a link in a staff e-mail works: a month covers a holiday; a leaked old e-mail stops working after it. */
export const linkLifetimeSeconds = 30 * 24 * 60 * 60;

/** A secret shorter than this is refused: 32 random bytes, as `openssl rand -hex 32` gives, is what PUBLISHING.md asks for. */
export const minimumSecretLength = 32;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// What is signed: a version, then each claim, so that no claim can be moved into another. An owner link signs its
// owner too, under its own version, so the answer and close links sent before owners existed still verify.
const signedText = ({ enquiry, action, expires, owner }: ActionClaims) =>
  action === 'own' ? `enquiry-action/v2\n${enquiry}\n${action}\n${expires}\n${owner ?? ''}` : `enquiry-action/v1\n${enquiry}\n${action}\n${expires}`;

async function hmacKey(secret: string): Promise<CryptoKey> {
  if (secret.length < minimumSecretLength) throw new Error(`ENQUIRY_LINK_SECRET must be at least ${minimumSecretLength} characters`);
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

function base64url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return undefined;
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/') + '=');
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The signature of `claims`, as it appears in a link (43 characters of base64url). */
export async function signClaims(claims: ActionClaims, secret: string): Promise<string> {
  return base64url(await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(signedText(claims))));
}

/**
 * The link that opens the confirmation page of `action` for `enquiry`: `pageUrl` (actionPageUrl(SITE_URL), the site's page)
 * with the claims and their signature as query parameters. It expires `linkLifetimeSeconds` after `now`.
 */
export async function actionLink(pageUrl: string, enquiry: string, action: EnquiryAction, secret: string, now = new Date(), owner?: string): Promise<string> {
  const claims: ActionClaims = { enquiry, action, expires: Math.floor(now.getTime() / 1000) + linkLifetimeSeconds, ...(action === 'own' ? { owner } : {}) };
  const url = new URL(pageUrl);
  url.searchParams.set('enquiry', claims.enquiry);
  url.searchParams.set('action', claims.action);
  url.searchParams.set('expires', String(claims.expires));
  if (claims.owner) url.searchParams.set('owner', claims.owner);
  url.searchParams.set('signature', await signClaims(claims, secret));
  return url.toString();
}

export type LinkCheck = { ok: true; claims: ActionClaims } | { ok: false; reason: 'incomplete' | 'forged' | 'expired'; claims?: ActionClaims };

/**
 * Whether the parameters of a link are a link this secret signed and still valid at `now`. A link whose signature
 * does not match its claims is "forged" whatever else is wrong with it; "expired" is said only of a genuine link.
 */
export async function checkActionLink(params: URLSearchParams, secret: string, now = new Date()): Promise<LinkCheck> {
  const enquiry = params.get('enquiry') ?? '';
  const action = params.get('action') ?? '';
  const expiresText = params.get('expires') ?? '';
  const signature = fromBase64url(params.get('signature') ?? '');
  const owner = params.get('owner') ?? '';
  const ownerFits = action === 'own' ? owner.length > 0 && owner.length <= 254 : owner === '';
  if (!uuid.test(enquiry) || !(enquiryActions as readonly string[]).includes(action) || !/^\d{1,12}$/.test(expiresText) || !signature || !ownerFits) {
    return { ok: false, reason: 'incomplete' };
  }
  const claims: ActionClaims = { enquiry, action: action as EnquiryAction, expires: Number(expiresText), ...(action === 'own' ? { owner } : {}) };
  // verify() compares in constant time.
  const genuine = await crypto.subtle.verify('HMAC', await hmacKey(secret), signature, new TextEncoder().encode(signedText(claims)));
  if (!genuine) return { ok: false, reason: 'forged' };
  if (claims.expires * 1000 <= now.getTime()) return { ok: false, reason: 'expired', claims };
  return { ok: true, claims };
}
