/**
 * Signing writers in to the editor at /admin with GitHub: the small OAuth proxy Decap CMS's GitHub backend needs,
 * because GitHub hands out a token only for the app's client secret, which a static page cannot hold. Runs as two
 * Cloudflare Pages Functions beside the editor, on its own origin (editor/functions/admin/auth.ts and callback.ts), with the GitHub App's id and
 * secret as the project's secrets GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET (docs/PUBLISHING.md, "Step 6: the writers’ editor").
 * Only Web APIs, so the same code runs in Cloudflare's runtime and in Node.
 */
import { functionCsp, functionHeaders } from '../../config/security.ts';
import { inlineJson } from '../../document/inline-json.ts';

export interface OAuthEnv {
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
  /** Where GitHub's OAuth pages are: https://github.com unless the project sets it (GitHub Enterprise, or the tests' stand-in). */
  GITHUB_OAUTH_URL?: string;
}

const stateCookie = '__Host-cms-oauth-state';
/**
 * Decap asks for `repo` (private repositories) or `public_repo`; nothing broader is ever requested. A GitHub App (the
 * set-up docs/PUBLISHING.md describes) ignores scopes: its user token has the App's permissions, on its repository only.
 */
const allowedScopes = new Set(['repo', 'public_repo']);

/** Every answer: the site's security headers (the host adds none to functions), never cached. */
function respond(status: number, body: string | null, headers: Record<string, string>): Response {
  return new Response(body, { status, headers: { ...functionHeaders, 'content-security-policy': functionCsp, 'cache-control': 'no-store', ...headers } });
}

const text = (status: number, body: string) => respond(status, body, { 'content-type': 'text/plain; charset=utf-8' });

interface OAuthSettings {
  clientId: string;
  clientSecret: string;
  /** GitHub's origin, from the project's settings only: a request never chooses where the client secret goes. */
  github: string;
}

/** The project's sign-in settings, or what is wrong with them in words for whoever set them up. */
function settingsOf(env: OAuthEnv): OAuthSettings | string {
  if (!env.GITHUB_CLIENT_ID || !env.GITHUB_CLIENT_SECRET) return 'GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are missing';
  const address = env.GITHUB_OAUTH_URL || 'https://github.com';
  const github = URL.canParse(address) ? new URL(address) : undefined;
  if (!github || !/^https?:$/.test(github.protocol)) return `GITHUB_OAUTH_URL "${env.GITHUB_OAUTH_URL}" is not an http(s) address`;
  return { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET, github: github.origin };
}

function randomState(): string {
  return [...crypto.getRandomValues(new Uint8Array(24))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function cookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie') ?? '';
  return header
    .split(/;\s*/)
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** GET /admin/auth: off to GitHub, with a state that only this browser can bring back. */
export function startGithubSignIn(request: Request, env: OAuthEnv): Response {
  const settings = settingsOf(env);
  if (typeof settings === 'string') return text(503, `Sign-in is not set up: ${settings} (docs/PUBLISHING.md, "Step 6: the writers’ editor").`);
  const url = new URL(request.url);
  const scope = url.searchParams.get('scope') ?? 'repo';
  if (!allowedScopes.has(scope)) return text(400, `Scope "${scope}" is not offered here.`);
  const state = randomState();
  const github = new URL('/login/oauth/authorize', settings.github);
  github.search = new URLSearchParams({ client_id: settings.clientId, redirect_uri: `${url.origin}/admin/callback`, scope, state }).toString();
  return respond(302, null, { location: github.toString(), 'set-cookie': `${stateCookie}=${state}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=600` });
}

async function sha256Base64(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

const escapeHtml = (value: string) => value.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The pop-up's page: hands the result to the editor that opened it, on the origin serving this callback only, the
 * editor's own (Decap's protocol:
 * the page says "authorizing", the editor answers, the page sends the result and the editor closes it). It says
 * "Signed in" only once the editor has answered; without an opener, or without an answer, it says what happened.
 */
async function handOver(origin: string, ...[outcome, content]: ['success', { token: string }] | ['error', { message: string }]): Promise<Response> {
  const message = `authorization:github:${outcome}:${JSON.stringify({ ...content, provider: 'github' })}`;
  const done =
    outcome === 'success' ? 'Signed in. This window closes by itself.' : `Sign-in failed: ${content.message} Close this window and try again from the editor.`;
  const unreachable =
    outcome === 'success'
      ? 'GitHub accepted you, but the editor that opened this window cannot be reached, so you are not signed in. Close this window, reload the editor and try again.'
      : done;
  const script = `(() => {
  const origin = ${inlineJson(origin)};
  const message = ${inlineJson(message)};
  const status = document.getElementById('status');
  const say = (text) => { status.textContent = text; };
  const editor = window.opener;
  if (!editor) return say(${inlineJson(unreachable)});
  const silent = setTimeout(() => say(${inlineJson(unreachable)}), 10000);
  window.addEventListener('message', function receive(event) {
    if (event.origin !== origin || event.source !== editor) return;
    window.removeEventListener('message', receive);
    clearTimeout(silent);
    editor.postMessage(message, origin);
    say(${inlineJson(done)});
  });
  editor.postMessage('authorizing:github', origin);
})();`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head><body><p id="status" role="status">${escapeHtml(
    outcome === 'success' ? 'Handing the sign-in to the editor…' : done,
  )}</p><script>${script}</script></body></html>`;
  return respond(outcome === 'success' ? 200 : 400, html, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `${functionCsp}; script-src 'sha256-${await sha256Base64(script)}'`,
    'set-cookie': `${stateCookie}=; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=0`,
  });
}

/** GET /admin/callback: GitHub's code for a token, then the token to the editor. */
export async function finishGithubSignIn(request: Request, env: OAuthEnv, fetchImpl: typeof fetch = fetch): Promise<Response> {
  const url = new URL(request.url);
  const state = url.searchParams.get('state');
  const code = url.searchParams.get('code');
  const settings = settingsOf(env);
  if (typeof settings === 'string') return handOver(url.origin, 'error', { message: 'Sign-in is not set up on this site.' });
  if (!state || state !== cookie(request, stateCookie))
    return handOver(url.origin, 'error', { message: 'The sign-in expired or did not start in this browser.' });
  if (!code) return handOver(url.origin, 'error', { message: url.searchParams.get('error_description') ?? 'GitHub returned no code.' });
  const response = await fetchImpl(`${settings.github}/login/oauth/access_token`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: settings.clientId, client_secret: settings.clientSecret, code, redirect_uri: `${url.origin}/admin/callback` }),
  });
  const result = (await response.json().catch(() => ({}))) as { access_token?: string; error_description?: string };
  if (!response.ok || !result.access_token)
    return handOver(url.origin, 'error', { message: result.error_description ?? `GitHub answered ${response.status}.` });
  return handOver(url.origin, 'success', { token: result.access_token });
}
