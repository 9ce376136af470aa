/**
 * The Edge Functions' secrets, checked by the functions' own readers before anything is published, so a value a
 * deployed function would refuse stops the deploy here, saying where the setting lives; then written for the Supabase
 * CLI: `function-secrets.env` for `supabase secrets set --env-file`, and `vault.sql`, the notifier's address and token
 * in Supabase Vault for the database's calls (docs/OPERATIONS.md, "Staff notifications").
 *
 * Usage: node scripts/deploy/function-secrets.ts --project-ref <ref> --out <folder> [--preview]
 * The secrets come from the environment, SITE_URL from .env.production. --preview (the previews' own project): no mail
 * server, so a preview e-mails nobody, and a token and link secret of its own, so nothing of production's is handed on.
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

const options = { 'project-ref': { type: 'string', default: '' }, out: { type: 'string', default: '.' }, preview: { type: 'boolean' } } as const;
const { values } = parseArgs({ options });
const projectRef = values['project-ref'];
if (!/^[a-z0-9]{20}$/.test(projectRef)) {
  const refSetting = deploySetting(values.preview ? 'PREVIEW_SUPABASE_PROJECT_REF' : 'SUPABASE_PROJECT_REF');
  console.error(`function-secrets: "${projectRef}" is not a Supabase project's reference (20 letters and digits). ${setItAs(refSetting)}`);
  process.exit(1);
}
const siteSettings = loadEnv('production', process.cwd(), '');
const fresh = () => randomBytes(32).toString('hex');
const env: Record<string, string | undefined> = values.preview
  ? { SITE_URL: siteSettings.SITE_URL, ENQUIRY_NOTIFY_TOKEN: fresh(), ENQUIRY_LINK_SECRET: fresh() }
  : { ...siteSettings, ...process.env };

/** What the functions get: every function secret set here, and SITE_URL, the site the staff links open. */
const secrets: Record<string, string> = {};
for (const name of [...functionSecretNames, 'SITE_URL']) if (env[name]?.trim()) secrets[name] = env[name].trim();
// Each office's staff read the address its visitors write to: the office's e-mail on the site, else the main one
// (build:deploy refuses either while it is a placeholder).
for (const code of officeCodes) {
  const address = env[officeVariable(code, 'EMAIL')]?.trim() || env.PUBLIC_EMAIL?.trim();
  if (address) secrets[officeRecipientsVariable(code)] = address;
}

if (!values.preview) {
  // Read as the functions read them on Supabase (SB_REGION is the platform's own variable), so the development link
  // secret and the ports Supabase blocks are refused.
  const read = (name: string) => (name === 'SB_REGION' ? 'deploy check' : secrets[name]);
  const notifier = readNotifierConfig(read);
  const links = readLinkSettings(read, 'SB_REGION');
  const token = secrets.ENQUIRY_NOTIFY_TOKEN ?? '';
  const problems = [
    // Without a valid staff list the functions would send without the "I'll take it" links: a deploy stops instead.
    ...('problems' in notifier ? notifier.problems : notifier.staffProblems),
    ...('problems' in links ? links.problems : []),
    ...(token.length < 32 ? [`ENQUIRY_NOTIFY_TOKEN must be at least 32 characters (it has ${token.length}): generate one with 'openssl rand -hex 32'`] : []),
  ].map((problem) => {
    // Each reader's message starts with the setting's name.
    const setting = deploySettings.find((row) => row.name === /^[A-Z0-9_]+/.exec(problem)?.[0]);
    return setting ? `${problem}. ${setItAs(setting)}` : problem;
  });
  if (problems.length > 0) {
    const count = `${problems.length} problem${problems.length > 1 ? 's' : ''}`;
    console.error(`Cannot deploy the Edge Functions: ${count} with their secrets.\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    process.exit(1);
  }
}

/** A SQL string literal. */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
/** Stores `value` under `name` in Supabase Vault, whether or not it is there yet. */
const vaultUpsert = (name: string, value: string) =>
  `select case when exists (select 1 from vault.secrets where name = ${literal(name)})
  then vault.update_secret((select id from vault.secrets where name = ${literal(name)}), ${literal(value)})
  else vault.create_secret(${literal(value)}, ${literal(name)}) end;\n`;

const envFile = join(values.out, 'function-secrets.env');
const vaultFile = join(values.out, 'vault.sql');
const notifierUrl = `https://${projectRef}.supabase.co/functions/v1/notify-enquiry`;
const lines = Object.entries(secrets).map(([name, value]) => `${name}=${JSON.stringify(value)}\n`);
await writeFile(envFile, lines.join(''), { mode: 0o600 });
const vault = vaultUpsert('notify_enquiry_url', notifierUrl) + vaultUpsert('notify_enquiry_token', secrets.ENQUIRY_NOTIFY_TOKEN!);
await writeFile(vaultFile, vault, { mode: 0o600 });
const what = values.preview ? 'the preview project’s own token and link secret, and no mail server (a preview e-mails nobody)' : 'checked';
console.log(`Edge Function secrets: ${what}; written to ${envFile} and ${vaultFile}.`);
