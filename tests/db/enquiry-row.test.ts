import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceChoices } from '../../src/config/enquiry.ts';
import { emptyEnquiry, isHoneypotFilled, isServiceChoice, toRow } from '../../src/enquiry/enquiry.ts';
import { databaseTargets, openMigrated, type TestDatabase } from './support/test-databases.ts';

const id = '0b6f1d2e-3c4a-4b5c-8d6e-7f8091a2b3c4';

describe('turning form values into a contact_submissions row', () => {
  it('trims every field and keeps the client-chosen id', () => {
    const row = toRow(
      {
        name: '  Asha Rao ',
        email: ' asha@example.com ',
        company: ' Acme ',
        phone: ' +91 98765 43210 ',
        service: 'IT Consulting',
        message: '\n Hello \n',
      },
      id,
    );
    expect(row).toEqual({
      id,
      name: 'Asha Rao',
      email: 'asha@example.com',
      company: 'Acme',
      phone: '+91 98765 43210',
      service: 'IT Consulting',
      message: 'Hello',
      office: null,
      visitor_time_zone: expect.stringMatching(/^[A-Za-z]/),
    });
  });

  it('sends null for optional fields left empty or blank', () => {
    const row = toRow({ ...emptyEnquiry, name: 'A', email: 'a@b.co', company: '   ', message: 'Hi' }, id);
    expect(row).toMatchObject({ company: null, phone: null, service: null });
  });
});

/**
 * The values the `service` column's CHECK constraint allows, read from the catalog of a migrated database.
 * PostgreSQL stores `service in ('a', 'b')` as `CHECK ((service = ANY (ARRAY['a'::text, 'b'::text])))`.
 */
async function allowedServices(db: TestDatabase): Promise<string[]> {
  const { rows } = await db.query<{ name: string; definition: string }>(`
    select c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.conrelid = 'public.contact_submissions'::regclass and c.contype = 'c' and a.attname = 'service'
  `);
  expect(
    rows.map((row) => row.name),
    'CHECK constraints on contact_submissions.service',
  ).toHaveLength(1);
  const definition = rows[0]!.definition;
  expect(definition, 'the service CHECK is a list of allowed values').toMatch(/^CHECK \(\(service = ANY \(ARRAY\[('(?:[^']|'')*'::text(, )?)+\]\)\)\)$/);
  return [...definition.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1]!.replaceAll("''", "'"));
}

describe.each(databaseTargets)('service choices against the migrated database on $label', ({ open }) => {
  let db: TestDatabase;

  beforeAll(async () => {
    ({ db } = await openMigrated(open));
  });

  afterAll(async () => {
    await db?.close();
  });

  it('offers exactly the values the service column accepts, each once', async () => {
    const allowed = await allowedServices(db);
    expect(allowed.length).toBeGreaterThan(0);
    expect(new Set(serviceChoices).size, 'a choice is listed twice').toBe(serviceChoices.length);
    expect([...serviceChoices].sort()).toEqual([...allowed].sort());
  });
});

describe('service choices', () => {
  it('recognises only those choices', () => {
    expect(isServiceChoice('Cloud Infrastructure')).toBe(true);
    expect(isServiceChoice('cloud infrastructure')).toBe(false);
    expect(isServiceChoice('')).toBe(false);
  });
});

describe('honeypot field', () => {
  it('counts as filled only when it holds something other than whitespace', () => {
    expect(isHoneypotFilled('https://spam.example')).toBe(true);
    expect(isHoneypotFilled('')).toBe(false);
    expect(isHoneypotFilled('  ')).toBe(false);
    expect(isHoneypotFilled(null)).toBe(false);
    expect(isHoneypotFilled(undefined)).toBe(false);
  });
});
