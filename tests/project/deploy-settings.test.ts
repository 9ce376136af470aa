/**
 * A production build refuses placeholders (src/config/settings.ts, scripts/build-deploy.ts): the pure checks, then the
 * real script run with a controlled environment and a temporary .env.
 */
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localSupabaseAnonKey } from '../../src/config/local-supabase.ts';
import { fictionalPhoneProblem, officeCodes, officeVariable, placeholderProblems, settings } from '../../src/config/settings.ts';
import { deploySettings, type Home } from '../../scripts/deploy/setting-homes.ts';
import { editorUrlProblem } from '../../src/config/editor-url.ts';
import { describeTimeZone } from '../../src/config/time-zone.ts';
import { realSettings } from '../support/deploy-settings.ts';
import { settingValueProblems } from '../../scripts/deploy/setting-values.ts';
import { developmentLinkSecret } from '../../supabase/functions/_shared/link-settings.ts';

const repoRoot = join(import.meta.dirname, '../..');
/** How docs/PUBLISHING.md's table of every setting writes each kind of home. */
const homeLabel: Record<Home, string> = {
  'site settings': 'a line of `SITE_SETTINGS`',
  'repository variable': 'repository variable',
  'repository secret': 'repository secret',
  'function secret': 'repository secret, set on the Edge Functions',
  'editor secret': "editor project's secret",
};
const names = (env: Record<string, string>) => placeholderProblems(env).map((problem) => problem.setting.name);

/** A JWT with the given payload (the signature is not read). */
const jwt = (payload: object) =>
  ['{"alg":"HS256","typ":"JWT"}', JSON.stringify(payload)].map((part) => Buffer.from(part).toString('base64url')).join('.') + '.c2lnbmF0dXJl';

