/**
 * Every fact a deploy sets without editing code: its variable, what it is, and the value local development uses.
 * The local values are placeholders (example.com, 555 numbers, the local Supabase stand-in, and invented streets,
 * postal codes and profile addresses); `placeholderProblems` names each one still in use, and `npm run build:deploy`
 * refuses to build while there is any.
 * Pure and free of Node-only imports: src/config/company.ts and offices.ts read it in the browser bundle too. Each
 * office's settings come from its record (src/config/office-records.ts).
 */
import { localSupabaseAnonKey, localSupabaseUrl } from './local-supabase.ts';
import { officeRecords, type OfficeCode, type OfficeRecord } from './office-records.ts';

export type SettingKind = 'phone' | 'email' | 'url' | 'text' | 'supabase-key';

export interface Setting {
  name: string;
  /** What the value is, as a deployer reads it. */
  what: string;
  kind: SettingKind;
  /** The value when the variable is unset: a placeholder, or another setting's value (`sameAs`). */
  localDefault: string;
  /** When unset, take this setting's value instead of `localDefault` (an office's e-mail is the main one unless set). */
  sameAs?: string;
  /**
   * Its local default is a placeholder only beside this setting's: an office's postal code may really be the one the
   * invented street has (Sydney's 2000), so it is refused with the street left as it was, and accepted beside a real one.
   */
  defaultOnlyWith?: string;
}

export type Environment = Readonly<Record<string, string | undefined>>;

/** The offices' country codes (src/config/office-records.ts), which name each office's variables. */
export const officeCodes: readonly OfficeCode[] = officeRecords.map((office) => office.countryCode);
export type { OfficeCode };

/** Each office's own variables: PUBLIC_OFFICE_US_PHONE and so on. */
export const officeVariable = (code: OfficeCode, field: 'STREET' | 'POSTAL_CODE' | 'PHONE' | 'EMAIL') => `PUBLIC_OFFICE_${code}_${field}`;

const officeSettings = (office: OfficeRecord & { countryCode: OfficeCode }): Setting[] => {
  const name = `${office.country} (${office.city})`;
  const { street, postalCode, phone } = office.placeholder;
  const code = office.countryCode;
  return [
    { name: officeVariable(code, 'STREET'), what: `the ${name} office's street address`, kind: 'text', localDefault: street },
    {
      name: officeVariable(code, 'POSTAL_CODE'),
      what: `the ${name} office's postal code`,
      kind: 'text',
      localDefault: postalCode,
      defaultOnlyWith: officeVariable(code, 'STREET'),
    },
    phone
      ? { name: officeVariable(code, 'PHONE'), what: `the ${name} office's phone, international form`, kind: 'phone', localDefault: phone }
      : {
          name: officeVariable(code, 'PHONE'),
          what: `the ${name} office's phone (the main phone unless set)`,
          kind: 'phone',
          localDefault: '',
          sameAs: 'PUBLIC_PHONE',
        },
    {
      name: officeVariable(code, 'EMAIL'),
      what: `the ${name} office's e-mail (the main e-mail unless set)`,
      kind: 'email',
      localDefault: '',
      sameAs: 'PUBLIC_EMAIL',
    },
  ];
};

export const settings: readonly Setting[] = [
  {
    name: 'SITE_URL',
    what: 'the public address of the site (canonical URLs, sitemap, the editor\'s "View Live")',
    kind: 'url',
    localDefault: 'https://www.example.com',
  },
  {
    name: 'EDITOR_URL',
    what: "the writers' editor's own address, another origin than SITE_URL (e.g. https://editor.<domain>): the public site's /admin leads there",
    kind: 'url',
    localDefault: 'https://editor.example.com',
  },
  { name: 'PUBLIC_PHONE', what: 'the main phone, international form with spaces (header, footer, /contact)', kind: 'phone', localDefault: '+91 120 555 0142' },
  {
    name: 'PUBLIC_SUPPORT_PHONE',
    what: 'the support desk\'s line, staffed 24/7 for critical incidents (the "24/7 Support" claims: /contact, application support, the home page)',
    kind: 'phone',
    localDefault: '+91 120 555 0199',
  },
  { name: 'PUBLIC_EMAIL', what: "the main e-mail address (footer, /contact, the form's messages)", kind: 'email', localDefault: 'hello@example.com' },
  {
    name: 'PUBLIC_TALENT_PARTNER_URL',
    what: "the staffing partner's contact page (the Manpower page's buttons)",
    kind: 'url',
    localDefault: 'https://talent.example.com/contact',
  },
  { name: 'PUBLIC_LINKEDIN_URL', what: 'the LinkedIn page', kind: 'url', localDefault: 'https://www.linkedin.com/company/kalpaka-technologies' },
  { name: 'PUBLIC_FACEBOOK_URL', what: 'the Facebook page', kind: 'url', localDefault: 'https://www.facebook.com/kalpakatechnologies' },
  {
    name: 'PUBLIC_GOOGLE_REVIEWS_URL',
    what: 'the Google Maps reviews page',
    kind: 'url',
    localDefault: 'https://www.google.com/maps/search/?api=1&query=Kalpaka+Technologies+Sector+62+Noida',
  },
  ...officeRecords.flatMap(officeSettings),
  { name: 'PUBLIC_SUPABASE_URL', what: "the Supabase project's URL (the contact form)", kind: 'url', localDefault: localSupabaseUrl },
  { name: 'PUBLIC_SUPABASE_ANON_KEY', what: "the Supabase project's anon (public) key", kind: 'supabase-key', localDefault: localSupabaseAnonKey },
];

