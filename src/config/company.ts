/**
 * The company's identity and contact details. A deploy sets the contact facts through the variables of
 * src/config/settings.ts (which also holds their local placeholders); the rest is written here.
 */
import { setting } from './environment.ts';

export const company = {
  name: 'Kalpaka Technologies',
  legalName: 'Kalpaka Technologies Private Limited',
  shortName: 'Kalpaka',
  tagline: "Turning tomorrow's tech into today's business advantage",
  /** Quotes facts by name like content does (src/config/facts.ts): show it through `withFacts`. */
  blurb: 'Delivering world-class IT solutions with {{yearsExperience}} years of industry expertise, transforming businesses through innovative technology.',
  foundedYear: 1995,
  /** The first year of the site's copyright notice (the spec's); the notice runs to the year the site is built. */
  copyrightSince: 2025,
} as const;

/** "2025" in 2025, "2025–2026" after: the years of the copyright notice for a site built on `built`. */
export const copyrightYears = (built: Date): string => {
  const year = built.getUTCFullYear();
  return year > company.copyrightSince ? `${company.copyrightSince}–${year}` : String(company.copyrightSince);
};

export interface Phone {
  /** International form with spaces, as written: "+91 120 555 0142". */
  display: string;
  /** E.164 form for tel: links. */
  e164: string;
}

export const phoneNumber = (display: string): Phone => ({ display, e164: `+${display.replace(/[^\d]/g, '')}` });

export const phone: Phone = phoneNumber(setting('PUBLIC_PHONE'));

/**
 * The support desk's line for critical incidents, staffed 24/7 (the "24/7 Support" the site claims). Not the main
 * phone: that one is answered in business hours (the spec lists it beside them).
 */
export const supportPhone: Phone = phoneNumber(setting('PUBLIC_SUPPORT_PHONE'));

export const email: string = setting('PUBLIC_EMAIL');

export const telHref = `tel:${phone.e164}`;
export const mailtoHref = `mailto:${email}`;

/** Promised first response to an enquiry, in hours. */
export const responseTimeHours = 24;
/**
 * The promise as copy words it: "We reply within 24 hours of our working time." The hours are counted on the answering
 * office's working days (supabase/functions/_shared/working-clock.ts): a Friday-evening enquiry is not due on Sunday.
 */
export const responseTime = `${responseTimeHours} hours of our working time`;

export interface OpeningHours {
  /** As the spec writes them: "Mon-Fri". */
  days: string;
  dayRange: string;
  /** schema.org day names, for structured data. */
  dayOfWeek: readonly string[];
  /** Local time of the office, 24-hour "HH:MM". */
  opens: string;
  closes: string;
  /** "9:00-18:00" */
  label: string;
}

const hours = (opens: string, closes: string) => ({ opens, closes, label: `${opens.replace(/^0/, '')}-${closes}` });

export const mondayToFriday = (opens: string, closes: string): OpeningHours => ({
  days: 'Mon-Fri',
  dayRange: 'Monday to Friday',
  dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  ...hours(opens, closes),
});

/** The headquarters' hours (India Standard Time), which the spec gives as the company's. */
export const businessHours = [
  mondayToFriday('09:00', '18:00'),
  { days: 'Sat', dayRange: 'Saturday', dayOfWeek: ['Saturday'], ...hours('09:00', '14:00') },
] as const satisfies readonly OpeningHours[];

export const socialLinks: readonly { label: string; href: string; /** A profile of the company (schema.org sameAs), not a search. */ profile: boolean }[] = [
  { label: 'LinkedIn', href: setting('PUBLIC_LINKEDIN_URL'), profile: true },
  { label: 'Facebook', href: setting('PUBLIC_FACEBOOK_URL'), profile: true },
  { label: 'Google Maps reviews', href: setting('PUBLIC_GOOGLE_REVIEWS_URL'), profile: false },
];

/** The staffing partner whose contact page the Manpower page's 'Find Talent' buttons open. */
export const talentPartner = {
  name: 'Kalpaka Talent',
  contactUrl: setting('PUBLIC_TALENT_PARTNER_URL'),
};
