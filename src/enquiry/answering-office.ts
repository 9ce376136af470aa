/**
 * The office that answers an enquiry: the visitor may choose one on the form, and the form suggests the one whose part
 * of the world the browser's time zone is in (never an IP lookup: nothing about the visitor leaves the browser for it).
 * The staff e-mail goes to that office, and the promise's 24 hours are counted on its working clock.
 */
import { officeRecords } from '../config/office-records.ts';

export type AnsweringOffice = (typeof officeRecords)[number]['countryCode'];

export const answeringOffices = officeRecords.map((record) => ({
  code: record.countryCode as AnsweringOffice,
  label: `${record.city}, ${record.country}${'headquarters' in record ? ' (headquarters)' : ''}`,
}));

export const isAnsweringOffice = (value: string): value is AnsweringOffice => answeringOffices.some((office) => office.code === value);

/** Canada's zones in the IANA database's America/ area; the rest of the Americas is answered from Austin. */
const canadianZones =
  /^America\/(Toronto|Montreal|Vancouver|Edmonton|Winnipeg|Halifax|St_Johns|Regina|Moncton|Glace_Bay|Goose_Bay|Whitehorse|Dawson|Dawson_Creek|Fort_Nelson|Inuvik|Iqaluit|Rankin_Inlet|Resolute|Cambridge_Bay|Swift_Current|Atikokan|Blanc-Sablon|Creston|Nipigon|Thunder_Bay|Rainy_River|Pangnirtung|Yellowknife)$/;

/** The office nearest in working hours to a visitor in `timeZone`; the headquarters when the zone says nothing. */
export function officeForTimeZone(timeZone: string | undefined): AnsweringOffice {
  if (!timeZone) return 'IN';
  if (canadianZones.test(timeZone) || timeZone.startsWith('Canada/')) return 'CA';
  if (/^(America|US)\//.test(timeZone)) return 'US';
  if (/^(Europe|Africa|Atlantic)\//.test(timeZone) || timeZone === 'GB') return 'GB';
  if (/^(Australia|Pacific)\//.test(timeZone)) return 'AU';
  return 'IN';
}

/** `zone` if the database accepts it (the constraint on contact_submissions.visitor_time_zone), else null. */
export const storableTimeZone = (zone: string | null | undefined): string | null =>
  zone && zone.length <= 64 && /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone) ? zone : null;

/** The browser's time zone, as the database accepts it, or null. */
export function visitorTimeZone(): string | null {
  try {
    return storableTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return null;
  }
}
