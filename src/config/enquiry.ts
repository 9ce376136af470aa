/** The contact form's fields: the service choices and the length bounds the database enforces. */

export const enquiryTable = 'contact_submissions';

/** The "Service of Interest" choices, in the order the form lists them ("Other" last). */
export const serviceChoices = [
  'Data Migration Services',
  'Implementation Services',
  'Microsoft Dynamics 365',
  'Cybersecurity Solutions',
  'Cloud Infrastructure',
  'Technical Support',
  'IT Consulting',
  'Custom Software Development',
  'Other',
] as const;

export type ServiceChoice = (typeof serviceChoices)[number];

/**
 * Character bounds per field, mirrored by the CHECK constraints in
 * supabase/migrations/*_contact_submissions.sql (the database tests prove both agree).
 * `min` applies after trimming; optional fields have no `min` because empty means null.
 */
export const enquiryLimits = {
  name: { min: 1, max: 200 },
  email: { max: 254 },
  company: { max: 200 },
  phone: { max: 40 },
  message: { min: 1, max: 5000 },
} as const;

/**
 * The messages the database's rate-limit trigger raises (SQLSTATE P0001); the form recognises them to tell the
 * visitor plainly, with the phone and email, instead of showing the generic failure.
 */
export const rateLimitMessages = {
  email: 'Too many enquiries from this email address, please try again later',
  network: 'Too many enquiries from this address, please try again later',
} as const;

/**
 * Days an enquiry's client address is kept for abuse prevention before it is cleared: the migration's
 * contact_submissions_forget_client_addresses() and the privacy policy state the same number (tests check both).
 */
export const clientAddressRetentionDays = 30;
