/**
 * Runs one job of a GitHub Actions workflow here, step by step as the runner does (`bash -eo pipefail`, the job's and
 * the step's `env`, stopping at the first failing step), with the repository's variables and secrets given by the
 * test. `uses:` steps are recorded and skipped; `npx` and `npm` are stand-ins that record each command line in order
 * and send nothing (tests/project/deploy-workflow.test.ts): `npx wrangler pages project list --json` prints the
 * account's projects the test gives, `npm run build:deploy` runs the real settings check, and a command matching
 * `fail` exits 1. Only the expressions the project's deploy workflow uses are understood; any other one is an error.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string | number | boolean>;
}

interface Job {
  env?: Record<string, string | number | boolean>;
  steps: Step[];
}

export interface RehearsalContext {
  /** The project copy the job runs in (its checkout). */
  cwd: string;
  vars: Record<string, string>;
  secrets: Record<string, string>;
  /** The account's Pages projects, as `wrangler pages project list --json` prints them. */
  pagesProjects: Array<{ 'Project Name': string; 'Project Domains': string }>;
  /** A command line (e.g. "supabase functions deploy") whose stand-in fails. */
  fail?: string;
}

export interface StepResult {
  name: string;
  status: 'passed' | 'failed' | 'skipped' | 'not run';
  output: string;
  seconds: number;
}

export interface Rehearsal {
  steps: StepResult[];
  /** Every command the stand-ins received, in order ("npx supabase db push", "npm run build:deploy"…). */
  commands: string[];
  runnerTemp: string;
}

/** Replaces `${{ … }}` with its value; throws on an expression this rehearsal does not know. */
function expand(text: string, context: RehearsalContext): string {
  return text.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_whole, expression: string) => {
    const [scope, name] = expression.split('.') as [string, string | undefined];
    if (scope === 'secrets' && name) return context.secrets[name] ?? '';
    if (scope === 'vars' && name) return context.vars[name] ?? '';
    if (expression === 'github.repository') return 'kalpaka-technologies/website';
    throw new Error(`The rehearsal does not know the expression \${{ ${expression} }}`);
  });
}

const standIn = (log: string) => `#!/usr/bin/env bash
line="$(basename "$0") $*"
printf '%s\\n' "$line" >> '${log}'
if [ -n "$REHEARSAL_FAIL" ] && [[ "$line" == *"$REHEARSAL_FAIL"* ]]; then echo "stand-in: $line failed" >&2; exit 1; fi
case "$line" in
  "npx wrangler pages project list --json") printf '%s\\n' "$REHEARSAL_PROJECTS" ;;
  "npm run build:deploy") exec "$REHEARSAL_NODE" scripts/build-deploy.ts --check-only ;;
esac
`;

export function rehearse(workflowFile: string, jobName: string, context: RehearsalContext): Rehearsal {
  const workflow = parse(readFileSync(workflowFile, 'utf8')) as { jobs: Record<string, Job> };
  const job = workflow.jobs[jobName];
  if (!job) throw new Error(`${workflowFile} has no job ${jobName}`);
  const bin = mkdtempSync(join(tmpdir(), 'rehearsal-bin-'));
  const runnerTemp = mkdtempSync(join(tmpdir(), 'rehearsal-temp-'));
  const log = join(runnerTemp, 'commands.log');
  writeFileSync(log, '');
  for (const name of ['npx', 'npm']) {
    writeFileSync(join(bin, name), standIn(log));
    chmodSync(join(bin, name), 0o755);
  }
  const jobEnv = Object.fromEntries(Object.entries(job.env ?? {}).map(([name, value]) => [name, expand(String(value), context)]));
  const steps: StepResult[] = [];
  let failed = false;
  for (const [index, step] of job.steps.entries()) {
    const name = step.name ?? step.uses ?? step.run?.split('\n')[0] ?? `step ${index + 1}`;
    if (failed) {
      steps.push({ name, status: 'not run', output: '', seconds: 0 });
      continue;
    }
    if (step.if) throw new Error(`The rehearsal does not evaluate if: ${step.if} (${name})`);
    if (step.uses) {
      steps.push({ name, status: 'skipped', output: `uses ${step.uses}`, seconds: 0 });
      continue;
    }
    const env = {
      PATH: `${bin}:${dirname(process.execPath)}:${process.env.PATH}`,
      HOME: process.env.HOME ?? tmpdir(),
      RUNNER_TEMP: runnerTemp,
      GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
      GITHUB_REPOSITORY: 'kalpaka-technologies/website',
      GITHUB_ACTIONS: 'true',
      REHEARSAL_NODE: process.execPath,
      REHEARSAL_PROJECTS: JSON.stringify(context.pagesProjects),
      REHEARSAL_FAIL: context.fail ?? '',
      ...jobEnv,
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, expand(String(value), context)])),
    };
    const started = performance.now();
    const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', expand(step.run ?? '', context)], {
      cwd: context.cwd,
      env,
      encoding: 'utf8',
      timeout: 120_000,
    });
    const seconds = (performance.now() - started) / 1000;
    failed = run.status !== 0;
    steps.push({ name, status: failed ? 'failed' : 'passed', output: `${run.stdout}${run.stderr}`, seconds });
  }
  const commands = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  return { steps, commands, runnerTemp };
}
