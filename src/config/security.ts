/**
 * The site's security policy, in one place for both ways it reaches a visitor:
 * - `cspDirectives`, every source any page allows, go into every page's `<meta http-equiv="content-security-policy">`
 *   (src/document/page-policy.ts only appends to `script-src` and `style-src` the hashes of the page's own inline
 *   scripts and styles), so the policy holds on any static host, GitHub Pages included;
 * - `headerRules` become `dist/_headers` for hosts that apply it (Cloudflare Pages, the default, and
 *   Netlify): what a meta tag cannot carry (HSTS, framing, MIME sniffing, referrer and permissions
 *   policies) and caching;
 * - `editorHeaderRules` become the editor's own `_headers` (dist-editor/, on its own origin, EDITOR_URL);
 * - `functionHeaders` go with every response of the editor's sign-in Functions (editor/functions/admin/), which the
 *   host serves without `_headers`.
 */

interface HeaderRule {
  /** A path pattern in the `_headers` format: `/*` for every response, `/_astro/*` for hashed assets. */
  path: string;
  /** Headers an earlier rule gave this path, removed before `headers` are added (Cloudflare's `! Name` lines). */
  detach?: readonly string[];
  headers: Readonly<Record<string, string>>;
}

/** A policy directive: its name, then its sources (none for `upgrade-insecure-requests`). */
export type CspDirective = readonly [name: string, ...sources: string[]];

/** Where scripts and styles may come from, besides the inline ones each page carries (allowed by their hashes). */
const scriptSources = ["'self'"];
const styleSources = ["'self'"];

/**
 * Every page's policy directives, each with all its sources: only the site itself and the Supabase project, and on a
 * page with a video section its player's origin as a frame source (`frameSources`); other pages frame nothing but the
 * site. A new third-party script or style source goes into `scriptSources` or `styleSources` above, and nowhere else.
 */
export function cspDirectives(supabaseUrl: string | undefined, frameSources: readonly string[] = []): CspDirective[] {
  // A preview in demo mode connects to no project (src/config/supabase-project.ts).
  const supabase = supabaseUrl === undefined ? undefined : new URL(supabaseUrl).origin;
  return [
    ['default-src', "'self'"],
    ['connect-src', "'self'", ...(supabase ? [supabase] : [])],
    // The icons the stylesheet draws (ticks, arrows, chevrons) are one picture, a data URL (src/styles/global.css).
    ['img-src', "'self'", 'data:'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ...(frameSources.length > 0 ? [['frame-src', "'self'", ...new Set(frameSources)] as const] : []),
    // The hosted project is HTTPS; the local stand-in is plain HTTP on 127.0.0.1 and must stay reachable.
    ...(supabase?.startsWith('https:') ? [['upgrade-insecure-requests'] as const] : []),
    ['script-src', ...scriptSources],
    ['style-src', ...styleSources],
  ];
}

const everyResponse = {
  // A meta policy cannot forbid framing; this header policy adds only that and is enforced alongside the page's own.
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export const headerRules: readonly HeaderRule[] = [
  { path: '/*', headers: everyResponse },
  // File names under /_astro/ change with their content, so browsers may keep them for a year.
  { path: '/_astro/*', headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
  { path: '/icons.svg', headers: { 'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800' } },
  { path: '/office-map.svg', headers: { 'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800' } },
  { path: '/site.css', headers: { 'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800' } },
];

/**
 * `_headers` of the editor's own output (dist-editor/, served on EDITOR_URL): the site's headers, its page's policy
 * being in the page itself (src/cms/build/admin-page.ts), and nothing indexed. The editor signs in through a pop-up
 * that passes through github.com and then messages window.opener; under `same-origin` the browser cuts that link.
 */
export const editorHeaderRules: readonly HeaderRule[] = [
  { path: '/*', headers: { ...everyResponse, 'Cross-Origin-Opener-Policy': 'same-origin-allow-popups', 'X-Robots-Tag': 'noindex, nofollow' } },
];

/** The `_headers` file Cloudflare Pages and Netlify read. */
export function formatHeadersFile(rules: readonly HeaderRule[]): string {
  const lines = (rule: HeaderRule) => [
    rule.path,
    ...(rule.detach ?? []).map((name) => `  ! ${name}`),
    ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`),
  ];
  return `${rules.map((rule) => lines(rule).join('\n')).join('\n')}\n`;
}

/**
 * What every response of the site's Pages Functions carries (the host gives them none of `_headers`), beside its own
 * `Content-Security-Policy`, which starts with `functionCsp`. No opener policy: the sign-in pop-up's pages arrive
 * from github.com and must keep `window.opener`, which any policy but `unsafe-none` would cut.
 */
export const functionHeaders: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(everyResponse).filter(([name]) => !['Content-Security-Policy', 'Cross-Origin-Opener-Policy'].includes(name)),
);

/** The start of every function response's policy: nothing loads, nothing frames it. */
export const functionCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The `_redirects` file Cloudflare Pages and Netlify read: permanent redirects, old path to new. */
export function formatRedirectsFile(redirects: Readonly<Record<string, string>>): string {
  return `${Object.entries(redirects)
    .map(([from, to]) => `${from} ${to} 301`)
    .join('\n')}\n`;
}
