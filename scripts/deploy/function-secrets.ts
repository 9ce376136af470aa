/**
 * The Edge Functions' secrets for a deploy, checked before anything is published and written for the Supabase CLI:
 * `function-secrets.env` for `supabase secrets set --env-file`, and `vault.sql`, which stores the notifier's address and
 * token in Supabase Vault for the database's calls (docs/OPERATIONS.md, "Staff notifications"). The values come from
 * the environment (the deploy workflow passes each repository secret of scripts/deploy/setting-homes.ts) and SITE_URL
 * from the site's settings (.env.production). They are checked by the functions' own readers, as if on Supabase, so a
 * value the deployed function would refuse stops the deploy here, each refusal saying where the setting lives.
 *
 * Usage: node scripts/deploy/function-secrets.ts --project-ref <ref> --out <folder> [--preview]
 * --preview (the previews' own project): no mail server, so a preview e-mails nobody, and a token and link secret of
 * its own, new at each deploy, so nothing of production's is handed to a preview.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from 'vite';
import { readNotifierConfig } from '../../supabase/functions/notify-enquiry/config.ts';
import { readLinkSettings } from '../../supabase/functions/_shared/link-settings.ts';
import { officeCodes } from '../../supabase/functions/_shared/offices.ts';
import { officeRecipientsVariable } from '../../supabase/functions/_shared/staff.ts';
import { officeVariable } from '../../src/config/settings.ts';
import { deploySetting, deploySettings, functionSecretNames, setItAs } from './setting-homes.ts';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Each office's staff address for its enquiries (ENQUIRY_NOTIFY_TO_<code>): the office's e-mail on the site
 * (PUBLIC_OFFICE_<code>_EMAIL, else the main PUBLIC_EMAIL), which build:deploy refuses while it is a placeholder. The
 * staff who answer an office's enquiries read the address its visitors write to.
 */
const officeStaffAddresses = (env: Env): Array<[string, string]> =>
  officeCodes.flatMap((code) => {
    const address = env[officeVariable(code, 'EMAIL')]?.trim() || env.PUBLIC_EMAIL?.trim();
    return address ? [[officeRecipientsVariable(code), address] as [string, string]] : [];
  });

/** Every problem with the functions' secrets in `env`, each ending with where its setting lives. */
function functionSecretProblems(env: Env): string[] {
  // As the functions read them on Supabase (SB_REGION is the platform's own variable): the development link secret
  // and the ports Supabase blocks are refused.
  const all: Env = { ...env, ...Object.fromEntries(officeStaffAddresses(env)), SB_REGION: 'deploy check' };
  const read = (name: string) => all[name]?.trim() || undefined;
  const notifier = readNotifierConfig(read);
  const links = readLinkSettings(read, 'SB_REGION');
  const token = read('ENQUIRY_NOTIFY_TOKEN') ?? '';
  const problems = [
    // Without a valid staff list the functions would send without the "I'll take it" links: a deploy stops instead.
    ...('problems' in notifier ? notifier.problems : notifier.staffProblems),
    ...('problems' in links ? links.problems : []),
    ...(token.length < 32 ? [`ENQUIRY_NOTIFY_TOKEN must be at least 32 characters (it has ${token.length}): generate one with 'openssl rand -hex 32'`] : []),
  ];
  return problems.map((problem) => {
    const setting = deploySettings.find((row) => problem.startsWith(row.name));
    return setting ? `${problem}. ${setItAs(setting)}` : problem;
  });
}

/** A SQL string literal. */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** Stores `value` under `name` in Supabase Vault, whether or not it is there yet. */
const vaultUpsert = (name: string, value: string) =>
  `select case when exists (select 1 from vault.secrets where name = ${literal(name)})
  then vault.update_secret((select id from vault.secrets where name = ${literal(name)}), ${literal(value)})
  else vault.create_secret(${literal(value)}, ${literal(name)}) end;`;

const { values } = parseArgs({ options: { 'project-ref': { type: 'string' }, out: { type: 'string', default: '.' }, preview: { type: 'boolean' } } });
const projectRef = values['project-ref'] ?? '';
if (!/^[a-z0-9]{20}$/.test(projectRef)) {
  const refSetting = deploySetting(values.preview ? 'PREVIEW_SUPABASE_PROJECT_REF' : 'SUPABASE_PROJECT_REF');
  console.error(`function-secrets: "${projectRef}" is not a Supabase project's reference (20 letters and digits). ${setItAs(refSetting)}`);
  process.exit(1);
}
const siteSettings = loadEnv('production', process.cwd(), '');
const fresh = () => randomBytes(32).toString('hex');
const env: Env = values.preview
  ? { SITE_URL: siteSettings.SITE_URL, ENQUIRY_NOTIFY_TOKEN: fresh(), ENQUIRY_LINK_SECRET: fresh() }
  : { ...siteSettings, ...process.env };
const problems = values.preview ? [] : functionSecretProblems(env);
if (problems.length > 0) {
  const count = `${problems.length} problem${problems.length > 1 ? 's' : ''}`;
  console.error(`Cannot deploy the Edge Functions: ${count} with their secrets.\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}

// Every function secret set in the environment, SITE_URL for the staff links, and each office's staff address.
const secrets = [...functionSecretNames, 'SITE_URL'].filter((name) => env[name]?.trim()).map((name) => [name, env[name]!.trim()]);
const envFile = [...secrets, ...officeStaffAddresses(env)].map(([name, value]) => `${name}=${JSON.stringify(value)}\n`).join('');
const notifierUrl = `https://${projectRef}.supabase.co/functions/v1/notify-enquiry`;
const vault = `${vaultUpsert('notify_enquiry_url', notifierUrl)}\n${vaultUpsert('notify_enquiry_token', env.ENQUIRY_NOTIFY_TOKEN!.trim())}\n`;
await writeFile(join(values.out, 'function-secrets.env'), envFile, { mode: 0o600 });
await writeFile(join(values.out, 'vault.sql'), vault, { mode: 0o600 });
const what = values.preview ? 'the preview project’s own token and link secret, and no mail server (a preview e-mails nobody)' : 'checked';
console.log(`Edge Function secrets: ${what}; written to ${join(values.out, 'function-secrets.env')} and ${join(values.out, 'vault.sql')}.`);
