/** A time zone as people read it, computed from its IANA name with Intl so it follows the zone's real rules. */

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone: searching for a zone's next change reads its offset some hundreds of times. */
const offsetFormat = (timeZone: string): Intl.DateTimeFormat => {
  let format = offsetFormats.get(timeZone);
  if (!format) offsetFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })));
  return format;
};

/** Minutes to add to UTC to get the local time of `timeZone` on `date` (Asia/Kolkata: 330). */
export function utcOffsetMinutes(timeZone: string, date: Date): number {
  const name = offsetFormat(timeZone)
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

const minute = 60_000;
const day = 24 * 60 * minute;

/**
 * The first instant after `from` when `timeZone`'s offset from UTC changes (daylight saving time starts or ends), or
 * undefined when it keeps one offset for `days` days. Read from Intl, so it follows the zone's rules as the running
 * engine knows them: probe day by day (no zone changes twice in a day), then halve the last day down to the minute.
 */
export function nextOffsetChange(timeZone: string, from: Date, days = 400): Date | undefined {
  const start = utcOffsetMinutes(timeZone, from);
  // Offsets change on the minute: searching from a whole minute finds the change itself, not a second after it.
  let before = Math.floor(from.getTime() / minute) * minute;
  for (let probe = before + day; probe <= from.getTime() + days * day; probe += day) {
    if (utcOffsetMinutes(timeZone, new Date(probe)) === start) {
      before = probe;
      continue;
    }
    let after = probe;
    while (after - before > minute) {
      const middle = before + Math.floor((after - before) / 2 / minute) * minute;
      if (utcOffsetMinutes(timeZone, new Date(middle)) === start) before = middle;
      else after = middle;
    }
    return new Date(after);
  }
  return undefined;
}

export interface OffsetChange {
  /** When the first of these zones changes its offset. */
  at: Date;
  /** The zones whose offset changes within a day of `at` (the USA's and Canada's on the same Sunday), in the given order. */
  timeZones: string[];
}

/** The next change of any of `timeZones`' offsets after `from`, with the zones that change on that same weekend. */
export function nextOffsetChangeOf(timeZones: readonly string[], from: Date): OffsetChange | undefined {
  const changes = timeZones.map((timeZone) => ({ timeZone, at: nextOffsetChange(timeZone, from) }));
  const times = changes.flatMap((change) => (change.at ? [change.at.getTime()] : []));
  if (times.length === 0) return undefined;
  const first = Math.min(...times);
  return {
    at: new Date(first),
    timeZones: changes.filter((change) => change.at && change.at.getTime() - first < day).map((change) => change.timeZone),
  };
}
