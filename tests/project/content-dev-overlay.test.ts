/**
 * A writer's mistake while `astro dev` runs: the page shows Astro's error overlay naming the file, the line and the
 * fix (not the page as it was), and saving the fixed file brings the page back without a restart.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, onTestFailed } from 'vitest';
import { testChromiumLaunchOptions } from '../../scripts/shared/chromium.ts';
import { workerPort } from '../support/worker-ports.ts';
import { aliasBomb } from '../support/alias-bomb.ts';
import { freeOrders, lineOf, unusedSlug } from '../support/content-values.ts';
import { copyProject, repoRoot, toolEnv } from '../support/project-copy.ts';
import { STALE_DEV_CONTENT_RETRIES } from '../support/stale-dev-content.ts';

let project: Awaited<ReturnType<typeof copyProject>>;
let server: ReturnType<typeof spawn>;
let url = '';
let browser: Browser;
let tab: Page;
let output = '';
const file = 'content/services/installation.mdx';
// What the tests expect of the page comes from its file as a writer left it: its heading, its order, its lines.
const fixture = readFileSync(join(repoRoot, file), 'utf8');
const heroTitle = /^ {2}title: (.+)$/m.exec(fixture.slice(fixture.indexOf('\nhero:')))![1]!;
const ownOrder = /^order: (.+)$/m.exec(fixture)![1]!;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Starts `astro dev` in the copy and waits for its address: about 45 s on a loaded 2-core machine. */
async function startDevServer(): Promise<void> {
  output = '';
  url = '';
  const port = await workerPort();
  server = spawn(process.execPath, [join(repoRoot, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: project.root,
    env: toolEnv('development'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  url = await until(
    async () => /Local\s+(http:\/\/\S+?)\/?\s/.exec(output)?.[1] ?? '',
    (found) => found !== '',
    150_000,
  );
  if (!url) throw new Error(`astro dev did not start:\n${output}`);
  // The page's first render compiles it and loads the content: paid here, in the hook, not in a test's limit or
  // its page.goto's 30 s. A fresh dev server for a retry needs it as much as the first.
  const first = await fetch(`${url}/services/installation`);
  if (!first.ok) throw new Error(`astro dev answered ${first.status} for /services/installation:\n${output}`);
}

async function stopDevServer(): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill();
  await exited;
}

// Set-up: a copy, astro dev started in it and Chromium: about 10 core-seconds, 45 s on a loaded 2-core machine.
beforeAll(async () => {
  project = await copyProject('dev-overlay-');
  await startDevServer();
  browser = await chromium.launch(testChromiumLaunchOptions());
}, 240_000);

/** The options of each test that saves files, and of those that save and wait for more. */
const savesFiles = { timeout: 120_000, retry: STALE_DEV_CONTENT_RETRIES };
const savesFilesLonger = { ...savesFiles, timeout: 180_000 };

// One tab per test, closed after it: a tab left open reloads on every content change and renders the page again.
// A retry runs on a fresh dev server: an instance that went stale (STALE_DEV_CONTENT_RETRIES) stays stale.
beforeEach(async ({ task }) => {
  if ((task.result?.retryCount ?? 0) > 0) {
    await stopDevServer();
    await startDevServer();
  }
  tab = await browser.newPage();
  // A failure shows what the dev server printed meanwhile: the content layer's reloads and the errors it raised.
  const from = output.length;
  onTestFailed(() => console.log(`astro dev printed during this test:\n${output.slice(from).replace(/\x1b\[[0-9;]*m/g, '')}`));
}, 180_000);

afterEach(() => tab?.close());

/**
 * Reloads until the tab shows `wanted`, waiting a while after each load. The content layer takes in a saved file a
 * moment after the save, and Astro's error overlay is not in the 500 page itself: Astro sends it over Vite's
 * websocket 200 ms after the response, so a page read as soon as it loads has not got it yet.
 */
async function reloadUntilShown(wanted: Locator, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    // Astro reloads the page itself on a content change, which can cut this reload short: its own load is as good.
    await tab.reload().catch((error: Error) => {
      if (!/ERR_ABORTED|frame was detached/.test(error.message)) throw error;
    });
    // The overlay can show a line twice (in the message and under the file's name).
    const shown = await wanted
      .first()
      .waitFor({ state: 'attached', timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (shown) return;
    if (Date.now() > end) throw new Error(`${wanted} was not shown within ${timeoutMs} ms`);
  }
}

/** The page itself with its heading, not covered by an error overlay. */
const pageWithHeading = (heading: string) => tab.locator('body:not(:has(vite-error-overlay)) h1', { hasText: heading });

afterAll(async () => {
  await browser?.close();
  await stopDevServer();
  await project?.remove();
});

it('shows the mistake in the browser until it is fixed, then the page again', savesFiles, async () => {
  await tab.goto(`${url}/services/installation`);
  await pageWithHeading(heroTitle).waitFor();
  const original = await readFile(join(project.root, file), 'utf8');

  await writeFile(join(project.root, file), original.replace('  tagline: Installation & Configuration', '  tagine: Installation & Configuration'));
  const overlay = tab.locator('vite-error-overlay');
  const taglineLine = lineOf(original, '  tagline: ');
  await reloadUntilShown(overlay.getByText(`content/services/installation.mdx:${taglineLine}:3 hero.tagine: unknown field "tagine": did you mean "tagline"?`));
  // The overlay shows the line itself too, under the file's name.
  await overlay.getByText(`services/installation.mdx:${taglineLine}:3`, { exact: true }).first().waitFor({ state: 'attached' });

  await writeFile(join(project.root, file), original.replace(`  title: ${heroTitle}`, `  title: ${heroTitle}, Every Time`));
  await reloadUntilShown(pageWithHeading('Every Time'));
});

it('shows a link to a page that does not exist, and takes a page added as a file as a page to link to', savesFiles, async () => {
  const original = await readFile(join(project.root, file), 'utf8');
  // An address and an order no page has, whatever pages a writer has added.
  const slug = unusedSlug('services', 'cloud-backup');
  const newService = `content/services/${slug}.mdx`;
  const overlay = tab.locator('vite-error-overlay');
  try {
    await writeFile(join(project.root, file), original.replace('      href: /contact\n', `      href: /services/${slug}\n`));
    await tab.goto(`${url}/services/installation`);
    await reloadUntilShown(
      overlay.getByText(`installation.mdx:${lineOf(original, '      href: /contact')}:7 hero.actions.0.href: "/services/${slug}" is not a page of this site`),
    );

    // The writer adds the page: the link now leads somewhere, and the page shows again.
    await writeFile(
      join(project.root, newService),
      original
        .replace(/^order: .+$/m, `order: ${freeOrders('services')[0]}`)
        .replace(/^navLabel: .*$/m, 'navLabel: Cloud Backup')
        .replace(`  title: ${heroTitle}`, `  title: Backups You Can Restore, ${heroTitle}`),
    );
    await reloadUntilShown(tab.locator(`body:not(:has(vite-error-overlay)) a[href="/services/${slug}"]`, { hasText: 'Get a Free Quote' }));
  } finally {
    await writeFile(join(project.root, file), original);
    await rm(join(project.root, newService), { force: true });
  }
});

it('shows code pasted into the page text, and a link in the text to a page that does not exist', savesFiles, async () => {
  const original = await readFile(join(project.root, file), 'utf8');
  const overlay = tab.locator('vite-error-overlay');
  const lineAfterEnd = original.trimEnd().split('\n').length + 2;
  try {
    await writeFile(join(project.root, file), `${original.trimEnd()}\n\n<script>alert(1)</script>\n`);
    await tab.goto(`${url}/services/installation`);
    await reloadUntilShown(
      overlay.getByText(`content/services/installation.mdx:${lineAfterEnd}:1 the page text contains a <script> element: pages cannot run code`),
    );

    await writeFile(join(project.root, file), `${original.trimEnd()}\n\nSee [all services](/servics).\n`);
    await reloadUntilShown(
      overlay.getByText(
        `content/services/installation.mdx:${lineAfterEnd}:5 the link "/servics" in the page text is not a page of this site: did you mean "/services"?`,
      ),
    );
  } finally {
    await writeFile(join(project.root, file), original);
  }
});

it('shows pasted HTML the MDX parser cannot read as a plain sentence, never the parser’s words', savesFiles, async () => {
  const original = await readFile(join(project.root, file), 'utf8');
  const overlay = tab.locator('vite-error-overlay');
  const lineAfterEnd = original.trimEnd().split('\n').length + 2;
  try {
    await tab.goto(`${url}/services/installation`);
    await writeFile(join(project.root, file), `${original.trimEnd()}\n\nOur rack: <img src="../uploads/rack.png" alt="A rack">\n`);
    await reloadUntilShown(
      overlay.getByText(`content/services/installation.mdx:${lineAfterEnd}:11 in the page text: an HTML <img> is not resized and converted for each screen`),
    );
    const text = await overlay.evaluate((element) => element.shadowRoot?.textContent ?? '');
    expect(text).not.toMatch(/Expected a closing tag|mdx-jsx|oxc|acorn/);
  } finally {
    await writeFile(join(project.root, file), original);
  }
  await reloadUntilShown(pageWithHeading(heroTitle));
});

it('sends /admin/, the address in Decap’s own documentation, to the editor at /admin', async () => {
  const response = await fetch(`${url}/admin/?from=docs`, { redirect: 'manual' });
  expect(response.status).toBe(301);
  expect(response.headers.get('location')).toBe('/admin?from=docs');
  // Other paths keep the site's rule: no trailing slash.
  expect((await fetch(`${url}/about/`, { redirect: 'manual' })).status).toBe(404);
});

it('shows YAML it cannot read in the plain words of the terminal, the parser’s own below them, at the line', savesFiles, async () => {
  const original = await readFile(join(project.root, file), 'utf8');
  const overlay = tab.locator('vite-error-overlay');
  // A colon and a space after the heading's first word: YAML names the start of the text, where the quote goes.
  const [firstWord, ...rest] = heroTitle.split(' ');
  const at = `${lineOf(original, `  title: ${heroTitle}`)}:${'  title: '.length + 1}`;
  try {
    await tab.goto(`${url}/services/installation`);
    await writeFile(join(project.root, file), original.replace(`  title: ${heroTitle}`, `  title: ${firstWord}: ${rest.join(' ')}`));
    await reloadUntilShown(
      overlay.getByText(
        `content/services/installation.mdx:${at} This line has ": " (a colon and a space) inside its text, which YAML reads as a new field: put the whole text in quotes`,
      ),
    );
    const text = await overlay.evaluate((element) => element.shadowRoot?.textContent ?? '');
    expect(text.indexOf('The YAML parser said: Nested mappings are not allowed in compact mappings')).toBeGreaterThan(text.indexOf('This line has ": "'));
    expect(text).not.toContain('YAMLException');
    await overlay.getByText(`services/installation.mdx:${at}`, { exact: true }).first().waitFor({ state: 'attached' });
  } finally {
    await writeFile(join(project.root, file), original);
  }
  await reloadUntilShown(pageWithHeading(heroTitle));
});

it('shows a frontmatter with YAML aliases (a 470-byte "billion laughs") at its line, and stays up', savesFilesLonger, async () => {
  const original = await readFile(join(project.root, file), 'utf8');
  const overlay = tab.locator('vite-error-overlay');
  try {
    // The page's first compile, when this test runs alone, can take a while on a loaded machine.
    await tab.goto(`${url}/services/installation`, { timeout: 90_000 });
    await pageWithHeading(heroTitle).waitFor();
    await writeFile(join(project.root, file), original.replace(/^---\n[\s\S]*?\n---\n/, aliasBomb()));
    await reloadUntilShown(
      overlay.getByText(
        /content\/services\/installation\.mdx:2:6 "&a" marks a value to be repeated elsewhere in the file \(a YAML anchor\), and page files never need it/,
      ),
    );
    // The server still answers, every page with the unfixed mistake (its overlay comes over the websocket): it did
    // not run out of memory.
    const other = await fetch(`${url}/services/security`);
    expect(other.status).toBe(500);
    expect(await other.text()).toContain('<title>AstroUserError</title>');
    expect(output).not.toContain('heap out of memory');
  } finally {
    await writeFile(join(project.root, file), original);
  }
  await reloadUntilShown(pageWithHeading(heroTitle));
});

it('catches the same order twice and two file names that differ only in capital letters, until they are fixed', savesFilesLonger, async () => {
  const security = 'content/services/security.mdx';
  const sameButCase = file.replace('/installation.mdx', '/Installation.mdx');
  const [original, securityOriginal] = await Promise.all([readFile(join(project.root, file), 'utf8'), readFile(join(project.root, security), 'utf8')]);
  const overlay = tab.locator('vite-error-overlay');
  try {
    await tab.goto(`${url}/services/installation`);
    await writeFile(join(project.root, security), securityOriginal.replace(/^order: .+$/m, `order: ${ownOrder}`));
    await reloadUntilShown(
      overlay.getByText(
        `content/services/security.mdx:${lineOf(securityOriginal, 'order:')}:1 order ${ownOrder} is used by content/services/installation.mdx and content/services/security.mdx: give each page of services its own order`,
      ),
    );
    await writeFile(join(project.root, security), securityOriginal);
    await reloadUntilShown(pageWithHeading(heroTitle));

    await writeFile(join(project.root, sameButCase), original.replace(/^order: .+$/m, `order: ${freeOrders('services')[0]}`));
    await reloadUntilShown(
      overlay.getByText(
        /content\/services\/Installation\.mdx and content\/services\/installation\.mdx differ only in capital letters, so they would be the same page \(\/services\/installation\)/,
      ),
    );
    await rm(join(project.root, sameButCase));
    await reloadUntilShown(pageWithHeading(heroTitle));
  } finally {
    await writeFile(join(project.root, security), securityOriginal);
    await rm(join(project.root, sameButCase), { force: true });
  }
});

it('takes in a file saved in two steps, emptied and then written, as editors and Node save files', savesFiles, async () => {
  const original = await readFile(join(project.root, file), 'utf8');
  try {
    await tab.goto(`${url}/services/installation`);
    for (const title of [`${heroTitle}, Once`, `${heroTitle}, Twice`]) {
      const saving = await open(join(project.root, file), 'w');
      // The watcher reports the emptied file; the text follows inside the 50 ms in which chokidar drops further
      // change events for that file.
      await new Promise((resolve) => setTimeout(resolve, 15));
      await saving.writeFile(original.replace(`  title: ${heroTitle}`, `  title: ${title}`));
      await saving.close();
      await reloadUntilShown(pageWithHeading(title));
    }
  } finally {
    await writeFile(join(project.root, file), original);
  }
});
