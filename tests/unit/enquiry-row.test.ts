import { describe, expect, it } from 'vitest';
import { serviceChoices } from '../../src/config/enquiry.ts';
import { emptyEnquiry, isHoneypotFilled, isServiceChoice, toRow } from '../../src/lib/enquiry.ts';

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
    });
  });

  it('sends null for optional fields left empty or blank', () => {
    const row = toRow({ ...emptyEnquiry, name: 'A', email: 'a@b.co', company: '   ', message: 'Hi' }, id);
    expect(row).toMatchObject({ company: null, phone: null, service: null });
  });
});

describe('service choices', () => {
  it('lists the nine choices of the spec in its order', () => {
    expect(serviceChoices).toEqual([
      'Data Migration Services',
      'Implementation Services',
      'Microsoft Dynamics 365',
      'Cybersecurity Solutions',
      'Cloud Infrastructure',
      'Technical Support',
      'IT Consulting',
      'Custom Software Development',
      'Other',
    ]);
  });

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
