/**
 * The deploy workflow rehearsed here (docs/PUBLISHING.md, "Step 9: the first deploy"): its steps run in order in a copy
 * of the project, with the repository's variables and secrets as an operator sets them, against stand-ins of `npx` and
 * `npm` that record every command and send nothing (tests/support/workflow-rehearsal.ts). The real checks run: the
 * Edge Functions' secrets, the settings check of `npm run build:deploy` and the Pages projects' check.
 */
import { readFileSync } from 'node:fs';
import { cp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionSecretNames } from '../../scripts/deploy/setting-homes.ts';
import { officeCodes } from '../../supabase/functions/_shared/offices.ts';
import { findSamples } from '../../scripts/deploy/samples.ts';
import { realSettings } from '../support/deploy-settings.ts';
import { copyProject, repoRoot } from '../support/project-copy.ts';
import { rehearse, type RehearsalContext } from '../support/workflow-rehearsal.ts';

let project: Awaited<ReturnType<typeof copyProject>>;
const workflow = join(repoRoot, '.github/workflows/deploy.yml');
/** The Supabase CLI as the workflow runs it: fetched at its pinned version (tests/unit/workflows.test.ts). */
const supabase = readFileSync(workflow, 'utf8').match(/npx --yes supabase@[\d.]+/)![0];

const siteSettings = Object.entries(realSettings)
  .map(([name, value]) => `${name}=${value}`)
  .join('\n');

/** The repository's variables and secrets as docs/PUBLISHING.md's step 7 has the operator set them. */
const repository = (): Pick<RehearsalContext, 'vars' | 'secrets' | 'pagesProjects'> => ({
  vars: { SITE_SETTINGS: siteSettings, CLOUDFLARE_ACCOUNT_ID: '0123456789abcdef0123456789abcdef', SUPABASE_PROJECT_REF: 'abcdefghijklmnopqrst' },
  secrets: {
    CLOUDFLARE_API_TOKEN: 'cloudflare-token',
    SUPABASE_ACCESS_TOKEN: 'sbp_0123456789abcdef',
    SUPABASE_DB_PASSWORD: 'database-password',
    SMTP_HOST: 'email-smtp.ap-south-1.amazonaws.com',
    SMTP_PORT: '465',
    SMTP_USER: 'AKIAEXAMPLEUSER',
    SMTP_PASSWORD: 'smtp-password',
    ENQUIRY_NOTIFY_TO: 'enquiries@kalpaka.co.in',
    ENQUIRY_NOTIFY_FROM: 'Kalpaka Website <website@mail.kalpaka.co.in>',
    ENQUIRY_NOTIFY_TOKEN: 'a4f1c09e7b3d52e8f6a1c4b7d0e93f2a5c8b1e4d7f0a3c6e9b2d5f8a1c4e7b0d',
    ENQUIRY_LINK_SECRET: '5e8b1d4f7a0c3e6b9d2f5a8c1e4b7d0f3a6c9e2b5d8f1a4c7e0b3d6f9a2c5e8b',
  },
  pagesProjects: [
    { 'Project Name': 'kalpaka-website', 'Project Domains': 'kalpaka-website.pages.dev, www.kalpaka.co.in' },
    { 'Project Name': 'kalpaka-editor', 'Project Domains': 'kalpaka-editor.pages.dev, editor.kalpaka.co.in' },
  ],
});

// Set-up: a copy with the workflow's scripts and the Pages projects' files, its example entries replaced as an
// operator replaces them before going live.
beforeAll(async () => {
  project = await copyProject('deploy-workflow-');
  for (const extra of ['scripts', 'wrangler.jsonc', 'editor/wrangler.jsonc', 'supabase']) {
    await cp(join(repoRoot, extra), join(project.root, extra), { recursive: true, force: true });
  }
  for (const file of new Set(findSamples(project.root).map((sample) => sample.file))) await rm(join(project.root, file));
});

afterAll(async () => {
  await project?.remove();
});

const commandIndex = (commands: string[], start: string) => {
  const index = commands.findIndex((command) => command.startsWith(start));
  expect(index, `${start} was run`).toBeGreaterThanOrEqual(0);
  return index;
};

// Each rehearsal runs the settings check (a new Node process loading the content, about 2 core-seconds) and the two
// deploy scripts: many times that on a loaded 2-core machine.
const rehearsal = { timeout: 120_000 };

