/** The company's identity and contact details: the one place a name, number or address is written. */

export const company = {
  name: 'Kalpaka Technologies',
  legalName: 'Kalpaka Technologies Private Limited',
  shortName: 'Kalpaka',
  tagline: "Turning tomorrow's tech into today's business advantage",
  /** Quotes facts by name like content does (src/config/facts.ts): show it through `withFacts`. */
  blurb: 'Delivering world-class IT solutions with {{yearsExperience}} years of industry expertise, transforming businesses through innovative technology.',
  foundedYear: 1995,
  copyrightYear: 2025,
} as const;

export const phone = {
  display: '+91 120 555 0142',
  /** E.164 form for tel: links. */
  e164: '+911205550142',
} as const;

export const email = 'hello@example.com';

export const telHref = `tel:${phone.e164}`;
export const mailtoHref = `mailto:${email}`;

/** Promised first response to an enquiry, in hours. */
export const responseTimeHours = 24;
/** The promise as copy words it: "We reply within 24 hours." */
export const responseTime = `${responseTimeHours} hours`;

export const businessHours = [
  { days: 'Mon-Fri', dayRange: 'Monday to Friday', opens: '09:00', closes: '18:00', label: '9:00-18:00' },
  { days: 'Sat', dayRange: 'Saturday', opens: '09:00', closes: '14:00', label: '9:00-14:00' },
] as const;

export const timeZone = 'IST (UTC+05:30)';

export const socialLinks = [
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/kalpaka-technologies' },
  { label: 'Facebook', href: 'https://www.facebook.com/kalpakatechnologies' },
  {
    label: 'Google Maps reviews',
    href: 'https://www.google.com/maps/search/?api=1&query=Kalpaka+Technologies+Sector+62+Noida',
  },
] as const;

/** The staffing partner whose contact page the Manpower page's 'Find Talent' buttons open. */
export const talentPartner = {
  name: 'Kalpaka Talent',
  contactUrl: 'https://talent.example.com/contact',
} as const;
