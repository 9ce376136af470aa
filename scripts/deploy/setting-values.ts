/**
 * Whether each of the deploy's settings (src/config/settings.ts) can work, read the way its consumers read it. The
 * placeholders are settings.ts's concern (placeholderProblems); this says what cannot work even when the value is real.
 */
import { settings, settingValue, type Environment, type Setting } from '../../src/config/settings.ts';
import { isPlainAddress } from '../../supabase/functions/notify-enquiry/message.ts';
import { linkSecretProblem } from '../../supabase/functions/_shared/link-settings.ts';
import { deploySetting, setItAs } from './setting-homes.ts';

/** Controls (CR, LF, tab…), invisible format characters (zero-width, bidi, soft hyphen) and line separators. */
const invisible = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** Why `value` cannot be the https address of a public site, or undefined; `originOnly` for SITE_URL. */
export function publicUrlProblem(value: string, { originOnly = false } = {}): string | undefined {
  const url = URL.parse(value);
  if (!url) return 'it is not a URL';
  if (url.protocol !== 'https:') return `it must start with https:// (not ${url.protocol})`;
  if (url.username || url.password) return 'it carries a user name or password: remove the part before @';
  // new URL has already turned 2130706433, 0x7f.1 and the like into dotted IPv4.
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host))
    return `its host, ${url.hostname}, is a bare IP address: use the service's public host name`;
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return `its host, ${url.hostname}, is this machine: every visitor's browser would call its own computer`;
  }
  if (!host.includes('.')) return `its host, ${url.hostname}, is not a public name (a public name has a dot, such as www.kalpaka.com)`;
  if (originOnly && url.href !== `${url.origin}/`) {
    return `it must be the site's origin alone, such as https://www.kalpaka.com, with no path, query (?) or fragment (#); got ${url.href}`;
  }
  return undefined;
}

/** Why `value` cannot work as `setting`, or undefined. */
function valueProblem(setting: Setting, value: string): string | undefined {
  const hidden = invisible.exec(value)?.[0];
  if (hidden !== undefined) {
    const codePoint = `U+${hidden.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    return `it contains an invisible or control character (${codePoint}, such as a line break)`;
  }
  if (setting.kind === 'url') return publicUrlProblem(value, { originOnly: setting.name === 'SITE_URL' });
  // One plain address: nothing a mail client could read as a display name, a comment or a second address.
  if (setting.kind === 'email') {
    if (/\s/u.test(value)) return 'it contains a space';
    if (/[<>"]/.test(value)) return 'it is written with a name or quotes ("Name <address>"): give the address alone';
    if (!isPlainAddress(value)) return 'it is not a plain address such as hello@kalpaka.com (letters, digits, dots and dashes, in ASCII)';
  }
  // The tel: links are made from a phone, and a national form (020 3318 2200) dials another number from abroad.
  if (setting.kind === 'phone' && !(/^\+[1-9]\d{0,2}(?: \d{1,6}){1,5}$/.test(value) && value.replace(/\D/g, '').length <= 15)) {
    return value.startsWith('0')
      ? 'it is in national form: write it in international form, the country code first, such as +44 20 3318 2200 for 020 3318 2200'
      : 'it is not a phone number in international form with spaces, such as +44 20 3318 2200 (a plus, the country code, then groups of digits)';
  }
  return undefined;
}

/** What to write instead, by the setting's name, else by its kind; else its description. */
const fixes: Record<string, string> = {
  SITE_URL: 'write the address visitors type, such as https://www.kalpaka.com',
  PUBLIC_SUPABASE_URL: 'copy the Project URL from Supabase (Project Settings → API), such as https://abcdefghijklmnop.supabase.co',
  email: 'write one address, such as hello@kalpaka.com',
  phone: 'write it as a caller abroad dials it',
};

export interface ValueProblem {
  setting: Setting;
  /** One sentence: the setting, what is wrong and what to write instead. */
  message: string;
}

/** Every setting set in `env` whose value cannot work as what it is; a setting left unset keeps its local default. */
export function settingValueProblems(env: Environment): ValueProblem[] {
  return settings.flatMap((setting) => {
    if (!env[setting.name]?.trim()) return [];
    const value = settingValue(env, setting.name);
    const problem = valueProblem(setting, value);
    const fix = fixes[setting.name] ?? fixes[setting.kind] ?? `write ${setting.what}`;
    return problem ? [{ setting, message: `${setting.name} cannot be used, ${JSON.stringify(value)}: ${problem}. It is ${setting.what}; ${fix}.` }] : [];
  });
}

/** The values to hand the build: each URL setting with its scheme in lower case (HTTPS://… is the same address). */
export function normalisedUrlSettings(env: Environment): Record<string, string> {
  return Object.fromEntries(
    settings
      .filter((setting) => setting.kind === 'url' && env[setting.name]?.trim())
      .map((setting) => [setting.name, settingValue(env, setting.name).replace(/^https:/i, 'https:')]),
  );
}

/**
 * ENQUIRY_LINK_SECRET, when the deploy's environment carries it: never the public development secret `npm run dev`
 * signs the staff links with, nor one too short. It is not a setting of the site (no page sees it) but a secret of the
 * Edge Functions, which refuse the same values on Supabase (docs/STAFF.md).
 */
export function linkSecretSettingProblem(env: Environment): string | undefined {
  const problem = env.ENQUIRY_LINK_SECRET && linkSecretProblem(env.ENQUIRY_LINK_SECRET);
  return problem ? `${problem}. Each deploy needs its own secret. ${setItAs(deploySetting('ENQUIRY_LINK_SECRET'))}` : undefined;
}
