/**
 * "One file is all it takes": services added exactly as docs/CONTENT.md describes (a new file in content/services/,
 * its overview card in its own frontmatter), at `order: 99` and `order: 98` as a writer may number them, pass the
 * checks a pull request runs, in a copy of the project: the build with its content rules, the page-weight budgets,
 * the tests of the built site (SEO and sitemap among them), and the browser tests of the menus (keyboard included),
 * the home page's footer, the overview, the services' pages and every link; and they appear in the header, the mobile
 * menu, the footer and the overview, in their order, with nothing else edited.
 */
import { execFile } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sectionCards } from '../support/content-sections.ts';
import { astroWith, copyProject, repoRoot, toolEnv } from '../support/project-copy.ts';
import { workerPort } from '../support/worker-ports.ts';

const run = promisify(execFile);
let project: Awaited<ReturnType<typeof copyProject>>;

/**
 * The environment the checks run with in a pull request; the copy's form is sent to a stand-in of its own, so its
 * browser tests run beside the project's (npm test runs both at once).
 */
let env: () => NodeJS.ProcessEnv;

beforeAll(async () => {
  const supabaseUrl = `http://127.0.0.1:${await workerPort()}`;
  env = () => toolEnv('production', { CI: 'true', PUBLIC_SUPABASE_URL: supabaseUrl });
  project = await copyProject('new-service-');
  for (const extra of ['tests', 'scripts', 'supabase', 'playwright.config.ts', 'vitest.config.ts']) {
    await cp(join(repoRoot, extra), join(project.root, extra), { recursive: true });
  }
  // docs/CONTENT.md section 14: copy a similar page and give it its own name, order, words and overview card. The
  // title is pasted with a non-breaking space, which the highlight (typed with an ordinary one) still finds.
  const template = await readFile(join(project.root, 'content/services/installation.mdx'), 'utf8');
  const card = [
    'card:',
    '  icon: cloud',
    '  badge: 24/7 Monitoring',
    '  description: We run your cloud platforms day to day, with monitoring, patching and cost reviews every month.',
    '  features:',
    '    - Round-the-clock monitoring',
    '    - Patching and backups',
    '    - Monthly cost reviews',
  ].join('\n');
  await writeFile(
    join(project.root, 'content/services/cloud-operations.mdx'),
    template
      .replace(/^order: \d+$/m, 'order: 99')
      .replace(/^navLabel: .*$/m, 'navLabel: Cloud Operations\ncoreService:\n  label: Cloud Operations\n  order: 99')
      .replace(/^  title: Installation & Configuration Services \| Kalpaka Technologies$/m, '  title: Cloud Operations Services | Kalpaka Technologies')
      .replace(
        /^  description: .*$/m,
        '  description: Day-to-day running of your cloud platforms, with round-the-clock monitoring, patching, backups and monthly cost reviews.',
      )
      .replace('  tagline: Installation & Configuration', '  tagline: Cloud Operations')
      .replace('  title: Infrastructure Set Up Right the First Time', '  title: Cloud Platforms Run Right\u00A0Every Day')
      .replace('  highlight: Right the First Time', '  highlight: Right Every Day')
      .replace(/^card:\n(?:  .*\n)+/m, `${card}\n`),
  );
  // A second, numbered just below it, so it comes before it in every list.
  await writeFile(
    join(project.root, 'content/services/network-operations.mdx'),
    template
      .replace(/^order: \d+$/m, 'order: 98')
      .replace(/^navLabel: .*$/m, 'navLabel: Network Operations\ncoreService:\n  label: Network Operations\n  order: 98')
      .replace(/^  title: Installation & Configuration Services \| Kalpaka Technologies$/m, '  title: Network Operations Services | Kalpaka Technologies')
      .replace(
        /^  description: .*$/m,
        '  description: Day-to-day running of your networks, with round-the-clock monitoring, firmware updates and capacity reviews.',
      )
      .replace('  tagline: Installation & Configuration', '  tagline: Network Operations')
      .replace('  title: Infrastructure Set Up Right the First Time', '  title: Networks Kept Up Every Hour')
      .replace('  highlight: Right the First Time', '  highlight: Every Hour')
      .replace(/^card:\n(?:  .*\n)+/m, `${card.replace('icon: cloud', 'icon: network').replace('cloud platforms', 'networks')}\n`),
  );
}, 60_000);

