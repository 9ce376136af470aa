/**
 * A writer signs in to the editor on the default host, end to end, and no script of the public site can reach the
 * token: the site built as for production (with the editor pointed at a GitHub stand-in), its two outputs served by
 * Cloudflare's local Pages runtime (`wrangler pages dev`) as the two projects production has: dist/ (the public site)
 * on one origin, dist-editor/ with the real `_headers` and sign-in Functions (editor/) on another, in Chromium.
 * "Login with GitHub" opens the pop-up, which goes through the stand-in's OAuth page and the editor's callback, and
 * the editor ends up holding the token; a script on a public page then looks for it everywhere it could.
 * A Vitest file rather than a Playwright spec: it needs its own build, the stand-in and wrangler beside the browser,
 * which the Playwright config's static server does not give.
 */
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testChromiumLaunchOptions } from '../../scripts/shared/chromium.ts';
import { workerPort } from '../support/worker-ports.ts';
import { startGithubStandIn, type GithubStandIn } from '../support/github-stand-in.ts';
import { startPagesDev, type PagesDev } from '../support/pages-dev.ts';
import { astroWith, copyProject, repoRoot, toolEnv } from '../support/project-copy.ts';

const client = { clientId: 'Iv1.standin', clientSecret: 'stand-in-secret', repo: 'kalpaka-test/website' };
let project: Awaited<ReturnType<typeof copyProject>> | undefined;
let github: GithubStandIn | undefined;
let site: PagesDev | undefined;
let editor: PagesDev | undefined;
let browser: Browser | undefined;
/** The editor's origin and the public site's: two ports, so two origins with storage of their own, as two domains are. */
let origin = '';
let siteOrigin = '';

beforeAll(async () => {
  project = await copyProject('editor-sign-in-');
  for (const entry of ['editor', 'wrangler.jsonc']) await cp(join(repoRoot, entry), join(project.root, entry), { recursive: true });
  github = await startGithubStandIn({ ...client, port: await workerPort() });
  // The build writes both addresses into the outputs (the editor's settings, the site's /admin), so the ports are taken before it.
  const port = await workerPort();
  const sitePort = await workerPort();
  origin = `http://127.0.0.1:${port}`;
  siteOrigin = `http://127.0.0.1:${sitePort}`;

  // The production build, with the site's and the editor's addresses and the editor's GitHub API being this test's.
  const env = toolEnv('production', { SITE_URL: siteOrigin, EDITOR_URL: origin, CMS_GITHUB_REPO: client.repo, CMS_GITHUB_API_ROOT: github.apiRoot });
  await astroWith(env, project.root, 'build');

  const bindings = { GITHUB_CLIENT_ID: client.clientId, GITHUB_CLIENT_SECRET: client.clientSecret, GITHUB_OAUTH_URL: github.origin };
  editor = await startPagesDev({ root: join(project.root, 'editor'), bindings, readyPath: '/admin', port });
  site = await startPagesDev({ root: project.root, bindings: {}, port: sitePort });
  browser = await chromium.launch(testChromiumLaunchOptions());
}, 240_000);

afterAll(async () => {
  await browser?.close();
  editor?.close();
  site?.close();
  await github?.close();
  await project?.remove();
});

/** What the pop-up finally shows: the callback page's status line, once the page has run its script. */
async function popupStatus(popup: Page): Promise<string> {
  await popup.waitForURL(/\/admin\/callback\?/);
  return (await popup.getByRole('status').textContent()) ?? '';
}

const storedUser = (page: Page) => page.evaluate(() => localStorage.getItem('decap-cms-user'));

/** A fresh browser profile; the editor's script is large, so a loaded machine gets a minute for each step. */
async function newContext() {
  const context = await browser!.newContext();
  context.setDefaultTimeout(60_000);
  return context;
}

/**
 * What a script running on a public page (a compromised island dependency, say) gets of the writer's token, case by
 * case: its own origin's storage and cookies, the editor's window opened or framed, the editor's page fetched.
 * Each case gives true when the token (or Decap's stored user) was within its reach.
 */
async function tokenReachedFrom(publicPage: Page, token: string, editorOrigin: string): Promise<Record<string, boolean>> {
  return publicPage.evaluate(
    async ({ token, editorOrigin }) => {
      const holds = (text: string | null | undefined) => Boolean(text && (text.includes(token) || text.includes('decap-cms-user')));
      const storageHolds = (storage: Storage) => Object.keys(storage).some((key) => holds(key) || holds(storage.getItem(key)));
      const tryRead = async (read: () => Promise<string | null | undefined> | string | null | undefined) => {
        try {
          return holds(await read());
        } catch {
          return false;
        }
      };
      const framed = document.createElement('iframe');
      framed.src = `${editorOrigin}/admin`;
      const frameLoaded = new Promise((resolve) => framed.addEventListener('load', resolve, { once: true }));
      document.body.append(framed);
      await Promise.race([frameLoaded, new Promise((resolve) => setTimeout(resolve, 5000))]);
      const opened = window.open(`${editorOrigin}/admin`);
      const result = {
        'localStorage of the public origin': storageHolds(localStorage),
        'sessionStorage of the public origin': storageHolds(sessionStorage),
        'cookies of the public origin': holds(document.cookie),
        'IndexedDB of the public origin': await tryRead(async () => JSON.stringify(await indexedDB.databases())),
        "the editor's window, opened": await tryRead(() => opened?.localStorage.getItem('decap-cms-user')),
        "the editor's page, framed": await tryRead(() => framed.contentWindow?.localStorage.getItem('decap-cms-user')),
        "the editor's page, fetched": await tryRead(async () => (await fetch(`${editorOrigin}/admin`, { credentials: 'include' })).text()),
      };
      opened?.close();
      return result;
    },
    { token, editorOrigin },
  );
}

