/** The editor's GitHub sign-in proxy (src/cms/workers/github-oauth.ts), with GitHub's token endpoint answered here. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { finishGithubSignIn, startGithubSignIn } from '../../src/cms/workers/github-oauth.ts';
import { functionHeaders } from '../../src/config/security.ts';

const env = { GITHUB_CLIENT_ID: 'Iv1.client', GITHUB_CLIENT_SECRET: 'secret' };
const site = 'https://www.example.com';

function signIn(settings: Record<string, string> = env) {
  const response = startGithubSignIn(new Request(`${site}/admin/auth?provider=github&site_id=www.example.com&scope=repo`), settings);
  const location = new URL(response.headers.get('location') ?? '');
  const state = location.searchParams.get('state') ?? '';
  return { response, location, state, cookie: `__Host-cms-oauth-state=${state}` };
}

/** GitHub's token endpoint, as the proxy calls it: records the request and answers like GitHub. */
function github(answer: Record<string, string>, status = 200) {
  const calls: Array<{ url: string; body: Record<string, string> }> = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) as Record<string, string> });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe('the editor’s GitHub sign-in', () => {
  it('sends the writer to GitHub with the app, the callback on this site, the scope asked for and a state bound to a cookie', () => {
    const { response, location, state } = signIn();
    expect(response.status).toBe(302);
    expect(location.origin + location.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ client_id: 'Iv1.client', redirect_uri: `${site}/admin/callback`, scope: 'repo' });
    expect(state).toMatch(/^[0-9a-f]{48}$/);
    expect(response.headers.get('set-cookie')).toBe(`__Host-cms-oauth-state=${state}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=600`);
  });

  it('refuses other scopes, and says plainly when it is not set up', async () => {
    expect(startGithubSignIn(new Request(`${site}/admin/auth?scope=admin:org`), env).status).toBe(400);
    const missing = startGithubSignIn(new Request(`${site}/admin/auth`), {});
    expect(missing.status).toBe(503);
    expect(await missing.text()).toContain('GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are missing');
    const wrongGithub = startGithubSignIn(new Request(`${site}/admin/auth`), { ...env, GITHUB_OAUTH_URL: 'github.example.org' });
    expect(wrongGithub.status).toBe(503);
    expect(await wrongGithub.text()).toBe(
      'Sign-in is not set up: GITHUB_OAUTH_URL "github.example.org" is not an http(s) address (docs/PUBLISHING.md, "Step 6: the writers’ editor").',
    );
  });

  it('exchanges the code and hands the token to the editor on this site only, under a policy that allows just its script', async () => {
    const { state, cookie } = signIn();
    const { calls, fetchImpl } = github({ access_token: 'gho_token123', token_type: 'bearer', scope: 'repo' });
    const response = await finishGithubSignIn(new Request(`${site}/admin/callback?code=abc&state=${state}`, { headers: { cookie } }), env, fetchImpl);
    expect(calls).toEqual([
      {
        url: 'https://github.com/login/oauth/access_token',
        body: { client_id: 'Iv1.client', client_secret: 'secret', code: 'abc', redirect_uri: `${site}/admin/callback` },
      },
    ]);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(JSON.stringify('authorization:github:success:{"token":"gho_token123","provider":"github"}'));
    expect(html).toContain(`const origin = "${site}";`);
    expect(html).not.toContain("'*'");
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    const hash = createHash('sha256').update(script).digest('base64');
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; script-src 'sha256-${hash}'`,
    );
    // Until the editor has answered, the page does not claim success.
    expect(html).toContain('<p id="status" role="status">Handing the sign-in to the editor…</p>');
  });

  it('carries the site’s security headers on every answer, which the host does not add to functions', async () => {
    const { response, state, cookie } = signIn();
    const callback = await finishGithubSignIn(
      new Request(`${site}/admin/callback?code=abc&state=${state}`, { headers: { cookie } }),
      env,
      github({ access_token: 't' }).fetchImpl,
    );
    const notSetUp = startGithubSignIn(new Request(`${site}/admin/auth`), {});
    for (const answer of [response, callback, notSetUp]) {
      for (const [name, value] of Object.entries(functionHeaders)) expect(answer.headers.get(name), name).toBe(value);
      expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none'; frame-ancestors 'none'/);
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('cross-origin-opener-policy'), 'a policy would cut the pop-up off from the editor').toBeNull();
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('uses the GitHub named by GITHUB_OAUTH_URL, never one named by the request', async () => {
    const enterprise = { ...env, GITHUB_OAUTH_URL: 'https://github.example.org/' };
    const { location, state, cookie } = signIn(enterprise);
    expect(location.origin + location.pathname).toBe('https://github.example.org/login/oauth/authorize');
    const { calls, fetchImpl } = github({ access_token: 't' });
    await finishGithubSignIn(
      new Request(`${site}/admin/callback?code=abc&state=${state}&github=https://evil.example`, { headers: { cookie } }),
      enterprise,
      fetchImpl,
    );
    expect(calls.map((call) => call.url)).toEqual(['https://github.example.org/login/oauth/access_token']);
  });

  it('writes GitHub’s words into the page as text, never as markup or script', async () => {
    const { state, cookie } = signIn();
    const { fetchImpl } = github({ error: 'x', error_description: '</script><script>alert(1)</script> <b>&' });
    const html = await (
      await finishGithubSignIn(new Request(`${site}/admin/callback?code=abc&state=${state}`, { headers: { cookie } }), env, fetchImpl)
    ).text();
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).toContain(
      'Sign-in failed: &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#60;b&#62;&#38; Close this window and try again from the editor.',
    );
  });

  it('sends no code to GitHub when the state is missing or not this browser’s, and reports GitHub’s refusal', async () => {
    const { state } = signIn();
    const { calls, fetchImpl } = github({ access_token: 'x' });
    const forged = await finishGithubSignIn(
      new Request(`${site}/admin/callback?code=abc&state=${state}`, { headers: { cookie: '__Host-cms-oauth-state=other' } }),
      env,
      fetchImpl,
    );
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('authorization:github:error:');
    expect(calls).toHaveLength(0);

    const refused = github({ error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
    const again = signIn();
    const response = await finishGithubSignIn(
      new Request(`${site}/admin/callback?code=old&state=${again.state}`, { headers: { cookie: again.cookie } }),
      env,
      refused.fetchImpl,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('The code passed is incorrect or expired.');
  });
});
