/**
 * The two settings the action links need, read the same way by the notifier (which puts links in the staff e-mail)
 * and by the enquiry-action function (which checks them): SITE_URL, the public site whose /staff/enquiry page a link
 * opens, and ENQUIRY_LINK_SECRET, the key links are signed with. Plain TypeScript with no imports beyond the links'
 * own module: Deno runs it in the functions, Node in the local backend and the tests.
 */
import { actionLink, actionPageUrl, minimumSecretLength } from './enquiry-links.ts';

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

/** Why `secret` cannot sign links on a deployed project, or undefined. */
export function linkSecretProblem(secret: string): string | undefined {
  if (secret === developmentLinkSecret) return "ENQUIRY_LINK_SECRET is the local development secret, which is public: generate one with 'openssl rand -hex 32'";
  if (secret.length < minimumSecretLength) {
    return `ENQUIRY_LINK_SECRET must be at least ${minimumSecretLength} characters (it has ${secret.length}): generate one with 'openssl rand -hex 32'`;
  }
  if (/\s/.test(secret)) return "ENQUIRY_LINK_SECRET contains a space or line break: generate one with 'openssl rand -hex 32'";
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

/** The two links of one enquiry, as the staff e-mails carry them. */
export interface EnquiryLinks {
  answered: string;
  closed: string;
}

export async function enquiryLinks(settings: Pick<LinkSettings, 'pageUrl' | 'secret'>, enquiry: string, now = new Date()): Promise<EnquiryLinks> {
  const [answered, closed] = await Promise.all([
    actionLink(settings.pageUrl, enquiry, 'answered', settings.secret, now),
    actionLink(settings.pageUrl, enquiry, 'closed', settings.secret, now),
  ]);
  return { answered, closed };
}
