/**
 * Which offices owe their daily digest today, and from when: each office's digest hour, in its own time, on its own
 * working days (its week and public holidays), so London reads London's open enquiries at 09:00 in London, and no one
 * gets a digest on a day off. schedule_office_digests (20261206130000_digest_per_office.sql) owes each one when an
 * enquiry of that office that arrived before that hour is still open.
 */
import { officeClock, officeList, type OfficeCode } from '../_shared/offices.ts';
import { isWorkingDay, localDay, zonedInstant } from '../_shared/working-clock.ts';

export interface OfficeDigest {
  office: OfficeCode;
  /** The office's calendar day, YYYY-MM-DD. */
  day: string;
  /** The digest hour of that day in the office's zone, ISO 8601. */
  at: string;
}

export function officeDigests(now: Date, digestHour: number): OfficeDigest[] {
  const time = `${String(digestHour).padStart(2, '0')}:00`;
  return officeList.flatMap((office) => {
    const { day } = localDay(now, office.timeZone);
    if (!isWorkingDay(day, officeClock(office))) return [];
    return [{ office: office.code, day, at: zonedInstant(day, time, office.timeZone).toISOString() }];
  });
}
