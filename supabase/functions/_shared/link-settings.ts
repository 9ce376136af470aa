/**
 * The two settings the action links need, read the same way by the notifier (which puts links in the staff e-mail)
 * and by the enquiry-action function (which checks them): SITE_URL, the public site whose /staff/enquiry page a link
 * opens, and ENQUIRY_LINK_SECRET, the key links are signed with. Plain TypeScript with no imports beyond the links'
 * own module: Deno runs it in the functions, Node in the local backend and the tests.
 */
import { actionLink, actionPageUrl, minimumSecretLength } from './enquiry-links.ts';
import type { StaffMember } from './staff.ts';

export interface LinkSettings {
  /** The confirmation page every link opens: `${SITE_URL}/staff/enquiry`. */
  pageUrl: string;
  /** SITE_URL's origin, the only web page allowed to call the enquiry-action function. */
  siteOrigin: string;
  secret: string;
}

/**
 * The secret `npm run dev` signs links with, so the links in the local mail viewer work with no configuration. Public
 * (it is in this repository), so it is refused on Supabase's hosted functions and by the deploy's settings check.
 */
export const developmentLinkSecret = 'local-development-only-enquiry-link-secret-never-deploy';

type Env = (name: string) => string | undefined;

/** Half of what `openssl rand -hex 32` carries, and the most 32 characters of 16 kinds can (hex, 4 bits each). */
const minimumSecretBits = 128;

/**
 * About how many bits `secret` carries, by how often each of its characters occurs (Shannon entropy × length): about
 * 245 for `openssl rand -hex 32`, 215 for `openssl rand -base64 32`, little for few kinds of character or one used a lot.
 */
function estimatedBits(secret: string): number {
  const characters = [...secret];
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  return [...counts.values()].reduce((bits, count) => bits + count * Math.log2(characters.length / count), 0);
}

/** Long enough that a random secret almost never holds the same run twice (about 1 in 10⁹ for 64 hex characters). */
const repeatedRunLength = 10;

/** Whether `secret` holds the same 10 characters twice, as a repeated block does ("0123456789abcdef" × 2, "password" × 4). */
function repeatsItself(secret: string): boolean {
  const runs = new Set<string>();
  for (let start = 0; start + repeatedRunLength <= secret.length; start++) {
    const run = secret.slice(start, start + repeatedRunLength);
    if (runs.has(run)) return true;
    runs.add(run);
  }
  return false;
}

/** Why `secret` cannot sign links on a deployed project, or undefined. Never quotes the secret: the problems are logged. */
export function linkSecretProblem(secret: string): string | undefined {
  if (secret === developmentLinkSecret) return "ENQUIRY_LINK_SECRET is the local development secret, which is public: generate one with 'openssl rand -hex 32'";
  if (secret.length < minimumSecretLength) {
    return `ENQUIRY_LINK_SECRET must be at least ${minimumSecretLength} characters (it has ${secret.length}): generate one with 'openssl rand -hex 32'`;
  }
  if (/\s/.test(secret)) return "ENQUIRY_LINK_SECRET contains a space or line break: generate one with 'openssl rand -hex 32'";
  const bits = estimatedBits(secret);
  if (bits < minimumSecretBits) {
    return `ENQUIRY_LINK_SECRET is too easy to guess: it uses too few different characters, or one too often (about ${Math.floor(bits)} bits, where ${minimumSecretBits} are needed): generate one with 'openssl rand -hex 32'`;
  }
  if (repeatsItself(secret)) {
    return `ENQUIRY_LINK_SECRET repeats itself (the same ${repeatedRunLength} characters twice), so it is easier to guess than its length says: generate one with 'openssl rand -hex 32'`;
  }
  return undefined;
}

/**
 * The link settings, or every problem with them. `hosted` (the platform variable that shows the function runs on
 * Supabase, or null) refuses the development secret and a SITE_URL that is not https.
 */
export function readLinkSettings(env: Env, hosted: string | null): LinkSettings | { problems: string[] } {
  const problems: string[] = [];
  const siteUrl = env('SITE_URL') ?? '';
  let origin = '';
  if (!siteUrl) problems.push("SITE_URL is not set (the public site's address, such as https://www.kalpaka.com)");
  else {
    try {
      const url = new URL(siteUrl);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http');
      if (hosted && url.protocol !== 'https:') problems.push(`SITE_URL must start with https:// on Supabase (seen from ${hosted}), not '${siteUrl}'`);
      origin = url.origin;
    } catch {
      problems.push(`SITE_URL: '${siteUrl}' is not the address of a site, such as https://www.kalpaka.com`);
    }
  }
  const secret = env('ENQUIRY_LINK_SECRET') ?? '';
  if (!secret) problems.push("ENQUIRY_LINK_SECRET is not set (generate one with 'openssl rand -hex 32')");
  else if (secret !== developmentLinkSecret || hosted) {
    const problem = linkSecretProblem(secret);
    if (problem) problems.push(hosted && secret === developmentLinkSecret ? `${problem} (seen from ${hosted})` : problem);
  }
  if (problems.length > 0) return { problems };
  return { pageUrl: actionPageUrl(origin), siteOrigin: origin, secret };
}

/** The links of one enquiry, as the staff e-mails carry them: answer, close, and "I'll take it" for each of `staff`. */
export interface EnquiryLinks {
  answered: string;
  closed: string;
  take: Array<{ name: string; link: string }>;
}

export async function enquiryLinks(
  settings: Pick<LinkSettings, 'pageUrl' | 'secret'>,
  enquiry: string,
  now = new Date(),
  staff: readonly StaffMember[] = [],
): Promise<EnquiryLinks> {
  const [answered, closed, ...take] = await Promise.all([
    actionLink(settings.pageUrl, enquiry, 'answered', settings.secret, now),
    actionLink(settings.pageUrl, enquiry, 'closed', settings.secret, now),
    ...staff.map((member) => actionLink(settings.pageUrl, enquiry, 'own', settings.secret, now, member.address)),
  ]);
  return { answered: answered!, closed: closed!, take: staff.map((member, i) => ({ name: member.name, link: take[i]! })) };
}
