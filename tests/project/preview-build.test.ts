/**
 * A pull request's preview never holds the production Supabase project (docs/PUBLISHING.md, "Previews"): a copy of the
 * project, its settings those of production (.env.production, as the preview workflow writes them) and its example
 * entries replaced, built with `npm run build:deploy -- --preview` and no project for previews. Nothing built names
 * production's project or key, the form says it is a demo, and in a browser it sends nothing anywhere.
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import sirv from 'sirv';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findSamples } from '../../scripts/deploy/samples.ts';
import { testChromiumLaunchOptions } from '../../scripts/shared/chromium.ts';
import { listeningPort } from '../../scripts/shared/ports.ts';
import { enquiryMessages } from '../../src/config/toasts.ts';
import { realSettings } from '../support/deploy-settings.ts';
import { copyProject, repoRoot, toolEnv } from '../support/project-copy.ts';
import { field, startContactForm } from '../support/site.ts';

let project: Awaited<ReturnType<typeof copyProject>>;
let build: ReturnType<typeof spawnSync>;

// Set-up: a copy and its whole production build, about 30 core-seconds, over two minutes on a loaded 2-core machine.
beforeAll(async () => {
  project = await copyProject('preview-build-');
  for (const file of new Set(findSamples(project.root).map((sample) => sample.file))) rmSync(join(project.root, file));
  writeFileSync(
    join(project.root, '.env.production'),
    Object.entries(realSettings)
      .map(([name, value]) => `${name}=${value}`)
      .join('\n'),
  );
  const env = toolEnv('production', { PATH: `${join(repoRoot, 'node_modules/.bin')}:${process.env.PATH}` });
  for (const name of ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY', 'PREVIEW_SUPABASE_URL', 'PREVIEW_SUPABASE_ANON_KEY']) delete env[name];
  build = spawnSync(process.execPath, [join(repoRoot, 'scripts/build-deploy.ts'), '--preview'], { cwd: project.root, env, encoding: 'utf8', timeout: 540_000 });
}, 600_000);

afterAll(async () => {
  await project?.remove();
});

/** Every file the build wrote, with its text. */
const builtFiles = () =>
  ['dist', 'dist-editor'].flatMap((folder) =>
    readdirSync(join(project.root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => ({ file: join(entry.parentPath, entry.name), text: readFileSync(join(entry.parentPath, entry.name), 'latin1') })),
  );

it('builds with no trace of the production project: not its address, not its key', () => {
  expect(build.status, `${build.stdout}${build.stderr}`).toBe(0);
  const files = builtFiles();
  expect(files.length).toBeGreaterThan(40);
  const production = [new URL(realSettings.PUBLIC_SUPABASE_URL!).host, realSettings.PUBLIC_SUPABASE_ANON_KEY!];
  expect(files.filter(({ text }) => production.some((value) => text.includes(value))).map(({ file }) => file)).toEqual([]);
});

it('marks the form as a demo, connects to no project, and sends nothing when a visitor presses Send', { timeout: 120_000 }, async () => {
  const contact = readFileSync(join(project.root, 'dist/contact.html'), 'utf8');
  expect(contact).toContain('data-enquiry-demo');
  expect(/connect-src ([^;]*);/.exec(contact)?.[1]).toBe("'self'");

  let server: Server | undefined;
  const browser = await chromium.launch(testChromiumLaunchOptions());
  try {
    server = createServer(sirv(join(project.root, 'dist'))).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const origin = `http://127.0.0.1:${listeningPort(server)}`;
    const page = await browser.newPage();
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(origin)) elsewhere.push(request.url());
    });
    await page.goto(`${origin}/contact`);
    await expect.poll(() => page.getByText('Demo form.').isVisible()).toBe(true);
    await startContactForm(page);
    await field(page, 'Full Name').fill('Asha Rao');
    await field(page, 'Email Address').fill('asha.rao@kalpaka.co.in');
    await field(page, 'Message').fill('Trying the preview of a change.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByText(enquiryMessages.demo.title).first().isVisible(), { timeout: 60_000 }).toBe(true);
    expect(elsewhere).toEqual([]);
  } finally {
    await browser.close();
    server?.close();
  }
});
