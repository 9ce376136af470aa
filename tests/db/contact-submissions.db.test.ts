import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressRetentionDays, enquiryLimits, rateLimitMessages, serviceChoices } from '../../src/config/enquiry.ts';
import { hasVisibleText, visibleCharacter } from '../../src/enquiry/visible-text.ts';
import type { EnquiryRow } from '../../src/enquiry/enquiry.ts';
import { migrationsDir } from '../../scripts/local-backend/repo-paths.ts';
import { applyMigrations } from '../../scripts/local-backend/migrations.ts';
import {
  createSupabaseRoles,
  databaseTargets,
  migrate,
  oldPermissiveDefaults,
  openMigrated,
  openThrowawayPostgres,
  postgresOnly,
  queryAs,
  setRequestHeaders,
  type TestDatabase,
} from './support/test-databases.ts';

const insertSql = `insert into public.contact_submissions (id, name, email, company, phone, service, message)
  values ($1, $2, $3, $4, $5, $6, $7)`;

/** The form's row, with any text as the service, so the table's own check on it can be tested. */
type Submission = Omit<EnquiryRow, 'service'> & { service: string | null };

let emailCounter = 0;
function uniqueEmail(): string {
  emailCounter += 1;
  return `visitor${emailCounter}.${randomUUID().slice(0, 8)}@example.com`;
}

function submission(overrides: Omit<Partial<Submission>, 'office' | 'visitor_time_zone'> = {}): Submission {
  return {
    id: randomUUID(),
    name: 'Asha Rao',
    email: uniqueEmail(),
    company: 'Acme Pvt Ltd',
    phone: '+91 (120) 555-0142',
    service: 'Cloud Infrastructure',
    message: 'We would like to move our ERP to the cloud.',
    office: null,
    visitor_time_zone: null,
    ...overrides,
  };
}

function insertAsAnon(db: TestDatabase, row: Submission) {
  return queryAs(db, 'anon', insertSql, [row.id, row.name, row.email, row.company, row.phone, row.service, row.message]);
}

