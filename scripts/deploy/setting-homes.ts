/**
 * Where every value a production deploy needs lives, one row each: the site's settings (src/config/settings.ts, lines
 * of the repository variable SITE_SETTINGS), the repository's other variables and its secrets, the Edge Functions'
 * secrets (repository secrets the deploy workflow hands to Supabase) and the editor's sign-in secrets (its own
 * Cloudflare Pages project). Every refusal of `npm run build:deploy` and of the deploy's own checks says where its
 * setting lives from here; tests/project/deploy-settings.test.ts checks docs/PUBLISHING.md's table against it, and
 * tests/unit/workflows.test.ts the workflows. A secret is never suggested as a variable.
 */
import { settings } from '../../src/config/settings.ts';
import { officeList } from '../../supabase/functions/_shared/offices.ts';
import { officeManagerVariable, officeStaffVariable } from '../../supabase/functions/_shared/staff.ts';

export type Home =
  /** A line NAME=value of the repository variable SITE_SETTINGS (and of .env.production for a build on a machine). */
  | 'site settings'
  | 'repository variable'
  | 'repository secret'
  /** A repository secret that the deploy workflow sets on the Edge Functions with `supabase secrets set`. */
  | 'function secret'
  /** A secret of the editor's own Cloudflare Pages project, set once with `wrangler pages secret put`. */
  | 'editor secret';

export interface DeploySetting {
  name: string;
  what: string;
  home: Home;
  /** Needed for a production deploy; an optional one has a default or may stay unset. */
  required: boolean;
}

/** The checklist's steps of docs/PUBLISHING.md that messages name (tests/unit/docs-references.test.ts checks each heading). */
export const publishingSteps = {
  cloudflare: 'Step 5: Cloudflare Pages',
  editor: 'Step 6: the writers’ editor',
  settings: 'Step 7: the repository’s variables and secrets',
  checkHere: 'Step 8: check every setting on your machine',
} as const;

/** The step that sets each kind. */
export const homeSection: Record<Home, string> = {
  'site settings': publishingSteps.settings,
  'repository variable': publishingSteps.settings,
  'repository secret': publishingSteps.settings,
  'function secret': publishingSteps.settings,
  'editor secret': publishingSteps.editor,
};

/** The short name of each kind, as docs/PUBLISHING.md's table of every setting writes it. */
export const homeLabel: Record<Home, string> = {
  'site settings': 'a line of `SITE_SETTINGS`',
  'repository variable': 'repository variable',
  'repository secret': 'repository secret',
  'function secret': 'repository secret, set on the Edge Functions',
  'editor secret': "editor project's secret",
};

const actionsSettings = 'GitHub → the repository → Settings → Secrets and variables → Actions';

/** Where `name` is set, as a sentence's object: "a line … of the repository variable SITE_SETTINGS (GitHub → …)". */
export function whereItLives(setting: Pick<DeploySetting, 'name' | 'home'>): string {
  const { name } = setting;
  switch (setting.home) {
    case 'site settings':
      return `a line ${name}=… of the repository variable SITE_SETTINGS (${actionsSettings} → Variables); for a build on your own machine, the same line in .env.production`;
    case 'repository variable':
      return `the repository variable ${name} (${actionsSettings} → Variables → New repository variable)`;
    case 'repository secret':
      return `the repository secret ${name} (${actionsSettings} → Secrets → New repository secret)`;
    case 'function secret':
      return `the repository secret ${name} (${actionsSettings} → Secrets → New repository secret); the deploy workflow sets it on the Edge Functions`;
    case 'editor secret':
      return `a secret of the editor's Cloudflare Pages project: npx wrangler pages secret put ${name} --project-name kalpaka-editor`;
  }
}

/** "Set it as …" with the docs section, for the end of a refusal. */
export const setItAs = (setting: Pick<DeploySetting, 'name' | 'home'>): string =>
  `Set it as ${whereItLives(setting)} (docs/PUBLISHING.md, "${homeSection[setting.home]}").`;

