/**
 * The enquirer's e-mail address in the table: as strict as the staff notifier's Reply-To rule
 * (supabase/functions/_shared/email-address.ts, which the form checks too), with real inserts as anon, on PGlite and,
 * when DATABASE_URL is set (CI), on PostgreSQL 15.
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlainAddress } from '../../supabase/functions/_shared/email-address.ts';
import { composeNotification } from '../../supabase/functions/notify-enquiry/message.ts';
import { rateLimitMessages } from '../../src/config/enquiry.ts';
import { migrationsDir } from '../../scripts/local-backend/repo-paths.ts';
import { applyMigrations } from '../../scripts/local-backend/migrations.ts';
import { createSupabaseRoles, databaseTargets, migrate, openMigrated, queryAs, setRequestHeaders, type TestDatabase } from './support/test-databases.ts';

const insertSql = `insert into public.contact_submissions (id, name, email, message) values ($1, 'Asha Rao', $2, 'Hello')`;
const insertAsAnon = (db: TestDatabase, email: string) => queryAs(db, 'anon', insertSql, [randomUUID(), email]);

/** A local part no other test uses, so no two tests share a mailbox's allowance. */
const freshLocal = () => `prospect${randomUUID().slice(0, 8).replace(/[0-9]/g, 'q')}`;

/** Invisible and control characters by class; each goes inside a local part and inside a host name. */
const invisibles: Record<string, string[]> = {
  'C0 controls': ['\u0001', '\u0009', '\u000a', '\u000d', '\u001b', '\u001f'],
  'DEL and C1 controls': ['\u007f', '\u0080', '\u0085', '\u009b', '\u009f'],
  'non-ASCII spaces': ['\u00a0', '\u1680', '\u2000', '\u2007', '\u200a', '\u202f', '\u205f', '\u3000'],
  'line and paragraph separators': ['\u2028', '\u2029'],
  'zero-width characters and direction marks': ['\u200b', '\u200c', '\u200d', '\u200e', '\u200f'],
  'bidi embeddings, overrides and isolates': ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'],
  'word joiner and invisible operators': ['\u2060', '\u2061', '\u2062', '\u2063', '\u2064'],
  'soft hyphen, BOM, Arabic letter mark, Mongolian vowel separator': ['\u00ad', '\ufeff', '\u061c', '\u180e'],
  'variation selectors, Hangul fillers, tag characters': ['\ufe0f', '\u3164', '\u115f', '\u{e0041}', '\u{e007f}'],
};

const displayNameForms = [
  '"x"<a@b.co>',
  'x <a@b.co>',
  '<a@b.co>',
  '"x" <a@b.co>',
  'a@b.co (x)',
  '(x)a@b.co',
  '"a"@b.co',
  '"a b"@b.co',
  '"a@b"@c.co',
  'a\\@b@c.co',
  'a@b.co, c@d.co',
  'a@b.co;c@d.co',
  'a@[192.0.2.1]',
  'a@b.co.',
  'a..b@c.co',
  '.a@b.co',
  'a@-b.co',
  'a@b',
  'José@b.co',
  'a@münchen.de',
  'ａ@b.co',
];

/** What real people type, all of which the table must keep storing. */
const plainAddresses = [
  'asha@acme.example',
  'asha.rao+leads@acme.example',
  "o'brien@example.ie",
  'x@xn--mnchen-3ya.de',
  'ASHA@ACME.EXAMPLE',
  'first_last-1@sub.domain.example.co.in',
  "a!#$%&'*+/=?^_`{|}~-z@b.co",
  '1@2.io',
];

/** A folder holding the migrations before `version`, to set up a database as it was before that migration. */
function migrationsBefore(version: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-before-'));
  for (const file of readdirSync(migrationsDir).filter((name) => name.endsWith('.sql') && name < version)) {
    copyFileSync(join(migrationsDir, file), join(dir, file));
  }
  return dir;
}

// The tests that run SQL over every Unicode code point (about 130,000 addresses): 3 s here, many times that on a
// loaded 2-core machine.
const everyCodePoint = { timeout: 120_000 };