/** The functions in schema public that `role` may execute, by name. */
async function executableBy(db: TestDatabase, role: 'anon' | 'authenticated'): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select p.proname as name from pg_proc p
     where p.pronamespace = 'public'::regnamespace and has_function_privilege($1, p.oid, 'execute')
     order by p.proname`,
    [role],
  );
  return rows.map((row) => row.name);
}

/** What an insert as anon needs to execute itself: the generated columns' and the checks' helpers. */
const insertPathHelpers = [
  'contact_submissions_has_visible_text',
  'contact_submissions_is_plain_address',
  'contact_submissions_mailbox',
  'contact_submissions_network',
];

/** Moves every stored enquiry 11 minutes into the past, as if the rate-limit window had passed. */
async function letRateWindowPass(db: TestDatabase): Promise<void> {
  await db.exec(`update public.contact_submissions set created_at = created_at - interval '11 minutes'`);
}

describe.each(databaseTargets)('contact_submissions on $label', ({ open }) => {
  let db: TestDatabase;

  beforeAll(async () => {
    ({ db } = await openMigrated(open));
  });

  afterAll(async () => {
    await db?.close();
  });

  describe('an anonymous visitor', () => {
    it('can insert an enquiry with every field filled', async () => {
      const row = submission();
      await insertAsAnon(db, row);
      const stored = await db.query<Submission>('select * from public.contact_submissions where id = $1', [row.id]);
      expect(stored.rows).toHaveLength(1);
      expect(stored.rows[0]).toMatchObject(row);
    });

    it('can insert an enquiry with the optional fields null', async () => {
      await expect(insertAsAnon(db, submission({ company: null, phone: null, service: null }))).resolves.toEqual([]);
    });

    it('cannot read enquiries', async () => {
      await expect(queryAs(db, 'anon', 'select * from public.contact_submissions')).rejects.toMatchObject({
        code: '42501',
      });
    });

    it('cannot read back its own insert with RETURNING', async () => {
      const row = submission();
      const sql = `${insertSql} returning id`;
      await expect(queryAs(db, 'anon', sql, [row.id, row.name, row.email, row.company, row.phone, row.service, row.message])).rejects.toMatchObject({
        code: '42501',
      });
    });

    it('cannot update enquiries', async () => {
      await expect(queryAs(db, 'anon', `update public.contact_submissions set name = 'x'`)).rejects.toMatchObject({
        code: '42501',
      });
    });

    it('cannot delete enquiries', async () => {
      await expect(queryAs(db, 'anon', 'delete from public.contact_submissions')).rejects.toMatchObject({
        code: '42501',
      });
    });

    it('cannot truncate the table', async () => {
      await expect(queryAs(db, 'anon', 'truncate public.contact_submissions')).rejects.toMatchObject({
        code: '42501',
      });
    });

    it('cannot set the server-side columns created_at and client_address', async () => {
      const row = submission();
      await expect(
        queryAs(db, 'anon', `insert into public.contact_submissions (name, email, message, created_at) values ($1, $2, $3, now())`, [
          row.name,
          row.email,
          row.message,
        ]),
      ).rejects.toMatchObject({ code: '42501' });
      await expect(
        queryAs(db, 'anon', `insert into public.contact_submissions (name, email, message, client_address) values ($1, $2, $3, '1.2.3.4')`, [
          row.name,
          row.email,
          row.message,
        ]),
      ).rejects.toMatchObject({ code: '42501' });
    });

    it('cannot call the rate-limit function directly', async () => {
      const { rows } = await db.query<{ allowed: boolean }>(
        `select has_function_privilege('anon', 'public.contact_submissions_rate_limit()', 'execute') as allowed`,
      );
      expect(rows[0]?.allowed).toBe(false);
    });

    it('can execute only the helpers its insert needs, and not the client-address parser', async () => {
      expect(await executableBy(db, 'anon')).toEqual(insertPathHelpers);
      expect(await executableBy(db, 'authenticated')).toEqual([]);
      await expect(queryAs(db, 'anon', `select public.contact_submissions_client_address('192.0.2.1')`)).rejects.toMatchObject({ code: '42501' });
    });

    it('gets a unique violation when inserting the same id twice, so a retry never stores a duplicate', async () => {
      const row = submission();
      await insertAsAnon(db, row);
      await expect(insertAsAnon(db, { ...row, email: uniqueEmail() })).rejects.toMatchObject({ code: '23505' });
    });
  });

  describe('other roles', () => {
    it('refuses inserts and reads by a signed-in (authenticated) user', async () => {
      const row = submission();
      await expect(queryAs(db, 'authenticated', insertSql, [row.id, row.name, row.email, null, null, null, row.message])).rejects.toMatchObject({
        code: '42501',
      });
      await expect(queryAs(db, 'authenticated', 'select * from public.contact_submissions')).rejects.toMatchObject({
        code: '42501',
      });
    });

    it('lets the company (service_role) read and delete enquiries', async () => {
      const row = submission();
      await insertAsAnon(db, row);
      const read = await queryAs<{ email: string }>(db, 'service_role', 'select email from public.contact_submissions where id = $1', [row.id]);
      expect(read).toEqual([{ email: row.email }]);
      await queryAs(db, 'service_role', 'delete from public.contact_submissions where id = $1', [row.id]);
      const { rows } = await db.query('select 1 from public.contact_submissions where id = $1', [row.id]);
      expect(rows).toEqual([]);
    });
  });

  describe('field rules', () => {
    it('accepts every field at its maximum length', async () => {
      const local = 'a'.repeat(enquiryLimits.email.max - '@example.com'.length - 4);
      await insertAsAnon(
        db,
        submission({
          name: 'n'.repeat(enquiryLimits.name.max),
          email: `${local}${String(emailCounter++).padStart(4, '0')}@example.com`,
          company: 'c'.repeat(enquiryLimits.company.max),
          phone: '1'.repeat(enquiryLimits.phone.max),
          message: 'm'.repeat(enquiryLimits.message.max),
        }),
      );
    });

    it.each([
      ['a blank name', { name: '   ' }, 'contact_submissions_name_length'],
      ['a name over the limit', { name: 'n'.repeat(enquiryLimits.name.max + 1) }, 'contact_submissions_name_length'],
      [
        'an email over the limit',
        { email: `${'a'.repeat(enquiryLimits.email.max - '@example.com'.length + 1)}@example.com` },
        'contact_submissions_email_length',
      ],
      ['an email without @', { email: 'visitor.example.com' }, 'contact_submissions_email_plain'],
      ['an email without a domain dot', { email: 'visitor@example' }, 'contact_submissions_email_plain'],
      ['an email with a space', { email: 'a visitor@example.com' }, 'contact_submissions_email_plain'],
      ['a blank company', { company: '  ' }, 'contact_submissions_company_length'],
      ['a company over the limit', { company: 'c'.repeat(enquiryLimits.company.max + 1) }, 'contact_submissions_company_length'],
      ['a phone number over the limit', { phone: '1'.repeat(enquiryLimits.phone.max + 1) }, 'contact_submissions_phone_length'],
      ['a phone number with letters', { phone: 'call me 123' }, 'contact_submissions_phone_characters'],
      ['a phone number without digits', { phone: '+()-' }, 'contact_submissions_phone_characters'],
      ['a service outside the list', { service: 'Web Design' }, 'contact_submissions_service_choice'],
      ['a service in the wrong case', { service: 'it consulting' }, 'contact_submissions_service_choice'],
      ['a blank message', { message: ' \n ' }, 'contact_submissions_message_length'],
      ['a message over the limit', { message: 'm'.repeat(enquiryLimits.message.max + 1) }, 'contact_submissions_message_length'],
    ])('rejects %s', async (_label, overrides, constraint) => {
      await expect(insertAsAnon(db, submission(overrides))).rejects.toMatchObject({ code: '23514', constraint });
    });

    it.each([['name'], ['email'], ['message']] as const)('requires %s', async (field) => {
      await expect(insertAsAnon(db, submission({ [field]: null as unknown as string }))).rejects.toMatchObject({
        code: '23502',
      });
    });

    it.each(serviceChoices.map((choice) => [choice]))('accepts the service choice %s', async (service) => {
      await expect(insertAsAnon(db, submission({ service }))).resolves.toEqual([]);
    });
  });

  describe('rate limits', () => {
    /** Tries `count` inserts as anon through the API with these request headers; returns how many were stored. */
    async function stored(count: number, row: (i: number) => Submission, headers: (i: number) => Record<string, string>): Promise<number> {
      let accepted = 0;
      try {
        for (let i = 0; i < count; i++) {
          await setRequestHeaders(db, headers(i));
          try {
            await insertAsAnon(db, row(i));
            accepted += 1;
          } catch (error) {
            expect(error).toMatchObject({ code: 'P0001' });
          }
        }
      } finally {
        await setRequestHeaders(db, null);
      }
      return accepted;
    }

    let network = 0;
    /** A fresh IPv4 address per call, from the documentation ranges, so tests never share an allowance. */
    const freshAddress = () => {
      network += 1;
      return `198.51.${Math.floor(network / 250) % 250}.${(network % 250) + 1}`;
    };
    const from = (address: string) => () => ({ 'cf-connecting-ip': address });
    // 1,000 inserts or more as anon through the rate-limit trigger, one after another: 3 to 4 s on PGlite here, many
    // times that on a loaded 2-core machine.
    const thousandInserts = { timeout: 120_000 };

    it('raises the messages the form recognises', async () => {
      const email = uniqueEmail();
      const address = freshAddress();
      expect(await stored(5, () => submission({ email }), from(address))).toBe(5);
      await setRequestHeaders(db, { 'cf-connecting-ip': address });
      await expect(insertAsAnon(db, submission({ email }))).rejects.toMatchObject({ code: 'P0001', message: rateLimitMessages.email });
      await setRequestHeaders(db, null);
      const busy = freshAddress();
      expect(await stored(21, () => submission(), from(busy))).toBe(20);
      await setRequestHeaders(db, { 'cf-connecting-ip': busy });
      await expect(insertAsAnon(db, submission())).rejects.toMatchObject({ code: 'P0001', message: rateLimitMessages.network });
      await setRequestHeaders(db, null);
    });

    it('counts one mailbox whatever its letter case or a +tag: 5 of 11 stored', async () => {
      const [local, domain] = uniqueEmail().split('@') as [string, string];
      const variants = [
        `${local}@${domain}`,
        `${local.toUpperCase()}@${domain.toUpperCase()}`,
        `${local}+0@${domain}`,
        `${local}+1@${domain}`,
        `${local}+2@${domain}`,
        ...Array.from({ length: 6 }, (_, i) => `${local}+spam${i}@${domain}`),
      ];
      expect(await stored(variants.length, (i) => submission({ email: variants[i]! }), from(freshAddress()))).toBe(5);
      const { rows } = await db.query<{ email: string }>('select email from public.contact_submissions where email_mailbox = $1 order by created_at', [
        `${local}@${domain}`,
      ]);
      expect(rows.map((row) => row.email)).toEqual(variants.slice(0, 5)); // stored as typed
    });

    // Quoted local parts and a trailing dot are refused outright since 20261127090000_strict_email_addresses.sql.
    it("counts Gmail's dots and googlemail.com as the same mailbox: 5 of 9 stored", async () => {
      const local = `visitor${(emailCounter += 1)}x${randomUUID().slice(0, 6).replace(/[0-9]/g, 'q')}`;
      const dotted = local.split('').join('.');
      const variants = [
        `${local}@gmail.com`,
        `${dotted}@gmail.com`,
        `${local}@googlemail.com`,
        `${local.toUpperCase()}@Gmail.com`,
        `${local}+tag@gmail.com`,
        `${local.slice(0, 2)}.${local.slice(2)}@gmail.com`,
        `${dotted}@googlemail.com`,
        `${local.slice(0, 3)}.${local.slice(3)}+x@GoogleMail.com`,
        `${dotted.toUpperCase()}@gmail.com`,
      ];
      expect(await stored(variants.length, (i) => submission({ email: variants[i]! }), from(freshAddress()))).toBe(5);
    });

    it.each([
      ['a.b.c@gmail.com', 'abc@gmail.com'],
      ['abc@googlemail.com', 'abc@gmail.com'],
      ['ABC@Gmail.com', 'abc@gmail.com'],
      ['abc+tag@gmail.com', 'abc@gmail.com'],
      ['"abc"@gmail.com', 'abc@gmail.com'],
      ['"a.b"@example.com', 'a.b@example.com'],
      ['a.b@example.com', 'a.b@example.com'],
      ['"a.b+tag"@Example.com.', 'a.b@example.com'],
      ['a.b@gmail.co', 'a.b@gmail.co'],
    ])('keys %s as the mailbox %s', async (email, mailbox) => {
      const { rows } = await db.query<{ mailbox: string }>('select public.contact_submissions_mailbox($1) as mailbox', [email]);
      expect(rows).toEqual([{ mailbox }]);
    });

    it('lets the window pass, then the mailbox may write again', async () => {
      const email = uniqueEmail();
      const address = freshAddress();
      expect(await stored(6, () => submission({ email }), from(address))).toBe(5);
      await letRateWindowPass(db);
      expect(await stored(1, () => submission({ email }), from(address))).toBe(1);
    });

    it('does not let forged enquiries from another network lock a prospect out', async () => {
      const prospect = uniqueEmail();
      // Someone else sends five enquiries in the prospect's name…
      expect(await stored(7, () => submission({ email: prospect }), from(freshAddress()))).toBe(5);
      // …and the prospect, from their own network, can still write, up to their own five.
      expect(await stored(6, () => submission({ email: prospect }), from(freshAddress()))).toBe(5);
    });

    it('counts an IPv6 /64 as one network: 40 addresses inside it, 20 stored; 1,000 more, none', thousandInserts, async () => {
      const prefix = `2001:db8:${(network += 1).toString(16)}:7`;
      expect(
        await stored(
          40,
          () => submission(),
          (i) => ({ 'cf-connecting-ip': `${prefix}::${(i + 1).toString(16)}` }),
        ),
      ).toBe(20);
      expect(
        await stored(
          1000,
          () => submission(),
          (i) => ({ 'cf-connecting-ip': `${prefix}:${i.toString(16)}:1:2:3` }),
        ),
      ).toBe(0);
      // The neighbouring /64 is another line.
      expect(
        await stored(
          1,
          () => submission(),
          () => ({ 'cf-connecting-ip': `2001:db8:${network.toString(16)}:8::1` }),
        ),
      ).toBe(1);
    });

    it('1,000 requests from one /64 store at most 20', thousandInserts, async () => {
      const prefix = `2001:db8:${(network += 1).toString(16)}:9`;
      expect(
        await stored(
          1000,
          () => submission(),
          (i) => ({ 'cf-connecting-ip': `${prefix}::${(i + 1).toString(16)}` }),
        ),
      ).toBe(20);
    });

    it('never reads x-forwarded-for: 1,000 requests rotating its first entry store at most 20', thousandInserts, async () => {
      await letRateWindowPass(db); // requests without a trusted address share one allowance with other such rows
      const rotated = (i: number) => ({ 'x-forwarded-for': `203.0.113.${(i % 250) + 1}, 10.0.0.1` });
      expect(await stored(1000, () => submission(), rotated)).toBe(20);
      const withEdgeAddress = freshAddress();
      expect(
        await stored(
          25,
          () => submission(),
          (i) => ({ ...rotated(i), 'cf-connecting-ip': withEdgeAddress }),
        ),
      ).toBe(20);
    });

    it('counts one address however it is written', async () => {
      const [a, b, c, d] = freshAddress().split('.') as [string, string, string, string];
      const forms = [
        `${a}.${b}.${c}.${d}`,
        `::ffff:${a}.${b}.${c}.${d}`,
        `${a.padStart(3, '0')}.${b.padStart(3, '0')}.${c.padStart(3, '0')}.${d.padStart(3, '0')}`,
        `${a}.${b}.${c}.${d}:51234`,
        `[::ffff:${a}.${b}.${c}.${d}]:443`,
        ` ${a}.${b}.${c}.${d} `,
        `::FFFF:${Number(a).toString(16).padStart(2, '0')}${Number(b).toString(16).padStart(2, '0')}:${Number(c).toString(16).padStart(2, '0')}${Number(d).toString(16).padStart(2, '0')}`,
      ];
      const ids: string[] = [];
      expect(
        await stored(
          30,
          () => {
            const row = submission();
            ids.push(row.id);
            return row;
          },
          (i) => ({ 'cf-connecting-ip': forms[i % forms.length]! }),
        ),
      ).toBe(20);
      const { rows } = await db.query<{ client_address: string }>('select distinct client_address::text from public.contact_submissions where id = any($1)', [
        ids,
      ]);
      expect(rows).toEqual([{ client_address: `${a}.${b}.${c}.${d}/32` }]);
    });

    it('stores no address for a value that is not one, and counts such requests together', async () => {
      await letRateWindowPass(db);
      const junk = ['', 'unknown', '1.2.3.4, 5.6.7.8', '10.0.0.0/8', '999.1.1.1', '<script>'];
      expect(
        await stored(
          25,
          () => submission(),
          (i) => ({ 'cf-connecting-ip': junk[i % junk.length]! }),
        ),
      ).toBe(20);
    });

    it('lets a retry of the enquiry that reached the limit fail as already stored, not as rate-limited', async () => {
      const email = uniqueEmail();
      const rows = Array.from({ length: 5 }, () => submission({ email }));
      for (const row of rows) await insertAsAnon(db, row);
      await expect(insertAsAnon(db, rows[4]!)).rejects.toMatchObject({ code: '23505' });
      await expect(insertAsAnon(db, submission({ email }))).rejects.toMatchObject({ code: 'P0001' });
    });
  });

  describe('text that carries content', () => {
    it.each([
      ['a name of zero-width spaces', { name: '\u200b\u200b\u200b' }, 'contact_submissions_name_visible'],
      ['a name of no-break spaces', { name: '\u00a0\u00a0' }, 'contact_submissions_name_visible'],
      ['a name of ideographic spaces and a BOM', { name: '\u3000\ufeff' }, 'contact_submissions_name_visible'],
      ['a name of Hangul fillers', { name: '\u3164\u115f' }, 'contact_submissions_name_visible'],
      ['a company of word joiners', { company: '\u2060\u2060' }, 'contact_submissions_company_visible'],
      ['a message of direction marks and tabs', { message: '\u200e\u200f\t\u202e' }, 'contact_submissions_message_visible'],
      ['a message of control characters', { message: '\u0007\u001b\u0085' }, 'contact_submissions_message_visible'],
      ['a message of variation selectors and tag characters', { message: '\ufe0f\u{e0041}\u{e007f}' }, 'contact_submissions_message_visible'],
      ['a name of a lone combining mark', { name: '\u0300' }, 'contact_submissions_name_visible'],
      ['a name of combining marks on spaces', { name: ' \u0301 \u0308\u20dd' }, 'contact_submissions_name_visible'],
      ['a name of a lone vowel sign', { name: '\u093f' }, 'contact_submissions_name_visible'],
      ['a name of a full stop', { name: '.' }, 'contact_submissions_name_visible'],
      ['a name of punctuation', { name: '...-' }, 'contact_submissions_name_visible'],
      ['a company of a dash', { company: '\u2014' }, 'contact_submissions_company_visible'],
      ['a message of punctuation and combining marks', { message: '?!\u0300\u0336' }, 'contact_submissions_message_visible'],
    ])('rejects %s', async (_label, overrides, constraint) => {
      await expect(insertAsAnon(db, submission(overrides))).rejects.toMatchObject({ code: '23514', constraint });
    });

    it.each([
      ['सुनीता शर्मा'],
      ['李小龙'],
      ['李'],
      ['محمد'],
      ['Zoë'],
      ['Zoe\u0308'],
      ["O'Brien"],
      ['O’Brien'],
      ['Ἀλέξανδρος'],
      ['Жанна'],
      ['이서연'],
      ['ชาญ'],
      ['X Æ A-12'],
      ['7'],
      ['R2-D2'],
    ])('accepts the name %s', async (name) => {
      await expect(insertAsAnon(db, submission({ name }))).resolves.toEqual([]);
    });

    it('counts exactly the characters src/enquiry/visible-text.ts counts as visible, at both edges of every range', async () => {
      const ranges: [number, number][] = [];
      for (let cp = 1; cp <= 0x10ffff; cp++) {
        if (cp >= 0xd800 && cp <= 0xdfff) continue;
        if (visibleCharacter.test(String.fromCodePoint(cp))) {
          const last = ranges.at(-1);
          if (last && last[1] === cp - 1) last[1] = cp;
          else ranges.push([cp, cp]);
        }
      }
      const probes = [...new Set(ranges.flatMap(([first, last]) => [first - 1, first, last, last + 1]))].filter(
        (cp) => cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff),
      );
      const { rows } = await db.query<{ cp: number; visible: boolean }>(
        'select cp, public.contact_submissions_has_visible_text(chr(cp)) as visible from unnest($1::int[]) as cp',
        [probes],
      );
      const mismatches = rows.filter((row) => row.visible !== hasVisibleText(String.fromCodePoint(row.cp)));
      expect(mismatches.map((row) => `U+${row.cp.toString(16).toUpperCase()}`)).toEqual([]);
    });
  });

  describe('retention of the client address', () => {
    it(`clears addresses older than ${clientAddressRetentionDays} days and keeps the enquiry and newer addresses`, async () => {
      const old = submission();
      const recent = submission();
      await setRequestHeaders(db, { 'cf-connecting-ip': '192.0.2.10' });
      try {
        await insertAsAnon(db, old);
        await insertAsAnon(db, recent);
      } finally {
        await setRequestHeaders(db, null);
      }
      await db.query(`update public.contact_submissions set created_at = now() - make_interval(days => $2) - interval '1 minute' where id = $1`, [
        old.id,
        clientAddressRetentionDays,
      ]);
      await db.query(`update public.contact_submissions set created_at = now() - make_interval(days => $2) + interval '1 hour' where id = $1`, [
        recent.id,
        clientAddressRetentionDays,
      ]);
      const [{ cleared }] = (await db.query<{ cleared: number }>('select public.contact_submissions_forget_client_addresses() as cleared')).rows as [
        { cleared: number },
      ];
      expect(cleared).toBeGreaterThanOrEqual(1);
      const { rows } = await db.query<{ id: string; client_address: string | null; name: string }>(
        'select id, client_address::text, name from public.contact_submissions where id = any($1)',
        [[old.id, recent.id]],
      );
      expect(rows.find((row) => row.id === old.id)).toMatchObject({ client_address: null, name: old.name });
      expect(rows.find((row) => row.id === recent.id)).toMatchObject({ client_address: '192.0.2.10/32' });
    });

    it('is run by staff or the scheduler, never by a visitor', async () => {
      await expect(queryAs(db, 'anon', 'select public.contact_submissions_forget_client_addresses()')).rejects.toMatchObject({ code: '42501' });
      await expect(queryAs(db, 'service_role', 'select public.contact_submissions_forget_client_addresses()')).resolves.toHaveLength(1);
    });
  });

  describe('the migration', () => {
    it('is recorded, so applying the migrations again changes nothing', async () => {
      await expect(migrate(db)).resolves.toEqual([]);
    });
  });
});

describe.each(databaseTargets)('the migration on $label with the old permissive Supabase defaults', ({ open }) => {
  let db: TestDatabase;

  beforeAll(async () => {
    const opened = await openMigrated(open, oldPermissiveDefaults);
    db = opened.db;
    expect(opened.applied).toHaveLength(readdirSync(migrationsDir).filter((file) => file.endsWith('.sql')).length);
  });

  afterAll(async () => {
    await db?.close();
  });

  it('still lets anon insert', async () => {
    await expect(insertAsAnon(db, submission())).resolves.toEqual([]);
  });

  it('still refuses anon reads, updates and deletes', async () => {
    for (const sql of [
      'select * from public.contact_submissions',
      `update public.contact_submissions set name = 'x'`,
      'delete from public.contact_submissions',
    ]) {
      await expect(queryAs(db, 'anon', sql)).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('leaves anon only column-level INSERT on the client-supplied columns', async () => {
    const { rows } = await db.query<{ privilege: string }>(
      `select privilege_type as privilege from information_schema.role_table_grants
       where table_name = 'contact_submissions' and grantee in ('anon', 'authenticated')`,
    );
    expect(rows).toEqual([]);
    const columns = await db.query<{ column_name: string }>(
      `select column_name from information_schema.column_privileges
       where table_name = 'contact_submissions' and grantee = 'anon' and privilege_type = 'INSERT'
       order by column_name`,
    );
    expect(columns.rows.map((r) => r.column_name)).toEqual(['company', 'email', 'id', 'message', 'name', 'office', 'phone', 'service', 'visitor_time_zone']);
  });

  it('leaves anon only the helpers its insert needs, and authenticated none', async () => {
    expect(await executableBy(db, 'anon')).toEqual(insertPathHelpers);
    expect(await executableBy(db, 'authenticated')).toEqual([]);
  });

  it('refuses anon and authenticated a call of the client-address parser', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(queryAs(db, role, `select public.contact_submissions_client_address('192.0.2.1')`)).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('does not let anon execute the rate-limit function', async () => {
    const { rows } = await db.query<{ allowed: boolean }>(
      `select has_function_privilege('anon', 'public.contact_submissions_rate_limit()', 'execute') as allowed`,
    );
    expect(rows[0]?.allowed).toBe(false);
  });
});

/** A folder holding the migrations before `version`, to set up a database as it was before that migration. */
function migrationsBefore(version: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-before-'));
  for (const file of readdirSync(migrationsDir).filter((name) => name.endsWith('.sql') && name < version)) {
    copyFileSync(join(migrationsDir, file), join(dir, file));
  }
  return dir;
}

describe.each(databaseTargets)('the edge-case migration on $label over stored enquiries', ({ open }) => {
  let db: TestDatabase;
  const local = `prospect${randomUUID().slice(0, 6).replace(/[0-9]/g, 'z')}`;
  const variants = [
    `${local}@gmail.com`,
    `${local.slice(0, 4)}.${local.slice(4)}@gmail.com`,
    `${local}@googlemail.com`,
    `"${local}"@gmail.com`,
    `${local}+a@gmail.com`,
  ];
  const stale = submission({ name: '.' });

  beforeAll(async () => {
    db = await open();
    await createSupabaseRoles(db);
    const before = migrationsBefore('20261126090000');
    const upTo = migrationsBefore('20261126090001');
    try {
      await applyMigrations(db, before);
    } finally {
      rmSync(before, { recursive: true });
    }
    await setRequestHeaders(db, { 'cf-connecting-ip': '192.0.2.77' });
    try {
      for (const email of variants) await insertAsAnon(db, submission({ email }));
      await insertAsAnon(db, stale);
    } finally {
      await setRequestHeaders(db, null);
    }
    try {
      expect(await applyMigrations(db, upTo)).toEqual(['20261126090000']);
    } finally {
      rmSync(upTo, { recursive: true });
    }
  });

  afterAll(async () => {
    await db?.close();
  });

  it('recounts the mailbox variants stored in the window: the next one is refused', async () => {
    const { rows } = await db.query<{ email_mailbox: string }>('select distinct email_mailbox from public.contact_submissions where email = any($1)', [
      variants,
    ]);
    expect(rows).toEqual([{ email_mailbox: `${local}@gmail.com` }]);
    await setRequestHeaders(db, { 'cf-connecting-ip': '192.0.2.77' });
    try {
      await expect(insertAsAnon(db, submission({ email: `${local}+b@gmail.com` }))).rejects.toMatchObject({ code: 'P0001', message: rateLimitMessages.email });
    } finally {
      await setRequestHeaders(db, null);
    }
  });

  it('keeps enquiries stored under the old text rule, and refuses new ones like them', async () => {
    const { rows } = await db.query('select name from public.contact_submissions where id = $1', [stale.id]);
    expect(rows).toEqual([{ name: '.' }]);
    await expect(insertAsAnon(db, submission({ name: '.' }))).rejects.toMatchObject({ code: '23514', constraint: 'contact_submissions_name_visible' });
  });
});

/**
 * The scheduled clearing of client addresses, on PostgreSQL with pg_cron preloaded for the database named in
 * PG_CRON_DATABASE (.ci/run sets both up; elsewhere this is skipped and the migration says pg_cron is missing).
 */
const cronDatabase = process.env.PG_CRON_DATABASE;
describe('the retention job on PostgreSQL with pg_cron', postgresOnly({ cron: true }), () => {
  let db: TestDatabase;

  beforeAll(async () => {
    ({ db } = await openMigrated(() => openThrowawayPostgres(process.env.DATABASE_URL!, cronDatabase)));
  });

  afterAll(async () => {
    await db?.close();
  });

  it('is scheduled daily by the migration', async () => {
    const { rows } = await db.query<{ schedule: string; command: string }>(
      `select schedule, command from cron.job where jobname = 'contact-submissions-forget-client-addresses'`,
    );
    expect(rows).toEqual([{ schedule: '30 2 * * *', command: 'select public.contact_submissions_forget_client_addresses()' }]);
  });

  it('has the staff notifier woken every minute as a safety net', async () => {
    const { rows } = await db.query<{ schedule: string; command: string }>(
      `select schedule, command from cron.job where jobname = 'notify-enquiry-safety-net'`,
    );
    expect(rows).toEqual([{ schedule: '* * * * *', command: 'select public.wake_enquiry_notifier(true)' }]);
  });

  it('wakes the notifier every minute for reminders and the digest, and does nothing here without pg_net', async () => {
    const { rows } = await db.query<{ schedule: string; command: string }>(`select schedule, command from cron.job where jobname = 'enquiry-reminders'`);
    expect(rows).toEqual([{ schedule: '* * * * *', command: 'select public.wake_enquiry_reminders()' }]);
    await db.exec(rows[0]!.command);
  });

  it('clears what is older than 30 days when its command runs', async () => {
    const row = submission();
    await setRequestHeaders(db, { 'cf-connecting-ip': '2001:db8::42' });
    try {
      await insertAsAnon(db, row);
    } finally {
      await setRequestHeaders(db, null);
    }
    await db.query(`update public.contact_submissions set created_at = now() - interval '40 days' where id = $1`, [row.id]);
    const [job] = (await db.query<{ command: string }>(`select command from cron.job where jobname = 'contact-submissions-forget-client-addresses'`)).rows;
    await db.exec(job!.command);
    const { rows } = await db.query('select client_address from public.contact_submissions where id = $1', [row.id]);
    expect(rows).toEqual([{ client_address: null }]);
  });
});
