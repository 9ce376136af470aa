/**
 * Signing writers in to the editor at /admin with GitHub: the small OAuth proxy Decap CMS's GitHub backend needs,
 * because GitHub hands out a token only for the app's client secret, which a static page cannot hold. Runs as two
 * Cloudflare Pages Functions beside the site (functions/admin/auth.ts and callback.ts), with the OAuth app's id and
 * secret as the project's secrets GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET (README, "The browser editor").
 * Only Web APIs, so the same code runs in Cloudflare's runtime and in Node.
 */

export interface OAuthEnv {
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
}

const stateCookie = '__Host-cms-oauth-state';
/** Decap asks for `repo` (private repositories) or `public_repo`; nothing broader is ever requested. */
const allowedScopes = new Set(['repo', 'public_repo']);

function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}

function randomState(): string {
  return [...crypto.getRandomValues(new Uint8Array(24))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function cookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie') ?? '';
  return header.split(/;\s*/).find((pair) => pair.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** GET /admin/auth: off to GitHub, with a state that only this browser can bring back. */
export function startGithubSignIn(request: Request, env: OAuthEnv): Response {
  if (!env.GITHUB_CLIENT_ID || !env.GITHUB_CLIENT_SECRET) {
    return text(503, 'Sign-in is not set up: GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are missing (README, "The browser editor").');
  }
  const url = new URL(request.url);
  const scope = url.searchParams.get('scope') ?? 'repo';
  if (!allowedScopes.has(scope)) return text(400, `Scope "${scope}" is not offered here.`);
  const state = randomState();
  const github = new URL('https://github.com/login/oauth/authorize');
  github.search = new URLSearchParams({ client_id: env.GITHUB_CLIENT_ID, redirect_uri: `${url.origin}/admin/callback`, scope, state }).toString();
  return new Response(null, {
    status: 302,
    headers: {
      location: github.toString(),
      'set-cookie': `${stateCookie}=${state}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=600`,
      'cache-control': 'no-store',
    },
  });
}

async function sha256Base64(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

/** The pop-up's page: hands the result to the editor that opened it, on this site's origin only (Decap's protocol). */
async function handOver(origin: string, outcome: 'success' | 'error', content: Record<string, string>): Promise<Response> {
  const message = `authorization:github:${outcome}:${JSON.stringify({ ...content, provider: 'github' })}`;
  const script = `(() => {
  const origin = ${JSON.stringify(origin)};
  const message = ${JSON.stringify(message)};
  window.addEventListener('message', function receive(event) {
    if (event.origin !== origin) return;
    window.opener.postMessage(message, origin);
    window.removeEventListener('message', receive);
  });
  window.opener.postMessage('authorizing:github', origin);
})();`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head><body><p>${
    outcome === 'success' ? 'Signed in. This window closes by itself.' : 'Sign-in failed: close this window and try again.'
  }</p><script>${script}</script></body></html>`;
  return new Response(html, {
    status: outcome === 'success' ? 200 : 400,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'none'; script-src 'sha256-${await sha256Base64(script)}'; base-uri 'none'; form-action 'none'`,
      'set-cookie': `${stateCookie}=; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=0`,
    },
  });
}

/** GET /admin/callback: GitHub's code for a token, then the token to the editor. */
export async function finishGithubSignIn(request: Request, env: OAuthEnv, fetchImpl: typeof fetch = fetch): Promise<Response> {
  const url = new URL(request.url);
  const state = url.searchParams.get('state');
  const code = url.searchParams.get('code');
  if (!env.GITHUB_CLIENT_ID || !env.GITHUB_CLIENT_SECRET) return handOver(url.origin, 'error', { message: 'Sign-in is not set up.' });
  if (!state || state !== cookie(request, stateCookie)) return handOver(url.origin, 'error', { message: 'The sign-in expired or did not start here: try again.' });
  if (!code) return handOver(url.origin, 'error', { message: url.searchParams.get('error_description') ?? 'GitHub returned no code.' });
  const response = await fetchImpl('https://github.com/login/oauth/access_token', {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: env.GITHUB_CLIENT_ID, client_secret: env.GITHUB_CLIENT_SECRET, code, redirect_uri: `${url.origin}/admin/callback` }),
  });
  const result = (await response.json().catch(() => ({}))) as { access_token?: string; error_description?: string };
  if (!response.ok || !result.access_token) return handOver(url.origin, 'error', { message: result.error_description ?? `GitHub answered ${response.status}.` });
  return handOver(url.origin, 'success', { token: result.access_token });
}