describe('placeholderProblems', () => {
  it('finds every local default that is a placeholder, and nothing once each is set', () => {
    expect(names({})).toEqual(
      expect.arrayContaining([
        'SITE_URL',
        'PUBLIC_PHONE',
        'PUBLIC_SUPPORT_PHONE',
        'PUBLIC_EMAIL',
        'PUBLIC_TALENT_PARTNER_URL',
        'PUBLIC_OFFICE_US_PHONE',
        'PUBLIC_OFFICE_GB_PHONE',
        'PUBLIC_OFFICE_CA_PHONE',
        'PUBLIC_OFFICE_AU_PHONE',
        'PUBLIC_SUPABASE_ANON_KEY',
        'PUBLIC_LINKEDIN_URL',
        'PUBLIC_FACEBOOK_URL',
        'PUBLIC_GOOGLE_REVIEWS_URL',
        ...officeCodes.flatMap((code) => [officeVariable(code, 'STREET'), officeVariable(code, 'POSTAL_CODE')]),
      ]),
    );
    expect(names(realSettings)).toEqual([]);
  });

  it('refuses the shipped office addresses and social profiles, each by name, and takes a postal code beside a real street', () => {
    const shipped = ['PUBLIC_LINKEDIN_URL', 'PUBLIC_FACEBOOK_URL', 'PUBLIC_GOOGLE_REVIEWS_URL'];
    const addresses = officeCodes.flatMap((code) => [officeVariable(code, 'STREET'), officeVariable(code, 'POSTAL_CODE')]);
    const unchanged = Object.fromEntries(Object.entries(realSettings).filter(([name]) => !shipped.includes(name) && !addresses.includes(name)));
    expect(names(unchanged).sort()).toEqual([...shipped, ...addresses].sort());
    const reasons = Object.fromEntries(placeholderProblems(unchanged).map((problem) => [problem.setting.name, problem.reason]));
    expect(reasons.PUBLIC_OFFICE_GB_POSTAL_CODE).toBe('the value local development uses, beside its invented PUBLIC_OFFICE_GB_STREET');
    // Sydney's CBD is 2000 whichever street: with a real street the same postal code is accepted.
    const postalCode = settings.find((setting) => setting.name === 'PUBLIC_OFFICE_AU_POSTAL_CODE')!.localDefault;
    expect(names({ ...realSettings, PUBLIC_OFFICE_AU_POSTAL_CODE: postalCode })).toEqual([]);
  });

  it('refuses example domains and their subdomains in addresses and URLs', () => {
    for (const [name, value] of [
      ['PUBLIC_EMAIL', 'sales@example.org'],
      ['PUBLIC_EMAIL', 'team@mail.example.com'],
      ['PUBLIC_TALENT_PARTNER_URL', 'https://talent.example.com/jobs'],
      ['SITE_URL', 'https://www.example.com'],
      ['PUBLIC_OFFICE_GB_EMAIL', 'london@example.net'],
    ] as const) {
      expect(names({ ...realSettings, [name]: value }), value).toEqual([name]);
    }
    expect(names({ ...realSettings, PUBLIC_EMAIL: 'hello@notexample.com' })).toEqual([]);
  });

  it('refuses numbers set aside for fiction, and accepts real ones', () => {
    for (const fictional of ['+91 120 555 0142', '+1 512 555 0143', '+1 (416) 555-0145', '+61 2 5550 0146', '+44 20 7946 0144', '+44 1632 960 123']) {
      expect(fictionalPhoneProblem(fictional), fictional).toBeDefined();
    }
    for (const real of ['+91 120 4123 400', '+1 512 640 7120', '+44 20 3318 2200', '+61 2 8076 4400', '+1 555 640 7120']) {
      expect(fictionalPhoneProblem(real), real).toBeUndefined();
    }
  });

  it("refuses the local stand-in's key and any Supabase demo key, and accepts a project's key", () => {
    expect(names({ ...realSettings, PUBLIC_SUPABASE_ANON_KEY: localSupabaseAnonKey })).toEqual(['PUBLIC_SUPABASE_ANON_KEY']);
    expect(names({ ...realSettings, PUBLIC_SUPABASE_ANON_KEY: jwt({ iss: 'supabase-demo', role: 'anon' }) })).toEqual(['PUBLIC_SUPABASE_ANON_KEY']);
    expect(names({ ...realSettings, PUBLIC_SUPABASE_ANON_KEY: jwt({ iss: 'supabase', ref: 'abcdefghijklmnop', role: 'anon' }) })).toEqual([]);
  });

  it("lists an office's e-mail once it is set to a placeholder, and not while it follows the main one", () => {
    const { PUBLIC_EMAIL: _unset, ...withoutEmail } = realSettings;
    expect(names(withoutEmail)).toEqual(['PUBLIC_EMAIL']);
    expect(names({ ...realSettings, PUBLIC_OFFICE_IN_PHONE: '+91 120 555 0100' })).toEqual(['PUBLIC_OFFICE_IN_PHONE']);
  });

  it('docs/PUBLISHING.md gives every setting a deploy needs where scripts/deploy/setting-homes.ts says it lives, and no other', () => {
    const doc = readFileSync(join(repoRoot, 'docs/PUBLISHING.md'), 'utf8');
    const table = doc.slice(doc.indexOf('| setting '), doc.indexOf('\n\n', doc.indexOf('| setting ')));
    const rows = table
      .split('\n')
      .slice(2)
      .map((row) => row.split(' | ').map((cell) => cell.replace(/^\|\s*|\s*\|$/g, '').trim()));
    expect(rows.length).toBeGreaterThan(settings.length);
    const documented = rows.map(([name, home, required]) => `${name} ${home} ${required}`);
    const coded = deploySettings.map((setting) => `\`${setting.name}\` ${homeLabel[setting.home]} ${setting.required ? 'yes' : 'no'}`);
    expect(documented).toEqual(coded);
  });
});

/**
 * Settings that are real but cannot work: parsed as their consumers parse them (issue 29 point 9). Each case is the
 * one setting changed from a deploy's real settings, and only that setting is refused.
 */
