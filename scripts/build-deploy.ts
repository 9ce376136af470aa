/**
 * The production build: like `npm run build`, but refuses to run while any fact of src/config/settings.ts is still a
 * placeholder (example.com addresses, 555 numbers, the demo Supabase key), without the hosted Supabase project's https
 * URL, with a setting that cannot work (deploy/setting-values.ts: a URL that is not https or names this machine or a
 * bare IP, a SITE_URL with a path or query, an e-mail address that is not one plain address), or with a Supabase key that is not public (a secret or service role key would be readable by every visitor).
 * It reads `.env` as `astro build` does (Vite's loadEnv, mode "production"), lists every problem at once, and hands
 * the values it checked to the build. It refuses, too, while a page would show an example entry of the content
 * (`sample: true`: an invented case study, client or quote), listing each with its file and line (deploy/samples.ts).
 */
import { spawnSync } from 'node:child_process';
import { loadEnv } from 'vite';
import { placeholderProblems, settingValue, settings } from '../src/config/settings.ts';
import { editorUrlProblem } from '../src/config/editor-url.ts';
import { publicKeyProblem } from '../src/schemas/supabase-key.ts';
import { findSamples, sampleProblem } from './deploy/samples.ts';
import { linkSecretSettingProblem, normalisedUrlSettings, settingValueProblems } from './deploy/setting-values.ts';

const whereToSet =
  'Set each one as a line NAME=value of the SITE_SETTINGS secret (GitHub → Settings → Secrets and variables → Actions; ' +
  'the deploy and preview workflows write it to .env), or in .env for a local build. docs/PUBLISHING.md lists every variable.';

const whatSamplesAre =
  'Examples are marked "Sample" on the pages `npm run dev` shows and in the editor; docs/CONTENT.md ("Case studies, clients and quotes") says how to replace them.';

if (process.argv.includes('--help')) {
  console.log(`Usage: npm run build:deploy [-- --check-only]

Builds dist/ (the public site) and dist-editor/ (the writers' editor, on EDITOR_URL) for production after checking the deploy's settings, read from the environment and from .env:
${settings.map((setting) => `  ${setting.name.padEnd(28)} ${setting.what}`).join('\n')}
and that no page would show an example entry of content/ (\`sample: true\`).

--check-only  check the settings and stop before building.`);
  process.exit(0);
}

const env = loadEnv('production', process.cwd(), '');

const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);
const problems = placeholderProblems(env).map(
  ({ setting, value, reason }) => `${setting.name} is still a placeholder, "${shown(value)}": ${reason}.\n    It is ${setting.what}.`,
);
problems.push(...settingValueProblems(env).map((problem) => problem.message));
const linkSecret = linkSecretSettingProblem(env);
if (linkSecret) problems.push(linkSecret);
if (!env.PUBLIC_SUPABASE_URL?.trim()) {
  problems.push(`PUBLIC_SUPABASE_URL is not set: the form would post to the local stand-in, ${settingValue(env, 'PUBLIC_SUPABASE_URL')}.`);
}
const keyProblem = publicKeyProblem(settingValue(env, 'PUBLIC_SUPABASE_ANON_KEY'));
if (keyProblem) problems.push(keyProblem);
const editorProblem = editorUrlProblem(env);
if (editorProblem) problems.push(editorProblem);

const samples = findSamples().map(sampleProblem);

if (problems.length > 0) {
  console.error(
    `Cannot build for deployment: ${problems.length} problem${problems.length > 1 ? 's' : ''} with the site's settings.\n` +
      `${problems.map((problem) => `  - ${problem}`).join('\n')}\n${whereToSet}`,
  );
}
if (samples.length > 0) {
  console.error(
    `Cannot build for deployment: ${samples.length} example entr${samples.length > 1 ? 'ies' : 'y'} of the content would be published as if real.\n` +
      `${samples.map((sample) => `  - ${sample}`).join('\n')}\n${whatSamplesAre}`,
  );
}
if (problems.length > 0 || samples.length > 0) process.exit(1);

console.log(`Settings checked: none of the ${settings.length} is a placeholder or unusable, and no page shows an example entry.`);
if (process.argv.includes('--check-only')) process.exit(0);

// astro.config.mjs reads SITE_URL from process.env before Vite loads .env: pass on what was checked.
const result = spawnSync('astro', ['build'], {
  stdio: 'inherit',
  env: { ...process.env, ...env, ...normalisedUrlSettings(env) },
  shell: process.platform === 'win32',
});
process.exit(result.status ?? 1);
