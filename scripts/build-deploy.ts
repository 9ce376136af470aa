/**
 * The production build: `astro build`, refused while the site's settings (src/config/settings.ts, read as `astro build`
 * reads them: the environment, `.env`, `.env.production`) hold a placeholder or a value that cannot work
 * (deploy/setting-values.ts), or the content an example (deploy/samples.ts). It lists every problem at once, each
 * setting with where it lives (deploy/setting-homes.ts), and hands the values it checked to the build.
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
import { exampleAddressProblems, findSamples, sampleProblem } from './deploy/samples.ts';
import { deploySetting, stepOf, whereItLives } from './deploy/setting-homes.ts';
import { linkSecretSettingProblem, normalisedUrlSettings, publicUrlProblem, settingValueProblems } from './deploy/setting-values.ts';

const preview = process.argv.includes('--preview');

if (process.argv.includes('--help')) {
  console.log(`Usage: npm run build:deploy [-- --check-only] [-- --preview]

Builds dist/ (the public site) and dist-editor/ (the writers' editor, on EDITOR_URL) for production, after checking the
site's settings (from the environment, .env and .env.production; in production, the lines of the repository variable
SITE_SETTINGS: docs/PUBLISHING.md, step 7, lists each) and that no page would show an example entry of content/
(\`sample: true\`) or link to an example domain.

--check-only  check and stop before building.
--preview     a pull request's preview: the form posts to PREVIEW_SUPABASE_URL with PREVIEW_SUPABASE_ANON_KEY, or,
              without them, is a demo that stores nothing; the production project is never built in.`);
  process.exit(0);
}

const env: Environment = loadEnv('production', process.cwd(), '');
const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

/** Problems by the setting they are about (none: the message says where it lives), so each kind of home is named once. */
const problems = [
  ...placeholderProblems(env).map(({ setting, value, reason }) => ({
    name: setting.name,
    text: `${setting.name} is still a placeholder, "${shown(value)}": ${reason}. It is ${setting.what}.`,
  })),
  ...settingValueProblems(env).map(({ setting, message }) => ({ name: setting.name, text: message })),
  // A preview is never built with production's project, so its settings do not matter there.
].filter(({ name }) => !(preview && name.startsWith('PUBLIC_SUPABASE_')));
const refuse = (name: string, text: string | undefined) => text && problems.push({ name, text });
refuse('', linkSecretSettingProblem(env));
refuse('EDITOR_URL', editorUrlProblem(env));

/** The Supabase project a preview's build gets in place of production's, and whether the form is a demo. */
let previewProject: Record<string, string> = {};
let form = `the form posts to ${settingValue(env, 'PUBLIC_SUPABASE_URL')}`;
const previewUrl = process.env.PREVIEW_SUPABASE_URL?.trim() ?? '';
if (!preview) {
  refuse('PUBLIC_SUPABASE_ANON_KEY', publicKeyProblem(settingValue(env, 'PUBLIC_SUPABASE_ANON_KEY')));
} else if (previewUrl) {
  const previewKey = process.env.PREVIEW_SUPABASE_ANON_KEY?.trim() ?? '';
  const urlProblem = publicUrlProblem(previewUrl);
  refuse('PREVIEW_SUPABASE_URL', urlProblem && `PREVIEW_SUPABASE_URL cannot be used, ${JSON.stringify(previewUrl)}: ${urlProblem}.`);
  if (!urlProblem && new URL(previewUrl).origin === URL.parse(env.PUBLIC_SUPABASE_URL ?? '')?.origin) {
    const why = 'a preview would store its test enquiries with the real ones and e-mail staff';
    refuse('PREVIEW_SUPABASE_URL', `PREVIEW_SUPABASE_URL is the production project: ${why}.`);
  }
  refuse('PREVIEW_SUPABASE_ANON_KEY', publicKeyProblem(previewKey)?.replace('PUBLIC_SUPABASE_ANON_KEY', 'PREVIEW_SUPABASE_ANON_KEY'));
  previewProject = { PUBLIC_SUPABASE_URL: previewUrl, PUBLIC_SUPABASE_ANON_KEY: previewKey, PUBLIC_ENQUIRY_DEMO: 'false' };
  form = `a preview: the form posts to the previews' project, ${previewUrl}`;
} else {
  previewProject = { PUBLIC_SUPABASE_URL: '', PUBLIC_SUPABASE_ANON_KEY: '', PUBLIC_ENQUIRY_DEMO: 'true' };
  form = 'a preview with no project of its own: the form is a demo that stores nothing and e-mails nobody';
}

/** "1 problem", "2 problems". */
const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
/** Prints one refusal, if there is anything to refuse: what is wrong, then each problem on a line of its own. */
const report = (heading: string, lines: string[], ...after: string[]) =>
  lines.length > 0 && console.error([`Cannot build for deployment: ${heading}.`, ...lines.map((line) => `  - ${line}`), ...after].join('\n'));

const named = [...new Set(problems.map(({ name }) => name).filter(Boolean))];
const where = [...Map.groupBy(named, (name) => deploySetting(name).home)].map(([home, names]) => {
  const place = whereItLives({ name: names.length === 1 ? names[0]! : 'NAME', home });
  return `  ${names.join(', ')}: ${names.length === 1 ? '' : 'each '}${place} (docs/PUBLISHING.md, "${stepOf(home)}").`;
});
if (where.length > 0) where.unshift('Where they live in production:');
report(
  `${counted(problems.length, 'problem')} with the site's settings`,
  problems.map(({ text }) => text),
  ...where,
);
const samples = findSamples().map(sampleProblem);
report(
  `${counted(samples.length, 'example entry', 'example entries')} of the content would be published as if real`,
  samples,
  'Examples are marked "Sample" on the pages `npm run dev` shows and in the editor; docs/CONTENT.md ("Case studies, clients and quotes") says how to replace them.',
);
const addresses = exampleAddressProblems();
report(`${counted(addresses.length, 'link')} to an example domain in the content`, addresses);
if (problems.length + samples.length + addresses.length > 0) process.exit(1);

console.log(`Settings checked: none of the ${settings.length} is a placeholder or unusable, and no page shows an example entry; ${form}. Ready to build.`);
if (process.argv.includes('--check-only')) process.exit(0);

// astro.config.mjs reads SITE_URL from process.env before Vite loads .env: pass on what was checked. A preview's build
// gets its own project, or none, in place of production's.
const result = spawnSync('astro', ['build'], {
  stdio: 'inherit',
  env: { ...process.env, ...env, ...normalisedUrlSettings(env), ...previewProject },
  shell: process.platform === 'win32',
});
process.exit(result.status ?? 1);
