/**
 * The people and certifications of /about (content/people/, content/certifications/) and the answers of /trust
 * (content/trust/): what a buyer needs to check each is required, and a writer who leaves it out or writes it wrong
 * reads a sentence saying what to write instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import type { z } from 'astro/zod';
import { person, initialsOf } from '../../src/schemas/person.ts';
import { certification, expiryProblem } from '../../src/schemas/certification.ts';
import { trustItem } from '../../src/schemas/trust.ts';
import { explainIssue } from '../../src/schemas/issue-messages.ts';
import { frontmatterOf } from '../../src/schemas/frontmatter.ts';

/** Each problem as the build reports it: the field's path, then the message (the loader's error map, as src/content/content-loader.ts uses it). */
function problems(schema: z.ZodType, data: unknown): string[] {
  const result = schema.safeParse(data, { error: (issue) => explainIssue(issue as Parameters<typeof explainIssue>[0]) });
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const aPerson = { name: 'Asha Example', role: 'Managing Director', profile: 'https://example.com/people/asha', order: 1 };
const aCertificate = {
  title: 'ISO/IEC 27001 information security',
  issuer: 'Example Assurance Ltd',
  holder: 'Kalpaka Technologies',
  credentialId: 'EX-1',
  verifyUrl: 'https://example.org/verify/EX-1',
  validUntil: '2999-12-31',
  order: 1,
};

describe('a person', () => {
  test('with name, job title, an https profile and a position passes, and is no sample unless it says so', () => {
    expect(problems(person, aPerson)).toEqual([]);
    expect(person.parse(aPerson).sample).toBe(false);
  });

  test('an http profile link is refused with the https form to write instead', () => {
    expect(problems(person, { ...aPerson, profile: 'http://www.linkedin.com/in/asha' })).toEqual([
      'profile: "http://www.linkedin.com/in/asha" is not a full https address (write https:// instead of http://, if the site answers there): copy the address from the browser\'s address bar, starting with https://, such as https://www.linkedin.com/in/<name>',
    ]);
  });

  test('a profile written without https:// or a site is refused the same way', () => {
    for (const profile of ['linkedin.com/in/asha', 'https://localhost/asha', 'mailto:asha@example.com']) {
      expect(problems(person, { ...aPerson, profile })).toEqual([expect.stringMatching(/^profile: ".*" is not a full https address: copy the address/)]);
    }
  });

  test('a missing profile is named, and a photo needs its alt text', () => {
    const { profile: _, ...withoutProfile } = aPerson;
    expect(problems(person, withoutProfile)).toEqual([
      'profile: "profile" is missing: write the https address of a public page about the person, such as their LinkedIn profile, where a buyer can check their experience',
    ]);
    expect(problems(person, { ...aPerson, photo: { src: '../uploads/asha.jpg' } })).toEqual([
      'photo.alt: the image needs its alt text: say in a few words what it shows, for visitors who cannot see it; or set decorative: true if it only decorates',
    ]);
  });

  test('the initials stand in for a missing photo', () => {
    expect(initialsOf('Asha Example')).toBe('AE');
    expect(initialsOf('  Morgan  de la Sample ')).toBe('MS');
    expect(initialsOf('Ōmura')).toBe('Ō');
  });
});

describe('a certification', () => {
  test('with issuer, holder, an ID or a link, and a date to come passes', () => {
    expect(problems(certification, aCertificate)).toEqual([]);
    const { credentialId: _, ...linkOnly } = aCertificate;
    const { verifyUrl: __, ...idOnly } = aCertificate;
    expect(problems(certification, linkOnly)).toEqual([]);
    expect(problems(certification, idOnly)).toEqual([]);
    expect(certification.parse(aCertificate)).toMatchObject({ kind: 'certificate', sample: false, validUntil: new Date('2999-12-31') });
  });

  test('without an ID and without a verification link it is refused: a buyer could not check it', () => {
    const { credentialId: _, verifyUrl: __, ...unverifiable } = aCertificate;
    expect(problems(certification, unverifiable)).toEqual([
      "credentialId: a buyer cannot check this: write the certificate number or partner ID as the issuer prints it (credentialId), or the https address of the issuer's page that confirms it (verifyUrl), or both",
    ]);
  });

  test('an ID or a link emptied in the editor counts as absent', () => {
    expect(problems(certification, { ...aCertificate, verifyUrl: '' })).toEqual([]);
    expect(problems(certification, { ...aCertificate, credentialId: '', verifyUrl: '' })).toEqual([
      expect.stringMatching(/^credentialId: a buyer cannot check this/),
    ]);
  });

  test('an expired one is refused, naming the date and what to do', () => {
    expect(problems(certification, { ...aCertificate, validUntil: '2020-01-31' })).toEqual([
      'validUntil: this expired on 31 January 2020: once it is renewed, write the new expiry date shown on the certificate; until then, delete this file so the page no longer claims it',
    ]);
  });

  test('it is valid through the whole of its last day, expired from the next', () => {
    const lastDay = new Date('2027-03-31');
    expect(expiryProblem(lastDay, new Date('2027-03-31T23:59:59Z'))).toBeUndefined();
    expect(expiryProblem(lastDay, new Date('2027-04-01T00:00:00Z'))).toMatch(/^this expired on 31 March 2027:/);
  });

  test('an http verification link is refused with the https form to write instead', () => {
    expect(problems(certification, { ...aCertificate, verifyUrl: 'http://example.org/verify/EX-1' })).toEqual([
      expect.stringMatching(/^verifyUrl: "http:\/\/example.org\/verify\/EX-1" is not a full https address \(write https:\/\/ instead of http:\/\//),
    ]);
  });

  test('a kind other than certificate or partnership is refused with the two choices', () => {
    expect(problems(certification, { ...aCertificate, kind: 'award' })).toEqual([expect.stringMatching(/^kind: .*"certificate", "partnership"/)]);
  });
});

const anAnswer = {
  title: 'Staff vetting',
  answer: 'Everyone who works on client systems passes background checks before they start: [list the checks].',
  details: ['Leavers: [how soon access is removed]'],
  order: 5,
  sample: true,
};

describe('an answer of the trust page', () => {
  test('an example may keep its [gaps], with the shield as its icon unless it names one', () => {
    expect(problems(trustItem, anAnswer)).toEqual([]);
    expect(trustItem.parse(anAnswer).icon).toBe('shield-check');
  });

  test('once it is no longer a sample, each [gap] left in the answer or its details is refused, named', () => {
    expect(problems(trustItem, { ...anAnswer, sample: false })).toEqual([
      'answer: [list the checks] is a gap the example left for the company to fill: write the confirmed fact in its place, or keep this answer marked as a sample (sample: true) until it is confirmed',
      'details.0: [how soon access is removed] is a gap the example left for the company to fill: write the confirmed fact in its place, or keep this answer marked as a sample (sample: true) until it is confirmed',
    ]);
    expect(problems(trustItem, { ...anAnswer, sample: false, answer: 'Identity, right to work and references.', details: [] })).toEqual([]);
  });
});

test('docs/CONTENT.md §16 quotes the four messages as the schemas print them', () => {
  const guide = readFileSync(new URL('../../docs/CONTENT.md', import.meta.url), 'utf8');
  const { credentialId: _, verifyUrl: __, ...unverifiable } = aCertificate;
  for (const message of [
    ...problems(person, { ...aPerson, profile: 'http://www.linkedin.com/in/asha' }),
    ...problems(certification, unverifiable),
    ...problems(certification, { ...aCertificate, validUntil: '2020-01-31' }),
    ...problems(trustItem, { ...anAnswer, sample: false, details: [] }),
  ]) {
    expect(guide).toContain(`  ${message}\n`);
  }
});

describe('the entries the repository ships', () => {
  for (const [folder, schema] of [
    ['people', person],
    ['certifications', certification],
    ['trust', trustItem],
  ] as const) {
    const base = new URL(`../../content/${folder}/`, import.meta.url);
    const files = readdirSync(base).filter((file) => file.endsWith('.mdx'));
    test.each(files)(`content/${folder}/%s passes its schema`, (file) => {
      const data: unknown = parse(frontmatterOf(readFileSync(new URL(file, base), 'utf8'))!.yaml);
      expect(problems(schema, data)).toEqual([]);
    });
  }
});
