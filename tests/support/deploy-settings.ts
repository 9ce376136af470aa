/**
 * A production deploy's settings with every fact set to a real-looking value, none a placeholder nor a local default
 * (src/config/settings.ts).
 */
import { officeCodes, officeVariable } from '../../src/config/settings.ts';

const offices = {
  IN: { phone: '+91 120 4123 400', street: 'Plot 14, Knowledge Park III', postalCode: '201310' },
  US: { phone: '+1 512 640 7120', street: '600 Congress Avenue, Floor 14', postalCode: '78701' },
  GB: { phone: '+44 20 3318 2200', street: '30 Finsbury Square', postalCode: 'EC2A 1AG' },
  CA: { phone: '+1 416 363 8800', street: '200 Bay Street, Suite 2600', postalCode: 'M5J 2J3' },
  AU: { phone: '+61 2 8076 4400', street: 'Level 9, 60 Martin Place', postalCode: '2000' },
};

export const realSettings: Record<string, string> = {
  SITE_URL: 'https://www.kalpaka.co.in',
  EDITOR_URL: 'https://editor.kalpaka.co.in',
  PUBLIC_PHONE: '+91 120 4123 400',
  PUBLIC_SUPPORT_PHONE: '+91 120 4123 499',
  PUBLIC_EMAIL: 'hello@kalpaka.co.in',
  PUBLIC_TALENT_PARTNER_URL: 'https://talent.kalpaka.co.in/contact',
  PUBLIC_LINKEDIN_URL: 'https://www.linkedin.com/company/kalpaka-technologies-pvt-ltd',
  PUBLIC_FACEBOOK_URL: 'https://www.facebook.com/kalpaka.technologies',
  PUBLIC_GOOGLE_REVIEWS_URL: 'https://www.google.com/maps/place/Kalpaka+Technologies/@28.5672,77.4445,17z',
  ...Object.fromEntries(
    officeCodes.flatMap((code) => [
      [officeVariable(code, 'PHONE'), offices[code].phone],
      [officeVariable(code, 'STREET'), offices[code].street],
      [officeVariable(code, 'POSTAL_CODE'), offices[code].postalCode],
    ]),
  ),
  PUBLIC_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
  PUBLIC_SUPABASE_ANON_KEY: 'sb_publishable_Xy7Qm2Lr9Tb4Nc8Wd1Fh6Jk3Pz',
};
