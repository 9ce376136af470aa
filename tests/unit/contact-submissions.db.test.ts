import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiryLimits, serviceChoices } from '../../src/config/enquiry.ts';
import type { EnquiryRow } from '../../src/lib/enquiry.ts';
import { migrationsDir } from '../../scripts/lib/repo-paths.ts';
import {
  createSupabaseRoles,
  databaseTargets,
  migrate,
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

function submission(overrides: Partial<Submission> = {}): Submission {
  return {
    id: randomUUID(),
    name: 'Asha Rao',
    email: uniqueEmail(),
    company: 'Acme Pvt Ltd',
    phone: '+91 (120) 555-0142',
    service: 'Cloud Infrastructure',
    message: 'We would like to move our ERP to the cloud.',
    ...overrides,
  };
}

function insertAsAnon(db: TestDatabase, row: Submission) {
  return queryAs(db, 'anon', insertSql, [row.id, row.name, row.email, row.company, row.phone, row.service, row.message]);
}

/** Moves every stored enquiry 11 minutes into the past, as if the rate-limit window had passed. */
async function letRateWindowPass(db: TestDatabase): Promise<void> {
  await db.exec(`update public.contact_submissions set created_at = created_at - interval '11 minutes'`);
}

describe.each(databaseTargets)('contact_submissions on $label', ({ open }) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await open();
    await createSupabaseRoles(db);
    await migrate(db);
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
      await expect(
        queryAs(db, 'anon', sql, [row.id, row.name, row.email, row.company, row.phone, row.service, row.message]),
      ).rejects.toMatchObject({ code: '42501' });
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

    it('gets a unique violation when inserting the same id twice, so a retry never stores a duplicate', async () => {
      const row = submission();
      await insertAsAnon(db, row);
      await expect(insertAsAnon(db, { ...row, email: uniqueEmail() })).rejects.toMatchObject({ code: '23505' });
    });
  });

  describe('other roles', () => {
    it('refuses inserts and reads by a signed-in (authenticated) user', async () => {
      const row = submission();
      await expect(
        queryAs(db, 'authenticated', insertSql, [row.id, row.name, row.email, null, null, null, row.message]),
      ).rejects.toMatchObject({ code: '42501' });
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
      ['an email without @', { email: 'visitor.example.com' }, 'contact_submissions_email_shape'],
      ['an email without a domain dot', { email: 'visitor@example' }, 'contact_submissions_email_shape'],
      ['an email with a space', { email: 'a visitor@example.com' }, 'contact_submissions_email_shape'],
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
    it('allows 5 enquiries per email address in 10 minutes, whatever the letter case, then refuses', async () => {
      const email = uniqueEmail();
      for (const variant of [email, email.toUpperCase(), email, email, email]) {
        await insertAsAnon(db, submission({ email: variant }));
      }
      await expect(insertAsAnon(db, submission({ email }))).rejects.toMatchObject({
        code: 'P0001',
        message: 'Too many enquiries from this email address, please try again later',
      });
      await expect(insertAsAnon(db, submission())).resolves.toEqual([]);

      await letRateWindowPass(db);
      await expect(insertAsAnon(db, submission({ email }))).resolves.toEqual([]);
    });

    it('lets a retry of the enquiry that reached the limit fail as already stored, not as rate-limited', async () => {
      const email = uniqueEmail();
      const rows = Array.from({ length: 5 }, () => submission({ email }));
      for (const row of rows) await insertAsAnon(db, row);
      await expect(insertAsAnon(db, rows[4]!)).rejects.toMatchObject({ code: '23505' });
      await expect(insertAsAnon(db, submission({ email }))).rejects.toMatchObject({ code: 'P0001' });
    });

    it('allows 20 enquiries per client address in 10 minutes, then refuses', async () => {
      const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      try {
        await setRequestHeaders(db, { 'x-forwarded-for': `${address}, 10.0.0.1` });
        for (let i = 0; i < 20; i++) await insertAsAnon(db, submission());
        await expect(insertAsAnon(db, submission())).rejects.toMatchObject({
          code: 'P0001',
          message: 'Too many enquiries from this address, please try again later',
        });

        await setRequestHeaders(db, { 'x-forwarded-for': '203.0.113.99' });
        await expect(insertAsAnon(db, submission())).resolves.toEqual([]);

        await setRequestHeaders(db, { 'x-forwarded-for': address });
        await letRateWindowPass(db);
        await expect(insertAsAnon(db, submission())).resolves.toEqual([]);
      } finally {
        await setRequestHeaders(db, null);
      }
    });

    it('keys the address limit on cf-connecting-ip, which clients cannot forge, before x-forwarded-for', async () => {
      const row = submission();
      try {
        await setRequestHeaders(db, { 'cf-connecting-ip': '192.0.2.44', 'x-forwarded-for': '6.6.6.6' });
        await insertAsAnon(db, row);
      } finally {
        await setRequestHeaders(db, null);
      }
      const { rows } = await db.query<{ client_address: string }>(
        'select client_address from public.contact_submissions where id = $1',
        [row.id],
      );
      expect(rows).toEqual([{ client_address: '192.0.2.44' }]);
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
    db = await open();
    await createSupabaseRoles(db);
    await db.exec(`
      alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
      alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
      alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
    `);
    expect(await migrate(db)).toHaveLength(readdirSync(migrationsDir).filter((file) => file.endsWith('.sql')).length);
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
    expect(columns.rows.map((r) => r.column_name)).toEqual(['company', 'email', 'id', 'message', 'name', 'phone', 'service']);
  });

  it('does not let anon execute the rate-limit function', async () => {
    const { rows } = await db.query<{ allowed: boolean }>(
      `select has_function_privilege('anon', 'public.contact_submissions_rate_limit()', 'execute') as allowed`,
    );
    expect(rows[0]?.allowed).toBe(false);
  });
});
