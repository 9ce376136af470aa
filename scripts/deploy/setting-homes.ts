/**
 * Where every value a production deploy needs lives, and whether a deploy needs it, for every refusal of the deploy's
 * checks to say where its setting is set. docs/PUBLISHING.md's table says what each one is, and
 * tests/project/deploy-settings.test.ts checks it against this one (tests/unit/workflows.test.ts, the workflows).
 */
import { settings } from '../../src/config/settings.ts';
import { officeCodes } from '../../supabase/functions/_shared/offices.ts';
import { officeManagerVariable, officeStaffVariable } from '../../supabase/functions/_shared/staff.ts';

/**
 * A site setting is a line NAME=value of the repository variable SITE_SETTINGS (and of .env.production for a build on a
 * machine); a function secret, a repository secret the deploy workflow sets on the Edge Functions; an editor secret, a
 * secret of the editor's own Cloudflare Pages project. A secret is never suggested as a variable.
 */
export type Home = 'site settings' | 'repository variable' | 'repository secret' | 'function secret' | 'editor secret';

export interface DeploySetting {
  name: string;
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

const actions = 'GitHub → the repository → Settings → Secrets and variables → Actions';

/** Where `name` is set, as a sentence's object: "a line … of the repository variable SITE_SETTINGS (GitHub → …)". */
export function whereItLives({ name, home }: Pick<DeploySetting, 'name' | 'home'>): string {
  if (home === 'site settings') {
    return `a line ${name}=… of the repository variable SITE_SETTINGS (${actions} → Variables); for a build on your own machine, the same line in .env.production`;
  }
  if (home === 'editor secret') return `a secret of the editor's Cloudflare Pages project: npx wrangler pages secret put ${name} --project-name kalpaka-editor`;
  const [kind, tab] = home === 'repository variable' ? ['variable', 'Variables'] : ['secret', 'Secrets'];
  const where = `the repository ${kind} ${name} (${actions} → ${tab} → New repository ${kind})`;
  return home === 'function secret' ? `${where}; the deploy workflow sets it on the Edge Functions` : where;
}

/** The step of docs/PUBLISHING.md that sets a setting of `home`. */
export const stepOf = (home: Home): string => (home === 'editor secret' ? publishingSteps.editor : publishingSteps.settings);

/** "Set it as …" with the docs section, for the end of a refusal. */
export const setItAs = (setting: DeploySetting): string => `Set it as ${whereItLives(setting)} (docs/PUBLISHING.md, "${stepOf(setting.home)}").`;

/** The rows of one home: the required names, then the optional ones, as docs/PUBLISHING.md's table orders them. */
const rows = (home: Home, required: string[], optional: string[] = []): DeploySetting[] => [
  ...required.map((name) => ({ name, home, required: true })),
  ...optional.map((name) => ({ name, home, required: false })),
];

/** The Edge Functions' secrets (docs/OPERATIONS.md, "Staff notifications"); each office may name its staff and manager. */
const officeSecrets = officeCodes.flatMap((code) => [officeStaffVariable(code), officeManagerVariable(code)]);
const functionSecrets = rows(
  'function secret',
  ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASSWORD', 'ENQUIRY_NOTIFY_TO', 'ENQUIRY_NOTIFY_FROM', 'ENQUIRY_NOTIFY_TOKEN', 'ENQUIRY_LINK_SECRET'],
  ['ENQUIRY_ESCALATE_TO', 'ENQUIRY_REMIND_AFTER', 'ENQUIRY_DIGEST_HOUR', 'SMTP_SECURE', ...officeSecrets],
);

export const deploySettings: readonly DeploySetting[] = [
  // An office's e-mail or phone that follows the main one unless set is optional.
  ...settings.map((setting) => ({ name: setting.name, home: 'site settings' as const, required: !setting.sameAs })),
  ...rows(
    'repository variable',
    ['SITE_SETTINGS', 'CLOUDFLARE_ACCOUNT_ID', 'SUPABASE_PROJECT_REF'],
    ['PREVIEW_SUPABASE_PROJECT_REF', 'PREVIEW_SUPABASE_URL', 'PREVIEW_SUPABASE_ANON_KEY'],
  ),
  ...rows('repository secret', ['CLOUDFLARE_API_TOKEN', 'SUPABASE_ACCESS_TOKEN', 'SUPABASE_DB_PASSWORD'], ['PREVIEW_SUPABASE_DB_PASSWORD']),
  ...functionSecrets,
  ...rows('editor secret', ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET']),
];

/** The row for `name`; a name no row has is a mistake in the code that asks. */
export function deploySetting(name: string): DeploySetting {
  const setting = deploySettings.find((row) => row.name === name);
  if (!setting) throw new Error(`${name} is not a deploy setting of scripts/deploy/setting-homes.ts`);
  return setting;
}

/** The names of the Edge Functions' secrets, in the order the workflow lists them. */
export const functionSecretNames: readonly string[] = functionSecrets.map((setting) => setting.name);