describe('the deploy workflow, rehearsed step by step', () => {
  it('checks everything, then deploys the migrations, both functions with their secrets, the site and the editor, in that order', rehearsal, async () => {
    const { steps, commands, runnerTemp } = rehearse(workflow, 'deploy', { cwd: project.root, ...repository() });
    expect(steps.filter((step) => step.status === 'failed').map((step) => `${step.name}\n${step.output}`)).toEqual([]);
    console.log(`The rehearsal's steps:\n${steps.map((step, i) => `${i + 1}. ${step.name}: ${step.status}, ${step.seconds.toFixed(1)} s`).join('\n')}`);

    const at = (start: string) => commandIndex(commands, start);
    const checks = [at('npm run build:deploy'), at('npx wrangler pages project list --json')];
    const backend = [
      at(`${supabase} link --project-ref abcdefghijklmnopqrst`),
      at(`${supabase} db push`),
      at(`${supabase} secrets set --env-file ${runnerTemp}/function-secrets.env`),
      at(`${supabase} db query --remote --file ${runnerTemp}/vault.sql`),
      at(`${supabase} functions deploy notify-enquiry enquiry-action`),
    ];
    const site = at('npx wrangler pages deploy --branch main');
    const editor = at('npx wrangler pages deploy --cwd editor --branch main');
    const smoke = at('npm run smoke');
    expect([...checks, ...backend, site, editor, smoke]).toEqual([...checks, ...backend, site, editor, smoke].toSorted((a, b) => a - b));

    // The secrets the functions get: every one the repository holds, and the site's address for their links.
    const secrets = await readFile(join(runnerTemp, 'function-secrets.env'), 'utf8');
    for (const name of functionSecretNames.filter((name) => repository().secrets[name])) expect(secrets).toMatch(new RegExp(`^${name}=`, 'm'));
    expect(secrets).toContain(`SITE_URL="${realSettings.SITE_URL}"`);
    // Each office's enquiries go to the address its visitors write to: its own e-mail setting, else the main one.
    for (const code of officeCodes) {
      expect(secrets).toContain(`ENQUIRY_NOTIFY_TO_${code}="${realSettings[`PUBLIC_OFFICE_${code}_EMAIL`] ?? realSettings.PUBLIC_EMAIL}"`);
    }
    expect(await readFile(join(runnerTemp, 'vault.sql'), 'utf8')).toContain("'https://abcdefghijklmnopqrst.supabase.co/functions/v1/notify-enquiry'");
    // What the build read: the repository variable SITE_SETTINGS, written to .env.production.
    expect(steps.find((step) => step.name === 'npm run build:deploy')?.output).toContain('Ready to build');
  });

  it('stops at a failing function deploy: the site and the editor are not published', rehearsal, () => {
    const { steps, commands } = rehearse(workflow, 'deploy', { cwd: project.root, ...repository(), fail: 'functions deploy' });
    expect(steps.find((step) => step.status === 'failed')?.name).toBe('Deploy the Edge Functions');
    expect(commands.filter((command) => command.includes('wrangler pages deploy') || command === 'npm run smoke')).toEqual([]);
    expect(steps.at(-1)?.status).toBe('not run');
  });

  it('publishes nothing and touches no database while the editor’s Pages project is missing, and says which step creates it', rehearsal, () => {
    const setup = repository();
    const { steps, commands } = rehearse(workflow, 'deploy', {
      cwd: project.root,
      ...setup,
      pagesProjects: setup.pagesProjects.filter((entry) => entry['Project Name'] !== 'kalpaka-editor'),
    });
    const failed = steps.find((step) => step.status === 'failed')!;
    expect(failed.name).toBe('Both Cloudflare Pages projects exist, with their domains');
    expect(failed.output).toContain('Nothing was published');
    expect(failed.output).toContain(
      'The Cloudflare Pages project kalpaka-editor does not exist in this account: create it once (docs/PUBLISHING.md, "Step 5: Cloudflare Pages")',
    );
    expect(commands.filter((command) => command.includes(' supabase@') || command.includes('pages deploy'))).toEqual([]);
  });

  it('stops before anything is touched when a function secret is missing, naming the repository secret to set', rehearsal, () => {
    const setup = repository();
    const { SMTP_HOST: _missing, ...secrets } = setup.secrets;
    const { steps, commands } = rehearse(workflow, 'deploy', { cwd: project.root, ...setup, secrets });
    const failed = steps.find((step) => step.status === 'failed')!;
    expect(failed.name).toBe("Check the Edge Functions' secrets");
    expect(failed.output).toContain('SMTP_HOST is not set. Set it as the repository secret SMTP_HOST (');
    expect(failed.output).not.toMatch(/repository variable SMTP_HOST|Actions → Variables/);
    expect(commands.filter((command) => command !== 'npm ci --no-audit --no-fund')).toEqual([]);
  });
});
