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
import { deploySettings, functionSecretNames, setItAs } from './setting-homes.ts';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Each office's staff address for its enquiries (ENQUIRY_NOTIFY_TO_<code>): the office's e-mail on the site
 * (PUBLIC_OFFICE_<code>_EMAIL, else the main PUBLIC_EMAIL), which build:deploy refuses while it is a placeholder. The
 * staff who answer an office's enquiries read the address its visitors write to.
 */
export function officeStaffAddresses(env: Env): Record<string, string> {
  const addresses: Record<string, string> = {};
  for (const code of officeCodes) {
    const address = env[officeVariable(code, 'EMAIL')]?.trim() || env.PUBLIC_EMAIL?.trim();
    if (address) addresses[officeRecipientsVariable(code)] = address;
  }
  return addresses;
}

/** Every problem with the functions' secrets in `env`, each ending with where its setting lives. */
export function functionSecretProblems(env: Env): string[] {
  // As the functions read them on Supabase (SB_REGION is the platform's own variable): the development link secret
  // and the ports Supabase blocks are refused.
  const offices = officeStaffAddresses(env);
  const read = (name: string) => (name === 'SB_REGION' ? 'deploy check' : (offices[name] ?? env[name])?.trim() || undefined);
  const problems: string[] = [];
  const notifier = readNotifierConfig(read);
  if ('problems' in notifier) problems.push(...notifier.problems);
  // The functions would send without the "I'll take it" links; a deploy stops, so the list is fixed before it goes live.
  else problems.push(...notifier.staffProblems);
  const links = readLinkSettings(read, 'SB_REGION');
  if ('problems' in links) problems.push(...links.problems);
  const token = read('ENQUIRY_NOTIFY_TOKEN') ?? '';
  if (token.length < 32)
    problems.push(`ENQUIRY_NOTIFY_TOKEN must be at least 32 characters (it has ${token.length}): generate one with 'openssl rand -hex 32'`);
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

/** The lines of `function-secrets.env`: every function secret set in `env`, and SITE_URL. */
export function functionSecretsFile(env: Env): string {
  const lines = [...functionSecretNames, 'SITE_URL'].filter((name) => env[name]?.trim()).map((name) => `${name}=${JSON.stringify(env[name]!.trim())}`);
  const offices = Object.entries(officeStaffAddresses(env)).map(([name, address]) => `${name}=${JSON.stringify(address)}`);
  return [...lines, ...offices, ''].join('\n');
}

export function vaultSql(projectRef: string, token: string): string {
  return [
    vaultUpsert('notify_enquiry_url', `https://${projectRef}.supabase.co/functions/v1/notify-enquiry`),
    vaultUpsert('notify_enquiry_token', token),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'project-ref': { type: 'string' }, out: { type: 'string' }, preview: { type: 'boolean' } } });
  const projectRef = values['project-ref'] ?? '';
  const refSetting = deploySettings.find((row) => row.name === (values.preview ? 'PREVIEW_SUPABASE_PROJECT_REF' : 'SUPABASE_PROJECT_REF'))!;
  if (!/^[a-z0-9]{20}$/.test(projectRef)) {
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
    console.error(
      `Cannot deploy the Edge Functions: ${problems.length} problem${problems.length > 1 ? 's' : ''} with their secrets.\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
  const out = values.out ?? '.';
  await writeFile(join(out, 'function-secrets.env'), functionSecretsFile(env), { mode: 0o600 });
  await writeFile(join(out, 'vault.sql'), vaultSql(projectRef, env.ENQUIRY_NOTIFY_TOKEN!.trim()), { mode: 0o600 });
  const what = values.preview ? 'the preview project’s own token and link secret, and no mail server (a preview e-mails nobody)' : 'checked';
  console.log(`Edge Function secrets: ${what}; written to ${join(out, 'function-secrets.env')} and ${join(out, 'vault.sql')}.`);
}

if (import.meta.main) await main();
