/**
 * The production build: like `npm run build`, but refuses to run while any setting of src/config/settings.ts is still
 * a placeholder (example.com addresses, 555 numbers, the demo Supabase key, the invented streets and profiles local
 * development shows), without the hosted Supabase project's https URL, with a setting that cannot work
 * (deploy/setting-values.ts: a URL that is not https or names this machine or a bare IP, a SITE_URL with a path or
 * query, an e-mail address that is not one plain address, a phone not in international form), or with a Supabase key
 * that is not public (a secret or service role key would be readable by every visitor). It refuses, too, while a page
 * would show an example entry of the content (`sample: true`, deploy/samples.ts) or link to an example domain
 * (deploy/example-addresses.ts). Every refusal says where its setting lives (deploy/setting-homes.ts).
 * It reads `.env` and `.env.production` as `astro build` does (Vite's loadEnv, mode "production"), lists every problem
 * at once, and hands the values it checked to the build.
 *
 * With --preview (a pull request's preview, .github/workflows/preview.yml), the production project is never built in:
 * the form posts to the previews' own project (PREVIEW_SUPABASE_URL and PREVIEW_SUPABASE_ANON_KEY in the environment)
 * or, without one, is a demo that stores nothing (PUBLIC_ENQUIRY_DEMO).
 */
import { spawnSync } from 'node:child_process';
import { loadEnv } from 'vite';
import { placeholderProblems, settingValue, settings, type Environment } from '../src/config/settings.ts';
import { editorUrlProblem } from '../src/config/editor-url.ts';
import { publicKeyProblem } from '../src/schemas/supabase-key.ts';
import { findSamples, sampleProblem } from './deploy/samples.ts';
import { exampleAddressProblem, findExampleAddresses } from './deploy/example-addresses.ts';
import { deploySetting, deploySettings, whereItLives, homeSection } from './deploy/setting-homes.ts';
import { linkSecretSettingProblem, normalisedUrlSettings, publicUrlProblem, settingValueProblems } from './deploy/setting-values.ts';

const whatSamplesAre =
  'Examples are marked "Sample" on the pages `npm run dev` shows and in the editor; docs/CONTENT.md ("Case studies, clients and quotes") says how to replace them.';

const preview = process.argv.includes('--preview');
const supabaseSettings = ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY'];

if (process.argv.includes('--help')) {
  console.log(`Usage: npm run build:deploy [-- --check-only] [-- --preview]

Builds dist/ (the public site) and dist-editor/ (the writers' editor, on EDITOR_URL) for production after checking the deploy's settings, read from the environment, .env and .env.production. Each lives in production as:
${deploySettings
  .filter((setting) => setting.home === 'site settings')
  .map((setting) => `  ${setting.name.padEnd(28)} ${setting.what}`)
  .join('\n')}
(each a line NAME=value of the repository variable SITE_SETTINGS; docs/PUBLISHING.md lists every other setting a deploy needs and where it lives)
and that no page would show an example entry of content/ (\`sample: true\`) or link to an example domain.

--check-only  check and stop before building.
--preview     a pull request's preview: the form posts to PREVIEW_SUPABASE_URL with PREVIEW_SUPABASE_ANON_KEY, or,
              without them, is a demo that stores nothing; the production project is never built in.`);
  process.exit(0);
}

const env: Environment = loadEnv('production', process.cwd(), '');
const previewProject = preview ? (process.env.PREVIEW_SUPABASE_URL?.trim() ?? '') : '';

const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);
/** Problems by the setting they are about, so each kind of home is named once, with its settings. */
const problems: Array<{ name: string; text: string }> = [];
const refuse = (name: string, text: string) => problems.push({ name, text });

for (const { setting, value, reason } of placeholderProblems(env)) {
  if (preview && supabaseSettings.includes(setting.name)) continue;
  refuse(setting.name, `${setting.name} is still a placeholder, "${shown(value)}": ${reason}. It is ${setting.what}.`);
}
for (const problem of settingValueProblems(env))
  if (!(preview && supabaseSettings.includes(problem.setting.name))) refuse(problem.setting.name, problem.message);
const linkSecret = linkSecretSettingProblem(env);
if (linkSecret) problems.push({ name: '', text: linkSecret });
const editorProblem = editorUrlProblem(env);
if (editorProblem) refuse('EDITOR_URL', editorProblem);