const byName = new Map(settings.map((setting) => [setting.name, setting]));

/** The value `name` has in `env`: the variable when set, else the setting it follows, else its local default. */
export function settingValue(env: Environment, name: string): string {
  const setting = byName.get(name);
  if (!setting) throw new Error(`${name} is not a setting of src/config/settings.ts`);
  const value = env[name]?.trim();
  if (value) return value;
  return setting.sameAs ? settingValue(env, setting.sameAs) : setting.localDefault;
}

/** Domains set aside for examples (RFC 2606/6761): no one can own an address there. */
export const exampleDomain = /(^|\.)(example\.(com|org|net)|[^.]+\.(example|test|invalid|localhost))$/i;

const hostOf = (value: string, kind: 'email' | 'url'): string | undefined => {
  if (kind === 'email') return value.split('@').at(-1);
  try {
    return new URL(value).hostname;
  } catch {
    return undefined;
  }
};

/**
 * Why `display` is a number set aside for fiction, or undefined: 555 as the exchange or first local digits
 * (+1 512 555 0143, +91 120 555 0142, +61 2 5550 0146) and the UK's drama ranges (020 7946 0xxx, 01632 960xxx).
 */
export function fictionalPhoneProblem(display: string): string | undefined {
  const digits = display.replace(/[^\d]/g, '');
  const [, ...localGroups] = display
    .trim()
    .split(/[\s().-]+/)
    .filter(Boolean);
  const after = localGroups.slice(1);
  if ((digits.startsWith('1') && digits.slice(4, 7) === '555') || after.some((group) => group.startsWith('555'))) {
    return 'a 555 number, which is reserved for fiction';
  }
  if (/^44(2079460|16329)/.test(digits) || /^0(2079460|16329)/.test(digits)) return "a number from Ofcom's drama range";
  return undefined;
}

/** The issuer a JWT's payload claims, or undefined when `key` is not a JWT (src/schemas/supabase-key.ts checks its role). */
function jwtIssuer(key: string): unknown {
  const payload = key.split('.')[1];
  try {
    return (JSON.parse(atob(payload!.replaceAll('-', '+').replaceAll('_', '/'))) as { iss?: unknown }).iss;
  } catch {
    return undefined;
  }
}

function demoKeyProblem(key: string): string | undefined {
  if (key === localSupabaseAnonKey) return "the local stand-in's demo key";
  return jwtIssuer(key) === 'supabase-demo' ? 'a demo key (its JWT says "iss": "supabase-demo")' : undefined;
}

function placeholderReason(setting: Setting, value: string, env: Environment): string | undefined {
  const specific = kindPlaceholderReason(setting, value);
  if (specific) return specific;
  // Every local default is invented for development, however real it looks (a street, a profile's address).
  const isDefault = (of: Setting, its: string) => of.localDefault !== '' && its === of.localDefault;
  const companion = setting.defaultOnlyWith ? byName.get(setting.defaultOnlyWith) : undefined;
  if (isDefault(setting, value) && (!companion || isDefault(companion, settingValue(env, companion.name)))) {
    return companion
      ? `the value local development uses, beside its invented ${companion.name}`
      : 'the value local development uses (src/config/settings.ts), not the company’s';
  }
  return undefined;
}

function kindPlaceholderReason(setting: Setting, value: string): string | undefined {
  switch (setting.kind) {
    case 'email':
    case 'url': {
      const host = hostOf(value, setting.kind);
      return host && exampleDomain.test(host) ? `${host} is a domain reserved for examples` : undefined;
    }
    case 'phone':
      return fictionalPhoneProblem(value);
    case 'supabase-key':
      return demoKeyProblem(value);
    case 'text':
      return undefined;
  }
}

export interface PlaceholderProblem {
  setting: Setting;
  value: string;
  reason: string;
}

/**
 * Every setting whose value in `env` (the variable, or its local default when unset) is still a placeholder. A setting
 * left to follow another (an office's e-mail) is not listed again: the one it follows is.
 */
export function placeholderProblems(env: Environment): PlaceholderProblem[] {
  return settings.flatMap((setting) => {
    if (setting.sameAs && !env[setting.name]?.trim()) return [];
    const value = settingValue(env, setting.name);
    const reason = placeholderReason(setting, value, env);
    return reason ? [{ setting, value, reason }] : [];
  });
}
