import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { headlessShellHint, headlessShellMissing, testChromiumLaunchOptions } from './scripts/shared/chromium.ts';
import { localSupabasePort, localSupabaseUrl } from './src/config/local-supabase.ts';

const port = Number(process.env.E2E_PORT ?? 4322);
// The config is read by the runner and again by each worker: the runner alone says it.
if (headlessShellMissing() && process.env.TEST_WORKER_INDEX === undefined) console.warn(headlessShellHint);

/**
 * The built site talks to the local Supabase stand-in; a fresh in-memory database per run. It answers the pages of
 * the site on `port` only, and listens where the build sends the form: PUBLIC_SUPABASE_URL, read as the site reads
 * it (src/config/supabase-project.ts), so a copy of the project built for another port runs its browser tests beside
 * these (tests/project/new-service.test.ts).
 */
const backendPort = Number(new URL(process.env.PUBLIC_SUPABASE_URL || localSupabaseUrl).port);
const backend = {
  // Each test is a visitor of its own, but every page connects from 127.0.0.1, one network to the rate limit (20
  // enquiries in 10 minutes): each connection gets its own address. A second stand-in beside the usual one sends
  // no staff e-mail: the mail viewer it would use, or start and stop, is the first one's.
  command: [
    `node scripts/local-backend.ts --memory --port ${backendPort} --site-port ${port} --address-per-connection`,
    ...(backendPort === localSupabasePort ? [] : ['--no-notify']),
  ].join(' '),
  // Started whatever listens on its port, and ready when it says so: a stand-in left running by `npm run dev` (its
  // data on disk, answering only the dev site) is never taken for this one, and the port it holds is named in the
  // stand-in's own message ("Port 54321 … is already in use …; stop it").
  wait: { stdout: /Local Supabase stand-in on / },
  // Its start opens a database from the saved empty cluster and applies the migrations: a few seconds, several
  // times that on a loaded 2-core machine.
  timeout: 180_000,
};

// A copy of the project whose specs send no enquiry runs without the stand-in (E2E_BACKEND=none,
// tests/project/video-section.test.ts).
const withBackend = process.env.E2E_BACKEND !== 'none';

/** End-to-end tests against the built site in dist/, served like a static host, in Debian's Chromium. */
export default defineConfig({
  testDir: 'tests/e2e',
  // One folder per port, so runs on different ports never share artefacts.
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: true,
  // The same for a person and for CI: Playwright's default (half the cores) ran one worker on a 2-core machine, where
  // most of a test's time is spent waiting on the browser and the servers. Vitest's pool is sized the same way.
  workers: Math.max(2, availableParallelism() - 1),
  // A `test.only` left in a commit would make CI pass on one test; a person may use one while working.
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The same reports for everyone: the HTML one is never opened by the run; GitHub's browser job uploads it, a person
  // opens playwright-report/ by hand. The list shows a skipped test as a dash: the last reporter prints each one's reason.
  reporter: [['list'], ['html', { open: 'never' }], ['./tests/support/skip-reasons.ts']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: testChromiumLaunchOptions(),
    // A trace is recorded for every test and costs about a fifth of the browser tests' time (28 tests of the menus:
    // 92 s with, 72 s without), so it is recorded only where it is kept: GitHub's browser job uploads test-results/.
    // To see one here, rerun the failing test with `--trace on`.
    trace: process.env.GITHUB_ACTIONS ? 'retain-on-failure' : 'off',
  },
  webServer: [
    {
      // Astro's own static server: dist/ as a plain host serves it (gzip, 404.html with status 404, no custom headers).
      // --ignore-lock: a project copy's browser tests run beside these, each with its own preview server.
      command: `astro preview --ignore-lock --host 127.0.0.1 --port ${port}`,
      url: `http://127.0.0.1:${port}/`,
      // Never another server's pages: it must be this build's dist/, served as a plain host serves it.
      reuseExistingServer: false,
    },
    ...(withBackend ? [backend] : []),
  ],
});
