/**
 * What a page's hero pictures, worked out from the page's own content at build time, so a writer's change to a
 * section shows in the picture: the steps, the SLA tiers, the maturity scores, the stages with their durations,
 * and for outsourcing the working hours of India against the other offices. Pure data; components draw it.
 */
import type { OpeningHours } from '../config/company.ts';
import type { Section, SectionOf } from '../schemas/sections.ts';
import type { OfficeHoursVisual } from './contact-visual.ts';
import { responseMinutes, weekRange } from './durations.ts';
import type { HubVisual } from './hub-visuals.ts';
import { clockChange, duration, hoursOf, hoursOnClock, overlap, spansText, spanHours, type Span } from './time-bands.ts';

/** A bar's part: `main` is the value, `range` an uncertain or open-ended rest (or another office's hours), `shared` the hours two offices share. */
export interface Segment extends Span {
  tone: 'main' | 'range' | 'shared';
}

export interface ChartRow {
  label: string;
  value: string;
  segments: Segment[];
}

interface VisualBase {
  title: string;
  /** A line under the title, such as the engagement's length. */
  note?: string;
  /** Shown below the hero text on narrow screens too: the page says this nowhere else. */
  ownContent: boolean;
}

export interface RowsVisual extends VisualBase {
  kind: 'rows';
  /** The scale's end; segments run from 0 to it. */
  max: number;
  ticks: string[];
  rows: ChartRow[];
}

export interface StepsVisual extends VisualBase {
  kind: 'steps';
  /** Steps in order are numbered; a page's offers (its cards, when it has no steps) are not. */
  numbered: boolean;
  steps: { title: string; detail?: string }[];
}

/** The offices on the world map (src/components/ui/OfficeMapPicture.astro): the home page's picture of the company. */
export interface MapVisual extends VisualBase {
  kind: 'map';
}

/** /contact's picture of its offices' hours and phones has its own file (contact-visual.ts); the overview pages' and /about's are described in hub-visuals.ts. */
export type HeroVisual = RowsVisual | StepsVisual | MapVisual | OfficeHoursVisual | HubVisual;

export type Family = 'home' | 'services' | 'consulting' | 'outsourcing';

/** The fields of the offices the pictures read (src/config/offices.ts). */
export interface OfficeZone {
  city: string;
  country: string;
  label: string;
  timeZone: string;
  /** Its own opening hours, local time: the delivery picture draws its weekday hours. */
  hours: readonly Pick<OpeningHours, 'dayOfWeek' | 'opens' | 'closes'>[];
  headquarters?: boolean;
}

export interface VisualInput {
  family: Family;
  sections: readonly Section[];
  /** The page's overview card: a consulting offer's `duration` is the engagement's length. */
  card?: { duration?: string };
  offices: readonly OfficeZone[];
  /** The day whose time-zone offsets are drawn (daylight saving time differs through the year). */
  date: Date;
}

const first = <T extends Section['type']>(sections: readonly Section[], type: T) => sections.find((section): section is SectionOf<T> => section.type === type);

export function stepsVisual(section: Pick<SectionOf<'steps'>, 'title' | 'items'>, note?: string, numbered = true): StepsVisual {
  const steps = section.items.map((item) => ({ title: item.title, detail: item.duration }));
  return {
    kind: 'steps',
    numbered,
    title: section.title,
    note,
    ownContent: false,
    steps,
  };
}

/** Response-time tiers (an `sla` or `severity` section), each bar as long as its response time. */
export function responseVisual(title: string, tiers: readonly { name: string; responseTime: string }[]): RowsVisual {
  const minutes = tiers.map((tier) => responseMinutes(tier.responseTime));
  const max = Math.max(...minutes.map((value) => value ?? 0));
  const drawn = max > 0 && minutes.every((value) => value !== undefined);
  return {
    kind: 'rows',
    title,
    // The bars are response times: the picture says so, whatever the section's title.
    note: 'Response time for each priority',
    ownContent: false,
    max: drawn ? max : 1,
    ticks: drawn ? ['0', tiers[minutes.indexOf(max)]!.responseTime] : [],
    rows: tiers.map((tier, i) => ({
      label: tier.name,
      value: tier.responseTime,
      segments: drawn ? [{ from: 0, to: minutes[i]!, tone: 'main' }] : [],
    })),
  };
}

export function maturityVisual(section: SectionOf<'maturity'>, note?: string): RowsVisual {
  return {
    kind: 'rows',
    title: section.title,
    note,
    ownContent: false,
    max: 100,
    ticks: ['0', '50', '100'],
    rows: section.items.map((item) => ({ label: item.area, value: scoreText(item), segments: [{ from: 0, to: item.score, tone: 'main' }] })),
  };
}

/** In the unit the maturity section itself uses ("Score 80 / 100", src/components/sections/MaturityBars.astro), after the level's name. */
const scoreText = ({ level, score }: { level: string; score: number }) =>
  /^[\d\s.]+%$/.test(level) ? `Score ${score} / 100` : `${level}, score ${score} / 100`;

/**
 * Stages one after another on a scale of weeks: each starts when the ones before it can end at the earliest,
 * its shortest length drawn solid and the rest of its range lighter; an open-ended stage runs to the scale's end.
 */