/** The Edge Functions' secrets, from repository secrets (docs/OPERATIONS.md, "Staff notifications"). */
const functionSecrets: DeploySetting[] = [
  { name: 'SMTP_HOST', what: 'the mail server the staff e-mail is sent through', required: true },
  { name: 'SMTP_PORT', what: "the mail server's port: 465 (or 2465), never 25 or 587, which Supabase blocks", required: true },
  { name: 'SMTP_USER', what: "the mail server's user name", required: true },
  { name: 'SMTP_PASSWORD', what: "the mail server's password", required: true },
  { name: 'ENQUIRY_NOTIFY_TO', what: 'where the staff e-mail for each enquiry goes (addresses separated by commas)', required: true },
  { name: 'ENQUIRY_NOTIFY_FROM', what: 'the sender of the staff e-mail, an address of the verified sending domain', required: true },
  { name: 'ENQUIRY_NOTIFY_TOKEN', what: 'the token the database calls the notifier with (openssl rand -hex 32)', required: true },
  { name: 'ENQUIRY_LINK_SECRET', what: "the key the staff e-mail's links are signed with (openssl rand -hex 32)", required: true },
  { name: 'ENQUIRY_ESCALATE_TO', what: 'where overdue warnings escalate for an office with no manager set (default: ENQUIRY_NOTIFY_TO)', required: false },
  { name: 'ENQUIRY_REMIND_AFTER', what: 'how long an enquiry may stay new before a reminder (default 20h)', required: false },
  { name: 'ENQUIRY_DIGEST_HOUR', what: "the hour of each office's daily digest, in that office's time (default 9)", required: false },
  { name: 'SMTP_SECURE', what: 'true or false: TLS from the first byte (default: true on 465 and 2465)', required: false },
  ...officeList.flatMap(({ code, city }) => [
    {
      name: officeStaffVariable(code),
      what: `the ${city} office's people who can own its enquiries, as \`Name <address>; Name <address>\` (none: no "I'll take it" links)`,
      required: false,
    },
    {
      name: officeManagerVariable(code),
      what: `the manager ${city}'s overdue enquiries escalate to, as \`Name <address>\` (default: ENQUIRY_ESCALATE_TO)`,
      required: false,
    },
  ]),
].map((setting) => ({ ...setting, home: 'function secret' as const }));

export const deploySettings: readonly DeploySetting[] = [
  ...settings.map((setting) => ({ name: setting.name, what: setting.what, home: 'site settings' as const, required: !setting.sameAs })),
  {
    name: 'SITE_SETTINGS',
    what: "the site's settings above, one line NAME=value each (the deploy and preview workflows write it to .env.production)",
    home: 'repository variable',
    required: true,
  },
  { name: 'CLOUDFLARE_ACCOUNT_ID', what: 'the Cloudflare account both Pages projects are in', home: 'repository variable', required: true },
  {
    name: 'SUPABASE_PROJECT_REF',
    what: "the production Supabase project's reference (<ref> in https://<ref>.supabase.co)",
    home: 'repository variable',
    required: true,
  },
  {
    name: 'PREVIEW_SUPABASE_PROJECT_REF',
    what: 'a second Supabase project for pull-request previews; without it, previews show the form in demo mode',
    home: 'repository variable',
    required: false,
  },
  { name: 'PREVIEW_SUPABASE_URL', what: "the preview project's URL", home: 'repository variable', required: false },
  { name: 'PREVIEW_SUPABASE_ANON_KEY', what: "the preview project's anon (public) key", home: 'repository variable', required: false },
  { name: 'CLOUDFLARE_API_TOKEN', what: 'a Cloudflare API token with Account → Cloudflare Pages → Edit', home: 'repository secret', required: true },
  {
    name: 'SUPABASE_ACCESS_TOKEN',
    what: 'a Supabase personal access token (supabase.com/dashboard/account/tokens)',
    home: 'repository secret',
    required: true,
  },
  { name: 'SUPABASE_DB_PASSWORD', what: "the production project's database password", home: 'repository secret', required: true },
  { name: 'PREVIEW_SUPABASE_DB_PASSWORD', what: "the preview project's database password", home: 'repository secret', required: false },
  ...functionSecrets,
  { name: 'GITHUB_CLIENT_ID', what: "the editor's GitHub App's client ID", home: 'editor secret', required: true },
  { name: 'GITHUB_CLIENT_SECRET', what: "the editor's GitHub App's client secret", home: 'editor secret', required: true },
];

const byName = new Map(deploySettings.map((setting) => [setting.name, setting]));

/** The row for `name`; a name no row has is a mistake in the code that asks. */
export function deploySetting(name: string): DeploySetting {
  const setting = byName.get(name);
  if (!setting) throw new Error(`${name} is not a deploy setting of scripts/deploy/setting-homes.ts`);
  return setting;
}

/** The names of the Edge Functions' secrets, in the order the workflow lists them. */
export const functionSecretNames: readonly string[] = functionSecrets.map((setting) => setting.name);
