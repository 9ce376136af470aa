/**
 * A smoke test of a published site, the last step of the deploy and the check after any change at the host: every
 * route of this checkout's content answers, an unknown path answers 404, every page carries its own policy and the
 * host's headers (src/config/security.ts), the legacy addresses answer 301, the public /admin leads to the editor,
 * whose origin answers with its own headers, and the form's endpoint answers the browser's preflight from the site.
 * Run with --help for usage; each failure names the address and what is missing.
 */
import { parseArgs } from 'node:util';
import { loadEnv } from 'vite';
import { headerRules, editorHeaderRules } from '../src/config/security.ts';
import { redirects } from '../src/config/routes.ts';
import { settingValue } from '../src/config/settings.ts';
import { siteRoutes } from './content/content-routes.ts';

const usage = `Usage: npm run smoke [-- <site URL>] [--editor <URL>] [--supabase <URL>]

Checks a published site: every route answers 200 with its page policy and the host's headers, an unknown path 404,
the legacy addresses 301, /admin leads to the editor, which answers with its headers, and the contact form's Supabase
endpoint answers a preflight from the site's origin. The site URL defaults to SITE_URL (.env.production), the editor
to where /admin leads, the Supabase project to the one the /contact page's policy names.`;

/** What is wrong at an address. */
type Check = { url: string; problem: string };

function headerProblems(url: string, response: Response, rules: typeof headerRules): Check[] {
  return Object.entries(rules.find((rule) => rule.path === '/*')!.headers).flatMap(([name, value]) => {
    const got = response.headers.get(name);
    if (got === null) return [{ url, problem: `the header ${name} is missing (expected "${value}")` }];
    return got.split(/,\s*/).includes(value) || got === value ? [] : [{ url, problem: `the header ${name} is "${got}", expected "${value}"` }];
  });
}

export async function smoke(site: string, options: { editor?: string; supabase?: string } = {}): Promise<{ checked: number; problems: Check[] }> {
  const origin = new URL(site).origin;
  const problems: Check[] = [];
  let checked = 0;
  /** Fetches `url`, redirects not followed, counting the check: no answer, or not `status` when given, is a problem (undefined). */
  const expect = async (url: string, status?: number, init?: RequestInit, what = 'no answer') => {
    checked += 1;
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(20_000), ...init }).catch((error: Error) => error);
    if (response instanceof Error) problems.push({ url, problem: `${what} (${response.message})` });
    else if (status !== undefined && response.status !== status) problems.push({ url, problem: `answered ${response.status}, not ${status}` });
    else return response;
    return undefined;
  };

  let contactPolicy = '';
  for (const route of siteRoutes()) {
    const url = `${origin}${route}`;
    const response = await expect(url, 200);
    if (!response) continue;
    const policy = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(await response.text())?.[1];
    if (!policy) problems.push({ url, problem: "the page has no Content-Security-Policy of its own (a <meta> tag): this is not the site's build" });
    if (route === '/contact') contactPolicy = policy ?? '';
    problems.push(...headerProblems(url, response, headerRules));
  }
  await expect(`${origin}/smoke-test-a-page-that-does-not-exist`, 404);

  for (const [from, to] of Object.entries(redirects)) {
    const response = await expect(`${origin}${from}`, 301);
    if (response && new URL(response.headers.get('location') ?? '', origin).pathname !== to)
      problems.push({ url: `${origin}${from}`, problem: `answered 301 to ${response.headers.get('location') ?? 'nowhere'}, not to ${to}` });
  }

  const admin = options.editor ? undefined : await expect(`${origin}/admin`, 301);
  const editor = options.editor ?? (admin ? new URL(admin.headers.get('location') ?? '', origin).origin : undefined);
  if (editor) {
    const page = await expect(`${editor}/admin`, 200, {}, 'the editor does not answer');
    if (page) problems.push(...headerProblems(`${editor}/admin`, page, editorHeaderRules));
  }

  const supabase = options.supabase ?? /connect-src 'self' (\S+?);/.exec(contactPolicy)?.[1];
  if (!supabase) problems.push({ url: `${origin}/contact`, problem: "the page's policy names no Supabase project for the form" });
  else {
    const endpoint = `${new URL(supabase).origin}/rest/v1/contact_submissions`;
    const headers = {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'apikey,authorization,content-type,content-profile,x-client-info',
    };
    const preflight = await expect(endpoint, undefined, { method: 'OPTIONS', headers }, "the form's endpoint does not answer");
    const allowed = preflight?.headers.get('access-control-allow-origin');
    if (preflight && (!preflight.ok || (allowed !== '*' && allowed !== origin))) {
      const problem = `the preflight from ${origin} answered ${preflight.status}, Access-Control-Allow-Origin ${allowed ?? 'missing'}: the form cannot post`;
      problems.push({ url: endpoint, problem });
    }
  }
  return { checked, problems };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { editor: { type: 'string' }, supabase: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return console.log(usage);
  const site = positionals[0] ?? settingValue(loadEnv('production', process.cwd(), ''), 'SITE_URL');
  const { checked, problems } = await smoke(site, values);
  if (problems.length > 0) {
    console.error(
      `Smoke test of ${site}: ${problems.length} problem${problems.length > 1 ? 's' : ''} in ${checked} checks.\n${problems.map((check) => `  - ${check.url}: ${check.problem}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log(`Smoke test of ${site}: ${checked} checks passed.`);
}

if (import.meta.main) await main();