export function stagesVisual(section: SectionOf<'stages'>, note?: string): RowsVisual {
  const ranges = section.items.map((item) => weekRange(item.duration));
  const longest = ranges.reduce((sum, range) => sum + (range?.max ?? 0), 0);
  const open = ranges.some((range) => range === undefined);
  const max = Math.max(1, Math.ceil((longest * (open ? 1.25 : 1)) / 4) * 4);
  let start = 0;
  const rows = section.items.map((item, i): ChartRow => {
    const range = ranges[i];
    const from = start;
    start += range?.min ?? 0;
    return {
      label: item.stage,
      value: item.duration,
      segments: range
        ? [
            { from, to: from + range.min, tone: 'main' },
            ...(range.max > range.min ? [{ from: from + range.min, to: from + range.max, tone: 'range' as const }] : []),
          ]
        : [{ from, to: max, tone: 'range' }],
    };
  });
  return {
    kind: 'rows',
    title: section.title,
    note,
    ownContent: false,
    max,
    ticks: ['Week 0', `Week ${max / 2}`, `Week ${max}`],
    rows,
  };
}

/** An office's weekday hours (the slot that includes Monday) as hours of its day: 8.5 and 17. */
export function weekdayHours(office: Pick<OfficeZone, 'hours'>): Span | undefined {
  const slot = office.hours.find((hours) => hours.dayOfWeek.includes('Monday'));
  return slot && { from: hoursOf(slot.opens), to: hoursOf(slot.closes) };
}

/**
 * Each office's own weekday hours on the headquarters' clock, with the hours it shares with the headquarters (the
 * delivery team). An office that shares none covers its clients' day alone; its row says when the delivery team
 * opens after it closes, rather than a bare "no overlap". The note says until when the day's offsets hold.
 */
export function deliveryVisual(input: Pick<VisualInput, 'offices' | 'date'>): RowsVisual | undefined {
  const home = input.offices.find((office) => office.headquarters) ?? input.offices[0];
  const homeHours = home && weekdayHours(home);
  if (!home || !homeHours) return undefined;
  const homeSpans = [homeHours];
  const rows: ChartRow[] = [
    { label: `${home.city}, ${home.country}`, value: spansText(homeSpans), segments: homeSpans.map((span) => ({ ...span, tone: 'main' })) },
  ];
  for (const office of input.offices) {
    const hours = office === home ? undefined : weekdayHours(office);
    if (!hours) continue;
    const spans = hoursOnClock(hours.from, hours.to, office.timeZone, home.timeZone, input.date);
    const shared = overlap(homeSpans, spans);
    const sharedHours = spanHours(shared);
    const closes = spans.at(-1)!.to % 24;
    rows.push({
      label: `${office.city}, ${office.country}`,
      value: `${spansText(spans)}, ${sharedHours > 0 ? `${duration(sharedHours)} with ${home.city}` : `${home.city} opens ${duration((homeHours.from - closes + 24) % 24)} later`}`,
      segments: [...spans.map((span) => ({ ...span, tone: 'range' as const })), ...shared.map((span) => ({ ...span, tone: 'shared' as const }))],
    });
  }
  const change = clockChange(input.offices, input.date);
  return {
    kind: 'rows',
    title: `Office hours on ${home.city}'s clock (${clockZoneName(home.timeZone, input.date)})`,
    note: `Each office's weekday hours, its clients' working day; white marks the hours it shares with ${home.city}'s delivery team.${change ? ` Times hold until ${change.date}, when clocks change in ${change.countries}.` : ''}`,
    ownContent: true,
    max: 24,
    ticks: ['00:00', '06:00', '12:00', '18:00', '24:00'],
    rows,
  };
}

/** Where the company works, said in words beside the map: the headquarters delivers, the other offices are the clients' local contacts. */
export function officesVisual(input: Pick<VisualInput, 'offices'>): MapVisual {
  const headquarters = input.offices.find((office) => office.headquarters) ?? input.offices[0];
  const others = input.offices.filter((office) => office !== headquarters).map((office) => office.city);
  return {
    kind: 'map',
    title: `${input.offices.length} offices, one delivery team`,
    note:
      headquarters && others.length > 0
        ? `Delivery from ${headquarters.city}; ${new Intl.ListFormat('en-GB').format(others)} meet you in your time zone`
        : undefined,
    ownContent: true,
  };
}

/** "IST" where Intl knows a short name, else "UTC+05:30". */
function clockZoneName(timeZone: string, date: Date): string {
  const short =
    new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' }).formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '';
  return /^[A-Z]{2,5}$/.test(short)
    ? short
    : new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
        .formatToParts(date)
        .find((part) => part.type === 'timeZoneName')!
        .value.replace('GMT', 'UTC');
}

/** The picture for a page's hero, or none when its content has nothing to draw. */
export function heroVisual(input: VisualInput): HeroVisual | undefined {
  const { family, sections } = input;
  const steps = first(sections, 'steps');
  if (family === 'home') return officesVisual(input);
  if (family === 'outsourcing') return deliveryVisual(input);
  if (family === 'consulting') {
    const note = input.card?.duration && `Engagement: ${input.card.duration}`;
    const maturity = first(sections, 'maturity');
    const stages = first(sections, 'stages');
    if (maturity) return maturityVisual(maturity, note);
    if (stages) return stagesVisual(stages, note);
    return steps && stepsVisual(steps, note);
  }
  const sla = first(sections, 'sla');
  if (sla)
    return responseVisual(
      sla.title,
      sla.items.map((item) => ({ name: item.title, responseTime: item.responseTime })),
    );
  const severity = first(sections, 'severity');
  if (severity)
    return responseVisual(
      severity.title,
      severity.items.map((item) => ({ name: item.level, responseTime: item.responseTime })),
    );
  if (steps) return stepsVisual(steps);
  const cards = first(sections, 'cards');
  return cards?.items && cards.items.length >= 2 ? stepsVisual({ title: cards.title, items: cards.items }, undefined, false) : undefined;
}
