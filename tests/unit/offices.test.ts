/**
 * An office is one record, in src/config/office-records.ts: its settings (src/config/settings.ts), the offices the
 * /contact cards and hero, the map, the footer and the delivery chart read (src/config/offices.ts), and the facts copy
 * quotes ({{officeCount}}, {{officeCountries}}) all come from it.
 */
import { describe, expect, test } from 'vitest';
import { businessHours } from '../../src/config/company.ts';
import { facts } from '../../src/config/facts.ts';
import { officeRecords } from '../../src/config/office-records.ts';
import { headquarters, offices } from '../../src/config/offices.ts';
import { officeCodes, officeVariable, settings } from '../../src/config/settings.ts';
import { weekdayHours } from '../../src/picture-data/hero-visual.ts';

describe('the offices', () => {
  test('settings.ts has the variables of exactly the offices of offices.ts, named after each', () => {
    expect([...officeCodes].sort()).toEqual(offices.map((office) => office.countryCode).sort());
    for (const office of offices) {
      for (const field of ['STREET', 'POSTAL_CODE', 'PHONE', 'EMAIL'] as const) {
        const setting = settings.find((candidate) => candidate.name === officeVariable(office.countryCode, field));
        expect(setting?.what, `${office.city} ${field}`).toContain(`the ${office.country} (${office.city}) office's`);
      }
    }
  });

  test('each setting of an office takes its record’s placeholder until a deploy sets it', () => {
    for (const record of officeRecords) {
      const localDefault = (field: 'STREET' | 'POSTAL_CODE' | 'PHONE') =>
        settings.find((setting) => setting.name === officeVariable(record.countryCode, field))?.localDefault;
      expect(localDefault('STREET'), record.city).toBe(record.placeholder.street);
      expect(localDefault('POSTAL_CODE'), record.city).toBe(record.placeholder.postalCode);
      expect(localDefault('PHONE'), record.city).toBe('phone' in record.placeholder ? record.placeholder.phone : '');
    }
  });

  test('the number of offices and their countries are facts the copy quotes', () => {
    expect(offices.map((office) => office.countryCode)).toEqual(officeRecords.map((record) => record.countryCode));
    expect(facts.officeCount).toBe('five');
    expect(facts.officeCountries).toBe('India, the United States, the United Kingdom, Canada and Australia');
  });

  test('every office has weekday hours for the charts, and the headquarters’ are the company’s business hours', () => {
    for (const office of offices) expect(weekdayHours(office), office.city).toBeDefined();
    expect(headquarters.hours).toBe(businessHours);
  });
});
