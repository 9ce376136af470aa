/** A time zone as people read it, computed from its IANA name with Intl so it follows the zone's real rules. */

/** Minutes to add to UTC to get the local time of `timeZone` on `date` (Asia/Kolkata: 330). */
export function utcOffsetMinutes(timeZone: string, date: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0; // "GMT" alone: UTC itself
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** 330 → "UTC+05:30", -360 → "UTC−06:00" (a real minus sign). */
const offsetLabel = (minutes: number): string => {
  const whole = Math.abs(minutes);
  return `UTC${minutes < 0 ? '−' : '+'}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
};

/** The zone's generic name: "Central Time", "India Standard Time". */
export const timeZoneName = (timeZone: string, year = new Date().getUTCFullYear()): string =>
  new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date(Date.UTC(year, 0, 15)))
    .find((part) => part.type === 'timeZoneName')!.value;

/** The zone's abbreviation as the office's own country writes it ("IST" in India, "CST"/"CDT" in the USA), at `date`. */
export const timeZoneAbbreviation = (timeZone: string, locale: string, date = new Date()): string =>
  new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(date).find((part) => part.type === 'timeZoneName')!.value;

/**
 * "Central Time (UTC−06:00, UTC−05:00 in summer)", "India Standard Time (UTC+05:30)": the zone's generic name and
 * its offsets in mid-January and mid-July of `year`; the larger one is summer time, in either hemisphere.
 */
export function describeTimeZone(timeZone: string, year = new Date().getUTCFullYear()): string {
  const name = timeZoneName(timeZone, year);
  const [standard, summer] = [utcOffsetMinutes(timeZone, new Date(Date.UTC(year, 0, 15))), utcOffsetMinutes(timeZone, new Date(Date.UTC(year, 6, 15)))]
    .sort((a, b) => a - b)
    .map(offsetLabel);
  return standard === summer ? `${name} (${standard})` : `${name} (${standard}, ${summer} in summer)`;
}