afterAll(async () => {
  await project?.remove();
});

it('builds, keeps its budgets and passes the tests of the built site, the menus and the overview', { timeout: 900_000 }, async () => {
  const cwd = project.root;
  await astroWith(env(), cwd, 'build');
  expect(await readFile(join(cwd, 'dist/services/cloud-operations.html'), 'utf8')).toContain(
    'Cloud Platforms Run <span class="text-(--accent)">Right\u00A0Every Day</span>',
  );
  // The overview's cards as the browser test below reads them, from the files: the new service's own card is last.
  expect(sectionCards('services', 'Our Core Services', join(cwd, 'content')).at(-1)).toEqual({
    title: 'Cloud Operations',
    icon: 'cloud',
    badge: '24/7 Monitoring',
    description: 'We run your cloud platforms day to day, with monitoring, patching and cost reviews every month.',
    features: ['Round-the-clock monitoring', 'Patching and backups', 'Monthly cost reviews'],
    link: '/services/cloud-operations',
  });
  const home = await readFile(join(cwd, 'dist/index.html'), 'utf8');
  const part = (start: string, end: string) => home.slice(home.indexOf(start), home.indexOf(end, home.indexOf(start)));
  // Both, the one at 98 first, and last in each list.
  const links =
    /<a[^>]*href="\/services\/network-operations"[^>]*>\s*Network Operations\s*<\/a>\s*<\/li>\s*<li[^>]*>\s*<a[^>]*href="\/services\/cloud-operations"[^>]*>\s*Cloud Operations\s*<\/a>\s*<\/li>\s*<\/ul>/;
  expect(part('<nav aria-label="Main"', '</nav>'), "the header's Services dropdown").toMatch(links);
  expect(part('<dialog id="mobile-nav"', '</dialog>'), 'the mobile menu').toMatch(links);
  expect(part('<footer', '</footer>'), "the footer's Core Services").toMatch(links);
  await run(process.execPath, ['scripts/size.ts'], { cwd, env: env() }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`npm run size failed in the copy:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  });
  // All but the host's own test, which runs wrangler and the editor's functions, and the facts test, which builds a
  // copy of its own twice to change src/config: nothing a page's file changes.
  const distTests = ['run', 'tests/dist', '--exclude', 'tests/dist/default-host.test.ts', '--exclude', 'tests/dist/facts.test.ts'];
  await run(process.execPath, [join(repoRoot, 'node_modules/vitest/vitest.mjs'), ...distTests], { cwd, env: env(), maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => {
      throw new Error(`the tests of the built site failed in the copy:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    },
  );
  const playwright = await run(
    process.execPath,
    [
      join(repoRoot, 'node_modules/@playwright/test/cli.js'),
      'test',
      ...['header', 'keyboard', 'mobile-menu', 'menu-without-popover', 'home', 'content-pages', 'links'].map((spec) => `tests/e2e/${spec}.spec.ts`),
      // The content pages' tests of the other folders read only their own folder's files, which a service leaves as
      // they are (the menus on those pages are the header's and the mobile menu's tests, run whole above).
      '--grep-invert',
      'content-pages\\.spec\\.ts (consulting|outsourcing|legal|every sub-page /(consulting|outsourcing)/)',
      '--workers=2',
      '--reporter=line',
    ],
    { cwd, env: { ...env(), E2E_PORT: '4391' }, maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`browser tests failed in the copy:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  });
  expect(playwright.stdout).toMatch(/\d+ passed/);
  expect(playwright.stdout).not.toMatch(/failed/);
});
