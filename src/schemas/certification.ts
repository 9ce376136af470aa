import { z } from 'astro/zod';
import { httpsLink } from './https-link.ts';
import { sample } from './sample.ts';

/** The day as a date without time ("2027-03-31"), in UTC as YAML dates are read. */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * What is wrong with a certificate valid until `validUntil` on `today`: it is valid through that whole day, expired
 * from the next. A certificate past its date is no proof, so the build refuses it rather than show it.
 */
export function expiryProblem(validUntil: Date, today: Date = new Date()): string | undefined {
  if (dayOf(validUntil) >= dayOf(today)) return undefined;
  return `this expired on ${longDate.format(validUntil)}: once it is renewed, write the new expiry date shown on the certificate; until then, delete this file so the page no longer claims it`;
}

/** An optional field the editor sends as '' once a writer empties it: empty is the same as absent. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional()).optional();

/**
 * A certificate or a partnership a buyer can check, one file each in content/certifications/: who issued it, what it
 * certifies, who holds it (the company, or how many of its staff), its ID or a link to the issuer's page that
 * verifies it (at least one), and the date it is valid until.
 */
export const certification = z
  .strictObject({
    kind: z.enum(['certificate', 'partnership']).default('certificate'),
    /** What is certified, as the issuer names it: the standard, the certification, or the partnership level. */
    title: z.string().min(1),
    issuer: z.string().min(1),
    /** The company's name, or how many staff hold it ("12 staff"). */
    holder: z.string().min(1),
    /** The certificate's number or the partner ID, as the issuer prints it. */
    credentialId: optional(z.string().min(1)),
    /** The issuer's page that confirms it (a register, a partner directory, a badge page). */
    verifyUrl: optional(httpsLink('https://www.example-issuer.org/verify/<ID>')),
    validUntil: z.coerce.date(),
    /** Position among the certifications on /about; any number, each used once. */
    order: z.number(),
    sample,
  })
  .superRefine((entry, context) => {
    if (entry.credentialId === undefined && entry.verifyUrl === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['credentialId'],
        input: undefined,
        message:
          "a buyer cannot check this: write the certificate number or partner ID as the issuer prints it (credentialId), or the https address of the issuer's page that confirms it (verifyUrl), or both",
      });
    }
    if (!Number.isNaN(entry.validUntil.getTime())) {
      const problem = expiryProblem(entry.validUntil);
      if (problem) context.addIssue({ code: 'custom', path: ['validUntil'], input: entry.validUntil, message: problem });
    }
  });

export type Certification = z.infer<typeof certification>;