describe('signing in to the editor on the default host', () => {
  test('the public site’s /admin leads to the editor’s own origin, where /admin alone has the pop-up-friendly opener policy', async () => {
    // A 301 where the editor's address is https (Cloudflare takes no other target: tests/dist/default-host.test.ts);
    // this test's editor is http://127.0.0.1, so the public /admin is the page that forwards without a script.
    const forwarding = await fetch(`${siteOrigin}/admin`, { redirect: 'manual' });
    expect(forwarding.status).toBe(200);
    const page = await forwarding.text();
    expect(page).toContain(`<meta http-equiv="refresh" content="0; url=${origin}/admin">`);
    expect(page).toContain(`<a href="${origin}/admin">`);
    expect(page).not.toMatch(/<script|decap/i);
    expect((await fetch(`${siteOrigin}/admin/config.yml`)).status, 'no part of the editor stays on the public site').toBe(404);
    expect((await fetch(`${siteOrigin}/admin/auth`)).status, 'nor its sign-in').toBe(404);
    expect((await fetch(`${origin}/admin`)).headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect((await fetch(`${siteOrigin}/`)).headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  test('"Login with GitHub" goes through GitHub and the editor’s callback, the editor holds the token, and no script on a public page can reach it', async () => {
    const context = await newContext();
    const page = await context.newPage();
    // The address writers know, on the public site.
    await page.goto(`${siteOrigin}/admin`);
    await page.waitForURL(`${origin}/admin`);
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Login with GitHub' }).click()]);
    // The editor closes the pop-up once it has the token (until then the pop-up's status line says what it waits for).
    const popupState = async () =>
      popup.isClosed()
        ? 'closed'
        : await popup
            .locator('#status')
            .textContent({ timeout: 1000 })
            .catch(() => popup.url());
    await expect.poll(popupState, { timeout: 60_000 }).toBe('closed');
    await expect.poll(() => page.getByRole('link', { name: 'Workflow' }).isVisible(), { timeout: 60_000 }).toBe(true);
    expect(JSON.parse((await storedUser(page)) ?? '{}')).toMatchObject({ token: github!.token, login: 'writer', backendName: 'github' });
    const paths = github!.requests.map((request) => `${request.method} ${request.path.split('?')[0]}`);
    expect(paths).toEqual(
      expect.arrayContaining(['GET /login/oauth/authorize', 'POST /login/oauth/access_token', 'GET /api/user', `GET /api/repos/${client.repo}`]),
    );
    expect(github!.requests.find((request) => request.method === 'GET' && request.path === '/api/user')?.authorization).toBe(`token ${github!.token}`);

    // A public page open in the same browser, with a script of its own running.
    const publicPage = await context.newPage();
    await publicPage.goto(`${siteOrigin}/`);
    const reached = await tokenReachedFrom(publicPage, github!.token, origin);
    expect(Object.keys(reached)).toHaveLength(7);
    expect(Object.entries(reached).filter(([, within]) => within)).toEqual([]);
    // The check itself sees the token where it is: on the editor's own origin.
    expect((await tokenReachedFrom(page, github!.token, origin))['localStorage of the public origin']).toBe(true);
    await context.close();
  }, 180_000);

  test('under the strict opener policy (the site-wide one) the pop-up cannot reach the editor, and says so', async () => {
    const context = await newContext();
    const page = await context.newPage();
    // /admin as the host would send it under the site-wide rule.
    await page.route(`${origin}/admin`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'cross-origin-opener-policy': 'same-origin' } });
    });
    await page.goto(`${origin}/admin`);
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Login with GitHub' }).click()]);
    expect(await popupStatus(popup)).toMatch(/^GitHub accepted you, but the editor that opened this window cannot be reached, so you are not signed in\./);
    expect(await popup.evaluate(() => window.opener), 'the browser cut the pop-up off from the editor').toBeNull();
    expect(await storedUser(page)).toBeNull();
    await expect.poll(() => page.getByRole('button', { name: 'Login with GitHub' }).isVisible()).toBe(true);
    await context.close();
  }, 180_000);
});