const unusable: Array<[name: string, value: string, words: string]> = [
  ['PUBLIC_SUPABASE_URL', 'https://127.0.0.1:54321', 'bare IP address'],
  ['PUBLIC_SUPABASE_URL', 'https://localhost:54321', 'this machine'],
  ['PUBLIC_SUPABASE_URL', 'https://api.localhost', 'this machine'],
  ['PUBLIC_SUPABASE_URL', 'https://LOCALHOST.:54321', 'this machine'],
  ['PUBLIC_SUPABASE_URL', 'https://[::1]:54321', 'bare IP address'],
  ['PUBLIC_SUPABASE_URL', 'https://2130706433', 'bare IP address'],
  ['PUBLIC_SUPABASE_URL', 'https://0x7f.1', 'bare IP address'],
  ['PUBLIC_SUPABASE_URL', 'https://203.0.113.7', 'bare IP address'],
  ['PUBLIC_SUPABASE_URL', 'https://supabase', 'not a public name'],
  ['PUBLIC_SUPABASE_URL', 'http://abcdefghijklmnop.supabase.co', 'must start with https://'],
  ['PUBLIC_SUPABASE_URL', 'abcdefghijklmnop.supabase.co', 'not a URL'],
  ['PUBLIC_SUPABASE_URL', 'https://user:pass@abcdefghijklmnop.supabase.co', 'user name or password'],
  ['SITE_URL', 'http://www.kalpaka.co.in', 'must start with https://'],
  ['SITE_URL', 'https://www.kalpaka.co.in/?utm=1', 'no path, query (?) or fragment (#)'],
  ['SITE_URL', 'https://www.kalpaka.co.in?', 'no path, query (?) or fragment (#)'],
  ['SITE_URL', 'https://www.kalpaka.co.in/#top', 'no path, query (?) or fragment (#)'],
  ['SITE_URL', 'https://www.kalpaka.co.in/en', 'no path, query (?) or fragment (#)'],
  ['SITE_URL', 'https://localhost:4321', 'this machine'],
  ['PUBLIC_TALENT_PARTNER_URL', 'javascript:alert(1)', 'must start with https://'],
  ['PUBLIC_LINKEDIN_URL', 'https://127.0.0.1/company', 'bare IP address'],
  ['PUBLIC_EMAIL', 'hello@kalpaka.co.in\r\nBcc: list@kalpaka.co.in', 'U+000D'],
  ['PUBLIC_EMAIL', 'hello@kalpaka.co.in\nBcc: list@kalpaka.co.in', 'U+000A'],
  ['PUBLIC_EMAIL', 'hel\u200blo@kalpaka.co.in', 'U+200B'],
  ['PUBLIC_EMAIL', 'hello@kalpaka\u202e.co.in', 'U+202E'],
  ['PUBLIC_EMAIL', 'hel\u0085lo@kalpaka.co.in', 'U+0085'],
  ['PUBLIC_EMAIL', 'hel\u00a0lo@kalpaka.co.in', 'a space'],
  ['PUBLIC_EMAIL', 'hel lo@kalpaka.co.in', 'a space'],
  ['PUBLIC_EMAIL', '"Kalpaka"<hello@kalpaka.co.in>', 'with a name or quotes'],
  ['PUBLIC_EMAIL', 'hello@kalpaka.co.in,sales@kalpaka.co.in', 'not a plain address'],
  ['PUBLIC_OFFICE_GB_EMAIL', 'london@kalpaka..co.uk', 'not a plain address'],
  ['PUBLIC_OFFICE_US_STREET', '1401 Lavaca Street\r\nSuite 300', 'U+000D'],
  ['PUBLIC_OFFICE_GB_PHONE', '020 3966 1234', 'national form: write it in international form'],
  ['PUBLIC_PHONE', '0120 4123 400', 'national form'],
  ['PUBLIC_SUPPORT_PHONE', '+91-120-4123-499', 'international form with spaces'],
  ['PUBLIC_OFFICE_US_PHONE', '+1 (512) 640 7120', 'international form with spaces'],
];

const usable: Array<[name: string, value: string]> = [
  ['PUBLIC_SUPABASE_URL', 'HTTPS://abcdefghijklmnop.supabase.co'],
  ['PUBLIC_SUPABASE_URL', 'https://api.kalpaka.co.in:8443'],
  ['SITE_URL', 'HTTPS://www.kalpaka.co.in'],
  ['SITE_URL', 'https://www.kalpaka.co.in/'],
  ['PUBLIC_GOOGLE_REVIEWS_URL', 'https://www.google.com/maps/search/?api=1&query=Kalpaka+Technologies+Noida'],
  ['PUBLIC_EMAIL', "o'brien+sales@mail.kalpaka.co.in"],
  ['PUBLIC_OFFICE_GB_STREET', '71 Queen Victoria Straße'],
  ['PUBLIC_OFFICE_GB_PHONE', '+44 20 3966 1234'],
  ['PUBLIC_OFFICE_AU_PHONE', '+61 2 8076 4400'],
];

