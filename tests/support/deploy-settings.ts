/** A production deploy's settings with every fact set to a real-looking value, none a placeholder (src/config/settings.ts). */
import { officeCodes, officeVariable } from '../../src/config/settings.ts';

const officePhones = { IN: '+91 120 4123 400', US: '+1 512 640 7120', GB: '+44 20 3318 2200', CA: '+1 416 363 8800', AU: '+61 2 8076 4400' };

export const realSettings: Record<string, string> = {
  SITE_URL: 'https://www.kalpaka.co.in',
  EDITOR_URL: 'https://editor.kalpaka.co.in',
  PUBLIC_PHONE: '+91 120 4123 400',
  PUBLIC_SUPPORT_PHONE: '+91 120 4123 499',
  PUBLIC_EMAIL: 'hello@kalpaka.co.in',
  PUBLIC_TALENT_PARTNER_URL: 'https://talent.kalpaka.co.in/contact',
  PUBLIC_LINKEDIN_URL: 'https://www.linkedin.com/company/kalpaka-technologies',
  PUBLIC_FACEBOOK_URL: 'https://www.facebook.com/kalpakatechnologies',
  PUBLIC_GOOGLE_REVIEWS_URL: 'https://www.google.com/maps/search/?api=1&query=Kalpaka+Technologies+Noida',
  ...Object.fromEntries(officeCodes.map((code) => [officeVariable(code, 'PHONE'), officePhones[code]])),
  PUBLIC_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
  PUBLIC_SUPABASE_ANON_KEY: 'sb_publishable_Xy7Qm2Lr9Tb4Nc8Wd1Fh6Jk3Pz',
};
