/**
 * The offices as the functions need them, headquarters first: city, time zone, working week and the region whose
 * public holidays it keeps (date-holidays). src/config/office-records.ts is the home of the office data, but it reads
 * the build's settings and cannot be bundled into an Edge Function; tests/unit/offices-for-functions.test.ts keeps
 * this list equal to it. Company closures are passed in by the caller, which reads them from the database.
 */
import Holidays from 'date-holidays';
import type { DayHours, WorkingClock } from './working-clock.ts';

export type OfficeCode = 'IN' | 'US' | 'GB' | 'CA' | 'AU';

export interface FunctionOffice {
  code: OfficeCode;
  city: string;
  timeZone: string;
  /** date-holidays' country and region: "GB" and "ENG" for England's bank holidays. */
  holidays: { country: string; region?: string };
  /** Sunday first, as Date#getDay counts; null on a day off. */
  week: ReadonlyArray<DayHours | null>;
}

const weekdays = (opens: string, closes: string): Array<DayHours | null> => [null, ...Array.from({ length: 5 }, () => ({ opens, closes })), null];

export const officeList: readonly FunctionOffice[] = [
  {
    code: 'IN',
    city: 'Noida',
    timeZone: 'Asia/Kolkata',
    holidays: { country: 'IN' },
    week: [...weekdays('09:00', '18:00').slice(0, 6), { opens: '09:00', closes: '14:00' }],
  },
  { code: 'US', city: 'Austin', timeZone: 'America/Chicago', holidays: { country: 'US', region: 'TX' }, week: weekdays('09:00', '17:00') },
  { code: 'GB', city: 'London', timeZone: 'Europe/London', holidays: { country: 'GB', region: 'ENG' }, week: weekdays('09:00', '17:30') },
  { code: 'CA', city: 'Toronto', timeZone: 'America/Toronto', holidays: { country: 'CA', region: 'ON' }, week: weekdays('09:00', '17:00') },
  { code: 'AU', city: 'Sydney', timeZone: 'Australia/Sydney', holidays: { country: 'AU', region: 'NSW' }, week: weekdays('08:30', '17:00') },
];

export const headquarters: FunctionOffice = officeList[0]!;

export const officeCodes: readonly OfficeCode[] = officeList.map((office) => office.code);

export const isOfficeCode = (value: unknown): value is OfficeCode => officeCodes.includes(value as OfficeCode);

export const officeByCode = (code: string | null | undefined): FunctionOffice => officeList.find((office) => office.code === code) ?? headquarters;

/** A day an office, or every office (`office: null`), is closed beyond its public holidays, as the company declares it. */
export interface Closure {
  day: string;
  office: OfficeCode | null;
  reason: string;
}

const holidayCalendars = new Map<OfficeCode, Holidays>();

/** The public or bank holiday on a local calendar day (YYYY-MM-DD) of `office`, by name, or undefined. */
export function publicHoliday(office: FunctionOffice, day: string): string | undefined {
  let calendar = holidayCalendars.get(office.code);
  if (!calendar) {
    calendar = new Holidays(office.holidays.country, office.holidays.region ?? '', { types: ['public', 'bank'] });
    holidayCalendars.set(office.code, calendar);
  }
  // Noon of that day in the office's own zone: the library reads the date in the zone it is given.
  calendar.setTimezone(office.timeZone);
  const found = calendar.isHoliday(new Date(`${day}T12:00:00Z`));
  const holiday = Array.isArray(found) ? found.find((entry) => entry.type === 'public' || entry.type === 'bank') : undefined;
  return holiday?.name;
}

/** The office's working clock: its week, its public holidays and the company's closures that concern it. */
export function officeClock(office: FunctionOffice, closures: readonly Closure[] = []): WorkingClock {
  return {
    timeZone: office.timeZone,
    week: office.week,
    closedOn: (day) =>
      publicHoliday(office, day) ?? closures.find((closure) => closure.day === day && (closure.office === null || closure.office === office.code))?.reason,
  };
}