describe('settingValueProblems', () => {
  it.each(unusable)('refuses %s=%j, naming the setting, why (%s) and what to write', (name, value, words) => {
    const problems = settingValueProblems({ ...realSettings, [name]: value });
    expect(problems.map((problem) => problem.setting.name)).toEqual([name]);
    expect(problems[0]!.message).toContain(`${name} cannot be used, ${JSON.stringify(value)}: `);
    expect(problems[0]!.message).toContain(words);
    expect(problems[0]!.message).toMatch(/; (write|copy) /);
  });

  it.each(usable)('accepts %s=%j', (name, value) => {
    expect(settingValueProblems({ ...realSettings, [name]: value })).toEqual([]);
  });

  it("accepts every setting's local default that is not a placeholder", () => {
    expect(settingValueProblems(realSettings)).toEqual([]);
  });
});

describe('editorUrlProblem', () => {
  it('takes an https origin of its own, and refuses the public site’s origin, http, a path, a query or no address, naming EDITOR_URL', () => {
    expect(editorUrlProblem(realSettings)).toBeUndefined();
    expect(editorUrlProblem({ ...realSettings, EDITOR_URL: 'HTTPS://Editor.Kalpaka.co.in' })).toBeUndefined();
    expect(editorUrlProblem({ ...realSettings, EDITOR_URL: 'https://editor.kalpaka.co.in/' })).toBeUndefined();
    const refused = {
      'https://www.kalpaka.co.in': /^EDITOR_URL is the public site's own origin, https:\/\/www\.kalpaka\.co\.in: any script on a public page could then read/,
      'https://www.kalpaka.co.in:443/': /^EDITOR_URL is the public site's own origin/,
      'http://editor.kalpaka.co.in': /^EDITOR_URL must start with https:\/\//,
      'https://editor.kalpaka.co.in/admin': /^EDITOR_URL must be an origin only .*: use https:\/\/editor\.kalpaka\.co\.in\.$/,
      'https://editor.kalpaka.co.in?x=1': /^EDITOR_URL must be an origin only/,
      'https://user@editor.kalpaka.co.in': /^EDITOR_URL must be an origin only/,
      'editor.kalpaka.co.in': /^EDITOR_URL "editor\.kalpaka\.co\.in" is not an address\./,
    };
    for (const [value, message] of Object.entries(refused)) expect(editorUrlProblem({ ...realSettings, EDITOR_URL: value }), value).toMatch(message);
    // Left unset it is a placeholder, which placeholderProblems names once.
    const { EDITOR_URL: _unset, ...withoutEditor } = realSettings;
    expect(names(withoutEditor)).toEqual(['EDITOR_URL']);
    expect(editorUrlProblem(withoutEditor)).toBeUndefined();
  });
});

describe('describeTimeZone', () => {
  it('names the zone and its offsets from the IANA rules, summer time in either hemisphere', () => {
    expect(describeTimeZone('America/Chicago', 2026)).toBe('Central Time (UTC−06:00, UTC−05:00 in summer)');
    expect(describeTimeZone('Asia/Kolkata', 2026)).toBe('India Standard Time (UTC+05:30)');
    expect(describeTimeZone('Australia/Sydney', 2026)).toBe('Australian Eastern Time (UTC+10:00, UTC+11:00 in summer)');
    expect(describeTimeZone('Europe/London', 2026)).toMatch(/ \(UTC\+00:00, UTC\+01:00 in summer\)$/);
  });
});