/** The Supabase project the build is made for, and whether the form is a demo. */
let buildProject: Record<string, string> = {};
if (!preview) {
  const keyProblem = publicKeyProblem(settingValue(env, 'PUBLIC_SUPABASE_ANON_KEY'));
  if (keyProblem) refuse('PUBLIC_SUPABASE_ANON_KEY', keyProblem);
} else if (previewProject) {
  const previewKey = process.env.PREVIEW_SUPABASE_ANON_KEY?.trim() ?? '';
  const urlProblem = publicUrlProblem(previewProject);
  if (urlProblem) refuse('PREVIEW_SUPABASE_URL', `PREVIEW_SUPABASE_URL cannot be used, ${JSON.stringify(previewProject)}: ${urlProblem}.`);
  if (
    URL.canParse(previewProject) &&
    URL.canParse(env.PUBLIC_SUPABASE_URL ?? '') &&
    new URL(previewProject).origin === new URL(env.PUBLIC_SUPABASE_URL!).origin
  ) {
    refuse(
      'PREVIEW_SUPABASE_URL',
      'PREVIEW_SUPABASE_URL is the production project: a preview would store its test enquiries with the real ones and e-mail staff.',
    );
  }
  const keyProblem = publicKeyProblem(previewKey);
  if (keyProblem) refuse('PREVIEW_SUPABASE_ANON_KEY', keyProblem.replace('PUBLIC_SUPABASE_ANON_KEY', 'PREVIEW_SUPABASE_ANON_KEY'));
  buildProject = { PUBLIC_SUPABASE_URL: previewProject, PUBLIC_SUPABASE_ANON_KEY: previewKey, PUBLIC_ENQUIRY_DEMO: 'false' };
} else {
  buildProject = { PUBLIC_SUPABASE_URL: '', PUBLIC_SUPABASE_ANON_KEY: '', PUBLIC_ENQUIRY_DEMO: 'true' };
}

const samples = findSamples().map(sampleProblem);
const exampleAddresses = findExampleAddresses().map(exampleAddressProblem);

if (problems.length > 0) {
  const names = [...new Set(problems.map((problem) => problem.name).filter(Boolean))];
  const homes = [...new Set(names.map((name) => deploySetting(name).home))];
  const where = homes.map((home) => {
    const named = names.filter((name) => deploySetting(name).home === home);
    const place = whereItLives({ name: named.length === 1 ? named[0]! : 'NAME', home });
    return `  ${named.join(', ')}: ${named.length === 1 ? '' : 'each '}${place} (docs/PUBLISHING.md, "${homeSection[home]}").`;
  });
  console.error(
    `Cannot build for deployment: ${problems.length} problem${problems.length > 1 ? 's' : ''} with the site's settings.\n` +
      `${problems.map((problem) => `  - ${problem.text}`).join('\n')}\n` +
      (where.length > 0 ? `Where they live in production:\n${where.join('\n')}` : ''),
  );
}
if (samples.length > 0) {
  console.error(
    `Cannot build for deployment: ${samples.length} example entr${samples.length > 1 ? 'ies' : 'y'} of the content would be published as if real.\n` +
      `${samples.map((sample) => `  - ${sample}`).join('\n')}\n${whatSamplesAre}`,
  );
}
if (exampleAddresses.length > 0) {
  console.error(
    `Cannot build for deployment: ${exampleAddresses.length} link${exampleAddresses.length > 1 ? 's' : ''} to an example domain in the content.\n` +
      exampleAddresses.map((problem) => `  - ${problem}`).join('\n'),
  );
}
if (problems.length > 0 || samples.length > 0 || exampleAddresses.length > 0) process.exit(1);

const form = !preview
  ? `the form posts to ${settingValue(env, 'PUBLIC_SUPABASE_URL')}`
  : previewProject
    ? `a preview: the form posts to the previews' project, ${previewProject}`
    : 'a preview with no project of its own: the form is a demo that stores nothing and e-mails nobody';
console.log(`Settings checked: none of the ${settings.length} is a placeholder or unusable, and no page shows an example entry; ${form}. Ready to build.`);
if (process.argv.includes('--check-only')) process.exit(0);

// astro.config.mjs reads SITE_URL from process.env before Vite loads .env: pass on what was checked. A preview's build
// gets its own project, or none, in place of production's.
const result = spawnSync('astro', ['build'], {
  stdio: 'inherit',
  env: { ...process.env, ...env, ...normalisedUrlSettings(env), ...buildProject },
  shell: process.platform === 'win32',
});
process.exit(result.status ?? 1);