describe.each(databaseTargets)('e-mail addresses on $label', ({ open }) => {
  let db: TestDatabase;

  beforeAll(async () => {
    ({ db } = await openMigrated(open));
  });

  afterAll(async () => {
    await db?.close();
  });

  it.each(['a\u0085b@b.co', 'a\u00a0b@b.co', 'a@b\u200b.co', '"x"<a@b.co>'])('refuses the review’s %j', async (email) => {
    await expect(insertAsAnon(db, email)).rejects.toMatchObject({ code: '23514' });
  });

  it.each(Object.entries(invisibles))('refuses %s in the local part and in the host name', async (_kind, characters) => {
    const stored: string[] = [];
    for (const character of characters) {
      for (const email of [`a${character}b@example.com`, `ab@exa${character}mple.com`, `ab@example.com${character}`, `${character}ab@example.com`]) {
        try {
          await insertAsAnon(db, email);
          stored.push(JSON.stringify(email));
        } catch (error) {
          expect(error).toMatchObject({ code: '23514' });
        }
      }
    }
    expect(stored).toEqual([]);
  });

  it.each(displayNameForms)('refuses %j: a display name, comment, quoted, bracketed or not ASCII', async (email) => {
    await expect(insertAsAnon(db, email)).rejects.toMatchObject({ code: '23514', constraint: 'contact_submissions_email_plain' });
  });

  it.each(plainAddresses)('stores %s, and the staff e-mail directs replies to it', async (email) => {
    await expect(insertAsAnon(db, email)).resolves.toEqual([]);
    const mail = composeNotification(
      {
        enquiry_id: randomUUID(),
        attempt: 1,
        created_at: new Date().toISOString(),
        name: 'Asha',
        email,
        company: null,
        phone: null,
        service: null,
        message: 'Hi',
        office: null,
        visitor_time_zone: null,
        due_at: null,
      },
      { from: { name: 'Website', address: 'website@company.test' }, to: ['staff@company.test'] },
    );
    expect(mail.replyTo?.address).toBe(email);
  });

  it('answers as the notifier does for every code point in the local part and in the host name', everyCodePoint, async () => {
    const codePoints: number[] = [];
    for (let cp = 1; cp <= 0x10ffff; cp += cp < 0x10000 ? 1 : 0xff) if (cp < 0xd800 || cp > 0xdfff) codePoints.push(cp);
    for (let cp = 0xe0000; cp <= 0xe0fff; cp++) codePoints.push(cp);
    const shapes = [(c: string) => `a${c}b@example.com`, (c: string) => `ab@exa${c}mple.com`];
    const addresses = shapes.flatMap((shape) => codePoints.map((cp) => shape(String.fromCodePoint(cp))));
    const { rows } = await db.query<{ email: string; plain: boolean }>(
      'select email, public.contact_submissions_is_plain_address(email) as plain from unnest($1::text[]) as email',
      [addresses],
    );
    expect(rows).toHaveLength(addresses.length);
    const disagreements = rows.filter((row) => row.plain !== isPlainAddress(row.email)).map((row) => JSON.stringify(row.email));
    expect(disagreements).toEqual([]);
    expect(rows.filter((row) => row.plain).length).toBeGreaterThan(100);
  });

  it('has the same length limit as the notifier: 254 characters', async () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.co`;
    expect(at254).toHaveLength(254);
    await expect(insertAsAnon(db, at254)).resolves.toEqual([]);
    await expect(insertAsAnon(db, `a${at254}`)).rejects.toMatchObject({ code: '23514' });
  });

  it('stores at most one of nine invisible variants of one visible mailbox from one network', async () => {
    const local = freshLocal();
    const variants = [
      `${local}@example.com`,
      `${local}\u200b@example.com`,
      `${local}\u00ad@example.com`,
      `${local}@exam\u200cple.com`,
      `${local}\u2060@example.com`,
      `${local}\ufeff@example.com`,
      `${local}\u202e@example.com`,
      `${local}\u0085@example.com`,
      `${local.slice(0, 3)}\u00a0${local.slice(3)}@example.com`,
    ];
    await setRequestHeaders(db, { 'cf-connecting-ip': '203.0.113.9' });
    let stored = 0;
    try {
      for (const email of variants) {
        try {
          await insertAsAnon(db, email);
          stored += 1;
        } catch (error) {
          expect(error).toMatchObject({ code: '23514' });
        }
      }
    } finally {
      await setRequestHeaders(db, null);
    }
    expect(stored).toBe(1);
  });

  it('keys a mailbox without the characters a reader cannot see, and drops nothing visible but the marks of a quoted local part', everyCodePoint, async () => {
    const codePoints: number[] = [];
    for (let cp = 1; cp <= 0x10ffff; cp += cp < 0x10000 ? 1 : 0xff) if (cp < 0xd800 || cp > 0xdfff) codePoints.push(cp);
    for (let cp = 0xe0000; cp <= 0xe0fff; cp++) codePoints.push(cp);
    const { rows } = await db.query<{ cp: number }>(
      `select cp from unnest($1::int[]) as cp where public.contact_submissions_mailbox('a' || chr(cp) || 'b@example.com') = 'ab@example.com'`,
      [codePoints],
    );
    const invisible = /[\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}]/u;
    // Besides the invisible characters, only the quote marks and backslash of a quoted local part ("a\b") are dropped.
    const expected = codePoints.filter((cp) => invisible.test(String.fromCodePoint(cp)) || cp === 0x22 || cp === 0x5c);
    const hex = (cp: number) => `U+${cp.toString(16).toUpperCase()}`;
    expect(rows.map((row) => hex(row.cp))).toEqual(expected.map(hex));
  });
});

describe.each(databaseTargets)('the strict-address migration on $label over stored enquiries', ({ open }) => {
  let db: TestDatabase;
  const local = freshLocal();
  const network = { 'cf-connecting-ip': '192.0.2.99' };
  /** The review's four, which the old shape check let through where the database's locale reads no space in them. */
  const reviewed = ['a\u0085b@b.co', 'a\u00a0b@b.co', 'a@b\u200b.co', '"x"<a@b.co>'];
  const variants = [`${local}\u200b@example.com`, `${local}\u00ad@example.com`, `${local}\u2060@example.com`, `${local}@example.com`];
  const storedBefore: string[] = [];

  beforeAll(async () => {
    db = await open();
    await createSupabaseRoles(db);
    const before = migrationsBefore('20261127090000');
    try {
      await applyMigrations(db, before);
    } finally {
      rmSync(before, { recursive: true });
    }
    await setRequestHeaders(db, network);
    try {
      for (const email of reviewed) {
        try {
          await insertAsAnon(db, email);
          storedBefore.push(email);
        } catch (error) {
          expect(error).toMatchObject({ code: '23514', constraint: 'contact_submissions_email_shape' });
        }
      }
      for (const email of variants) await insertAsAnon(db, email);
      storedBefore.push(...variants);
    } finally {
      await setRequestHeaders(db, null);
    }
    expect(await migrate(db)).toContain('20261127090000');
  });

  afterAll(async () => {
    await db?.close();
  });

  it('keeps the enquiries stored under the old rule', async () => {
    const { rows } = await db.query<{ email: string }>('select email from public.contact_submissions where email = any($1)', [storedBefore]);
    expect(rows.map((row) => row.email).sort()).toEqual([...storedBefore].sort());
  });

  it('counts the invisible variants stored in the window as their visible mailbox: the fifth is refused', async () => {
    await setRequestHeaders(db, network);
    try {
      await expect(insertAsAnon(db, `${local}+a@example.com`)).resolves.toEqual([]);
      await expect(insertAsAnon(db, `${local}+b@example.com`)).rejects.toMatchObject({ code: 'P0001', message: rateLimitMessages.email });
    } finally {
      await setRequestHeaders(db, null);
    }
  });

  it('refuses new enquiries like the old ones', async () => {
    expect(storedBefore).toContain('a@b\u200b.co');
    for (const email of [...reviewed, ...variants.slice(0, 3)]) await expect(insertAsAnon(db, email)).rejects.toMatchObject({ code: '23514' });
  });
});
