/**
 * The offices have one home, src/config/offices.ts (with their per-deploy facts in src/config/settings.ts): the /contact
 * cards and hero, the map, the footer, the facts and the delivery chart all read it. These checks keep the two files
 * in step, so an office added to one cannot be missing from the other.
 */
import { describe, expect, test } from 'vitest';
import { businessHours } from '../../src/config/company.ts';
import { headquarters, offices } from '../../src/config/offices.ts';
import { officeCodes, officeVariable, settings } from '../../src/config/settings.ts';
import { weekdayHours } from '../../src/visuals/hero-visual.ts';

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

  test('every office has weekday hours for the charts, and the headquarters’ are the company’s business hours', () => {
    for (const office of offices) expect(weekdayHours(office), office.city).toBeDefined();
    expect(headquarters.hours).toBe(businessHours);
  });
});
