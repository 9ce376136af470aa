import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { themeColours } from './src/integrations/theme-colours.ts';

// Tests grouped by what they need, one folder each, run alone with `npm run test:<group>` (browser tests: tests/e2e, Playwright):
// unit: nothing but the code; dist: the built site (`npm run build` first); db: a database (PGlite, or PostgreSQL 15
// when DATABASE_URL is set); project: a copy of the project, or its own tools spawned (astro, build-deploy).
const groups = ['unit', 'dist', 'db', 'project'];

export default defineConfig({
  // The site's colour tokens, as the site's build serves them (src/config/theme-colour.ts).
  plugins: [themeColours()],
  test: {
    environment: 'node',
    // A test's limit catches a hang, never a slow machine: a test whose own work is heavy (a build, a new astro
    // process, thousands of SQL statements) says so and takes a longer limit beside it.
    testTimeout: 30000,
    // One-time set-up (a migrated database, a project copy, a server's start) is paid in hooks, outside the tests'
    // limits. It takes several times longer on a loaded 2-core machine than on a quiet one (a stand-in's start: 3 s
    // quiet, 15 s under npm test's load with two CPU burners beside it); this limit only catches a set-up that hangs.
    hookTimeout: 180000,
    // Vitest's default leaves one core free, which on a 2-core machine runs the files one at a time; most of them
    // wait on a child (a build, a dev server, a browser) or a database, so two at a time nearly halves the run.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The default reporter shows a skipped test as a dash: the second prints each skip's reason after the run.
    reporters: ['default', './tests/support/vitest-skip-reasons.ts'],
    // Every group shares the one pool: the database files, each on its own throwaway database, mostly wait on it and
    // run beside the project files (copies built, dev servers, wrangler). A group with a limit of its own would run
    // after the others instead (Vitest runs projects with different maxWorkers one after the other).
    projects: groups.map((name) => ({ extends: true, test: { name, include: [`tests/${name}/**/*.test.ts`] } })),
  },
});
