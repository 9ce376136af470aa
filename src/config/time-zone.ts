/** A time zone as people read it, computed from its IANA name with Intl so it follows the zone's real rules. */

const offsetOn = (timeZone: string, date: Date): string => {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')!.value;
  // "GMT-06:00" → "UTC−06:00" (a real minus sign); Intl writes a zero offset as "GMT".
  return name === 'GMT' ? 'UTC+00:00' : name.replace('GMT', 'UTC').replace('-', '−');
};

const minutes = (offset: string) => {
  const [, sign, hh, mm] = /([+−])(\d\d):(\d\d)/.exec(offset)!;
  return (sign === '−' ? -1 : 1) * (Number(hh) * 60 + Number(mm));
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
  const [standard, summer] = [offsetOn(timeZone, new Date(Date.UTC(year, 0, 15))), offsetOn(timeZone, new Date(Date.UTC(year, 6, 15)))].sort(
    (a, b) => minutes(a) - minutes(b),
  );
  return standard === summer ? `${name} (${standard})` : `${name} (${standard}, ${summer} in summer)`;
}