// Each test runs scripts/build-deploy.ts one to three times, a new Node process each that loads the settings and the
// content: about 1 core-second each, many times that on a loaded 2-core machine.
describe('npm run build:deploy', { timeout: 120_000 }, () => {
  const project = mkdtempSync(join(tmpdir(), 'build-deploy-'));
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  /** The real script, run in `cwd` (whose .env it reads) with only `variables` of the settings in its environment. */
  const buildDeploy = (variables: Record<string, string>, { cwd = project, args = ['--check-only'] } = {}) => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...variables };
    for (const setting of settings) if (!(setting.name in variables)) delete env[setting.name];
    return spawnSync(process.execPath, [join(repoRoot, 'scripts/build-deploy.ts'), ...args], { cwd, env, encoding: 'utf8', timeout: 120_000 });
  };
  /** The file docs/PUBLISHING.md has an operator write (step 8), which only production builds read. */
  const writeDotEnv = (values: Record<string, string>) =>
    writeFileSync(
      join(project, '.env.production'),
      Object.entries(values)
        .map(([name, value]) => `${name}=${value}`)
        .join('\n'),
    );

  it('fails while placeholders remain, naming each one and where to set it', () => {
    writeDotEnv({});
    const { PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY } = realSettings;
    const run = buildDeploy({ PUBLIC_SUPABASE_URL: PUBLIC_SUPABASE_URL!, PUBLIC_SUPABASE_ANON_KEY: PUBLIC_SUPABASE_ANON_KEY! });
    expect(run.status).toBe(1);
    for (const name of placeholderProblems({ PUBLIC_SUPABASE_URL: PUBLIC_SUPABASE_URL!, PUBLIC_SUPABASE_ANON_KEY: PUBLIC_SUPABASE_ANON_KEY! }).map(
      (problem) => problem.setting.name,
    )) {
      expect(run.stderr).toContain(`- ${name} is still a placeholder`);
    }
    // Where they live: the repository variable SITE_SETTINGS, never a secret; .env.production on a machine.
    expect(run.stderr).toContain(
      'each a line NAME=… of the repository variable SITE_SETTINGS (GitHub → the repository → Settings → Secrets and variables → Actions → Variables)',
    );
    expect(run.stderr).toContain('.env.production (docs/PUBLISHING.md, "Step 7: the repository’s variables and secrets")');
    expect(run.stderr).not.toMatch(/SITE_SETTINGS secret|secret SITE_SETTINGS/);
    expect(run.stdout).not.toContain('Settings checked');
  });

  it('passes with every fact set', () => {
    writeDotEnv({});
    const run = buildDeploy(realSettings);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('none of the');
  });

  it("refuses the demo key and the local stand-in's URL", () => {
    writeDotEnv({});
    const run = buildDeploy({ ...realSettings, PUBLIC_SUPABASE_ANON_KEY: localSupabaseAnonKey, PUBLIC_SUPABASE_URL: 'http://127.0.0.1:54321' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PUBLIC_SUPABASE_ANON_KEY is still a placeholder, "eyJ');
    expect(run.stderr).toContain('PUBLIC_SUPABASE_URL cannot be used, "http://127.0.0.1:54321": it must start with https://');
  });

  it("refuses the staff links' public development secret when the deploy's environment carries it", () => {
    writeDotEnv({});
    const run = buildDeploy({ ...realSettings, ENQUIRY_LINK_SECRET: developmentLinkSecret });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ENQUIRY_LINK_SECRET is the local development secret, which is public');
    // A signing secret is a repository secret the deploy hands to the functions, never a variable.
    expect(run.stderr).toContain('Set it as the repository secret ENQUIRY_LINK_SECRET (');
    expect(run.stderr).not.toMatch(/repository variable ENQUIRY_LINK_SECRET|ENQUIRY_LINK_SECRET=… of the repository variable|Actions → Variables/);
    expect(buildDeploy({ ...realSettings, ENQUIRY_LINK_SECRET: randomBytes(32).toString('hex') }).status).toBe(0);
  });

  it('reads .env.production as astro build does', () => {
    writeDotEnv(realSettings);
    const fromFile = buildDeploy({});
    expect(fromFile.stderr).toBe('');
    expect(fromFile.status).toBe(0);
    // The environment wins over .env.production, as in Vite.
    const overridden = buildDeploy({ PUBLIC_EMAIL: 'hello@example.com' });
    expect(overridden.status).toBe(1);
    expect(overridden.stderr).toContain('- PUBLIC_EMAIL is still a placeholder, "hello@example.com"');
    expect(overridden.stderr).toContain("1 problem with the site's settings");
  });

  it('refuses each unusable setting of the issue, naming it and the fix, and accepts HTTPS:// in capitals', () => {
    writeDotEnv({});
    const runs = (
      [
        {
          PUBLIC_SUPABASE_URL: 'https://127.0.0.1:54321',
          SITE_URL: 'http://www.kalpaka.co.in',
          PUBLIC_EMAIL: 'hello@kalpaka.co.in\r\nBcc: list@kalpaka.co.in',
        },
        { PUBLIC_SUPABASE_URL: 'https://localhost:54321', SITE_URL: 'https://www.kalpaka.co.in/?ref=1' },
      ] as Record<string, string>[]
    ).map((bad) => ({ bad, run: buildDeploy({ ...realSettings, ...bad }) }));
    for (const { bad, run } of runs) {
      expect(run.status).toBe(1);
      expect(run.stdout).not.toContain('Settings checked');
      for (const [name, value] of Object.entries(bad)) expect(run.stderr).toContain(`- ${name} cannot be used, ${JSON.stringify(value)}: `);
      expect(run.stderr).toContain(`${Object.keys(bad).length} problems with the site's settings`);
    }
    const capitals = buildDeploy({ ...realSettings, PUBLIC_SUPABASE_URL: 'HTTPS://abcdefghijklmnop.supabase.co', SITE_URL: 'HTTPS://www.kalpaka.co.in' });
    expect(capitals.stderr).toBe('');
    expect(capitals.status).toBe(0);
  });

  it('refuses a link to an example domain in a page, naming the file and the line, and not in an example entry already refused', () => {
    writeDotEnv(realSettings);
    mkdirSync(join(project, 'content/pages'), { recursive: true });
    mkdirSync(join(project, 'content/people'), { recursive: true });
    writeFileSync(
      join(project, 'content/pages/partners.mdx'),
      '---\ntitle: Partners\n---\n\nOur partner [Acme](https://www.acme.example.com/about) and sales@partner.test.\n',
    );
    writeFileSync(join(project, 'content/people/someone.mdx'), '---\nname: Someone\nsample: true\nprofile: https://www.example.com/someone\n---\n');
    try {
      const run = buildDeploy({});
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('2 links to an example domain in the content.');
      expect(run.stderr).toContain('- content/pages/partners.mdx:5 links to https://www.acme.example.com, an address at a domain set aside for examples');
      expect(run.stderr).toContain('- content/pages/partners.mdx:5 links to sales@partner.test,');
      expect(run.stderr).not.toContain('content/people/someone.mdx:4');
    } finally {
      rmSync(join(project, 'content'), { recursive: true, force: true });
    }
  });

  describe('for a preview (--preview)', () => {
    const preview = (variables: Record<string, string>) => buildDeploy(variables, { args: ['--check-only', '--preview'] });

    it('without a project for previews, builds the form as a demo and never with production’s project', () => {
      writeDotEnv(realSettings);
      const run = preview({});
      expect(run.stderr).toBe('');
      expect(run.stdout).toContain('a preview with no project of its own: the form is a demo that stores nothing and e-mails nobody');
      expect(run.stdout).not.toContain(realSettings.PUBLIC_SUPABASE_URL);
    });

    it('with one, posts to it, and refuses production’s project given as the previews’', () => {
      writeDotEnv(realSettings);
      const own = preview({
        PREVIEW_SUPABASE_URL: 'https://previewprojectref01.supabase.co',
        PREVIEW_SUPABASE_ANON_KEY: 'sb_publishable_Preview7Qm2Lr9Tb4Nc8Wd1Fh',
      });
      expect(own.stderr).toBe('');
      expect(own.stdout).toContain("a preview: the form posts to the previews' project, https://previewprojectref01.supabase.co");
      const production = preview({
        PREVIEW_SUPABASE_URL: realSettings.PUBLIC_SUPABASE_URL!,
        PREVIEW_SUPABASE_ANON_KEY: realSettings.PUBLIC_SUPABASE_ANON_KEY!,
      });
      expect(production.status).toBe(1);
      expect(production.stderr).toContain('PREVIEW_SUPABASE_URL is the production project');
      expect(production.stderr).toContain('PREVIEW_SUPABASE_URL: the repository variable PREVIEW_SUPABASE_URL (');
    });
  });
});
