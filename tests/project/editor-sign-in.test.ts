/**
 * A writer signs in to the editor on the default host, end to end: the site built as for production (with the
 * editor pointed at a GitHub stand-in), served by Cloudflare's local Pages runtime (`wrangler pages dev`) with the
 * real `_headers` and the real sign-in Functions, in Chromium. "Login with GitHub" opens the pop-up, which goes
 * through the stand-in's OAuth page and the site's callback, and the editor ends up holding the token.
 * A Vitest file rather than a Playwright spec: it needs its own build, the stand-in and wrangler beside the browser,
 * which the Playwright config's static server does not give.
 */
import { execFile } from 'node:child_process';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumLaunchOptions } from '../../scripts/shared/chromium.ts';
import { freePort } from '../../scripts/shared/ports.ts';
import { startGithubStandIn, type GithubStandIn } from '../support/github-stand-in.ts';
import { startPagesDev, type PagesDev } from '../support/pages-dev.ts';
import { copyProject, repoRoot, toolEnv } from '../support/project-copy.ts';

const client = { clientId: 'Iv1.standin', clientSecret: 'stand-in-secret', repo: 'kalpaka-test/website' };
let project: Awaited<ReturnType<typeof copyProject>> | undefined;
let github: GithubStandIn | undefined;
let host: PagesDev | undefined;
let browser: Browser | undefined;
let origin = '';

beforeAll(async () => {
  project = await copyProject('editor-sign-in-');
  for (const entry of ['functions', 'wrangler.jsonc']) await cp(join(repoRoot, entry), join(project.root, entry), { recursive: true });
  github = await startGithubStandIn({ ...client, port: await freePort() });
  // The build writes the site's address into the editor's settings, so the port is taken before it.
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;

  // The production build, with the site's address and the editor's GitHub API being this test's.
  const env = toolEnv('production', { SITE_URL: origin, CMS_GITHUB_REPO: client.repo, CMS_GITHUB_API_ROOT: github.apiRoot });
  await promisify(execFile)(process.execPath, [join(repoRoot, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: project.root,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });

  const bindings = { GITHUB_CLIENT_ID: client.clientId, GITHUB_CLIENT_SECRET: client.clientSecret, GITHUB_OAUTH_URL: github.origin };
  host = await startPagesDev({ root: project.root, bindings, readyPath: '/admin', port });
  browser = await chromium.launch(chromiumLaunchOptions());
}, 240_000);

afterAll(async () => {
  await browser?.close();
  host?.close();
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

describe('signing in to the editor on the default host', () => {
  test('/admin gets the pop-up-friendly opener policy, every other page the strict one', async () => {
    expect((await fetch(`${origin}/admin`)).headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect((await fetch(`${origin}/`)).headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  test('"Login with GitHub" goes through GitHub and the site’s callback, and the editor holds the token', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/admin`);
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
    await context.close();
  }, 180_000);

  test('under the strict opener policy (the site-wide one) the pop-up cannot reach the editor, and says so', async () => {
    const context = await newContext();
    const page = await context.newPage();
    // /admin as the host sent it before it had its own rule.
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
