/**
 * The hero pictures of the overview pages and /about, worked out from their content at build time: the services
 * placed along the life of a system, the consulting offers on one scale of weeks, the outsourcing lines with the
 * time from signing to a working team, and the company's years from its founding to today. Pure data; the
 * components of src/components/visuals/ draw it, and src/content/hub-pictures.ts gathers what it reads.
 */
import { lifecycleStages, type LifecycleStage } from '../schemas/hub-pictures.ts';
import { weekRange } from './durations.ts';
import type { ChartRow, RowsVisual, Segment } from './hero-visual.ts';

interface HubVisualBase {
  title: string;
  note?: string;
  /** Shown below the hero text on narrow screens too: each of these pictures says something the page does not. */
  ownContent: boolean;
}

/** Stages in order, each with the services that serve it; the stages no service serves are left out. */
export interface LifecycleVisual extends HubVisualBase {
  kind: 'lifecycle';
  stages: { label: string; services: string[] }[];
}

/** Events from the founding to today, in order; `showYear` is false where the year is the one just above. */
export interface TimelineVisual extends HubVisualBase {
  kind: 'timeline';
  /** The founding year and this year: the bar's ends. */
  from: number;
  to: number;
  /** The decades' first years inside the span (2000, 2010, 2020), where the bar is cut so it reads as years. */
  decades: number[];
  events: { year?: number; showYear: boolean; title: string }[];
}

/** The time from signing to a working team on a scale of weeks, with the lines a team can serve. */
export interface DeploymentVisual extends HubVisualBase {
  kind: 'deployment';
  deployment: RowsVisual;
  lines: { title: string; icon?: string }[];
}

export type HubVisual = LifecycleVisual | TimelineVisual | DeploymentVisual;

/** "Services without a stage": a service listed before its writer has chosen one is still drawn, after the stages. */
export const unplacedLabel = 'Also';

export function lifecycleVisual(services: readonly { title: string; lifecycle?: LifecycleStage }[]): LifecycleVisual {
  const stages = (Object.entries(lifecycleStages) as [LifecycleStage, string][])
    .map(([stage, label]) => ({ label, services: services.filter((service) => service.lifecycle === stage).map((service) => service.title) }))
    .filter((stage) => stage.services.length > 0);
  const unplaced = services.filter((service) => service.lifecycle === undefined).map((service) => service.title);
  return {
    kind: 'lifecycle',
    title: `${services.length} services along your systems’ life`,
    ownContent: true,
    stages: unplaced.length > 0 ? [...stages, { label: unplacedLabel, services: unplaced }] : stages,
  };
}

/** A length in weeks from the start: solid to its shortest, lighter to its longest. */
const weekBar = (range: { min: number; max: number }): Segment[] => [
  { from: 0, to: range.min, tone: 'main' },
  ...(range.max > range.min ? [{ from: range.min, to: range.max, tone: 'range' as const }] : []),
];

/**
 * Each offer's length on one scale of weeks from its start: the shortest length solid, the rest of its range lighter.
 * An offer whose length names no weeks ("On request") keeps its words and gets no bar.
 */
export function offersVisual(offers: readonly { title: string; duration?: string }[]): RowsVisual {
  const ranges = offers.map((offer) => (offer.duration ? weekRange(offer.duration) : undefined));
  const longest = Math.max(1, ...ranges.map((range) => range?.max ?? 0));
  const max = Math.ceil(longest / 2) * 2;
  return {
    kind: 'rows',
    title: `${offers.length} consulting engagements in weeks`,
    note: 'Each engagement’s length; the lighter part is the longer end of its range',
    ownContent: true,
    max,
    ticks: ['Week 0', `Week ${max / 2}`, `Week ${max}`],
    rows: offers.map((offer, i): ChartRow => {
      const range = ranges[i];
      return {
        label: offer.title,
        value: offer.duration ?? 'On request',
        segments: range ? weekBar(range) : [],
      };
    }),
  };
}

/**
 * The case studies on one scale of weeks, in the page's order: each engagement's length solid, with its team's size
 * beside it; one that went on as a running service ("10-week transition, then ongoing support") continues lighter to
 * the scale's end. A length that names no weeks keeps its words and gets no bar.
 */
export function caseStudiesVisual(studies: readonly { client: string; duration: string; teamSize?: number | undefined }[]): RowsVisual {
  const ranges = studies.map((study) => weekRange(study.duration));
  const ongoing = studies.map((study) => /\bongoing\b/i.test(study.duration));
  const longest = Math.max(1, ...ranges.map((range) => range?.max ?? 0));
  const max = Math.ceil(longest / 2) * 2 + (ongoing.includes(true) ? 2 : 0);
  const weeks = (range: { min: number; max: number }) => `${range.min === range.max ? range.min : `${range.min}-${range.max}`} weeks`;
  return {
    kind: 'rows',
    title: `${studies.length} ${studies.length === 1 ? 'engagement' : 'engagements'} in weeks`,
    note: ongoing.includes(true)
      ? 'Each case study’s length and team; a lighter bar is support that goes on'
      : 'Each case study’s length and team; the lighter part is the longer end of its range',
    ownContent: false,
    max,
    ticks: ['Week 0', `Week ${max / 2}`, `Week ${max}`],
    rows: studies.map((study, i): ChartRow => {
      const range = ranges[i];
      const length = range ? `${weeks(range)}${ongoing[i] ? ', then ongoing' : ''}` : study.duration;
      return {
        label: study.client,
        value: study.teamSize ? `${length} · team of ${study.teamSize}` : length,
        segments: range ? [...weekBar(range), ...(ongoing[i] ? [{ from: range.max, to: max, tone: 'range' as const }] : [])] : [],
      };
    }),
  };
}

/** `deployment` is the company's figure ("1-2 weeks"), `label` what it counts ("From signing to a working team"). */
export function deploymentVisual(input: { lines: readonly { title: string; icon?: string }[]; deployment: string; label: string }): DeploymentVisual {
  const range = weekRange(input.deployment);
  const max = Math.max(4, Math.ceil(range?.max ?? 0) * 2);
  return {
    kind: 'deployment',
    title: `${input.lines.length} outsourcing lines`,
    ownContent: true,
    deployment: {
      kind: 'rows',
      title: input.label,
      ownContent: true,
      max,
      ticks: range ? ['Signed', `Week ${max / 2}`, `Week ${max}`] : [],
      rows: [
        {
          label: input.label,
          value: input.deployment,
          segments: range ? weekBar(range) : [],
        },
      ],
    },
    lines: [...input.lines],
  };
}

/**
 * From the founding year to this year: the span as one bar, then the founding, the content's milestones in order
 * (with their years where written) and today's totals.
 */
export function timelineVisual(input: {
  foundedYear: number;
  city: string;
  countries: number;
  today: Date;
  milestones: readonly { title: string; year?: number }[];
  /** Today's totals in words ("500+ projects delivered"). */
  totals: readonly string[];
}): TimelineVisual {
  const year = input.today.getUTCFullYear();
  const years = year - input.foundedYear;
  const events = [{ year: input.foundedYear, title: `Founded in ${input.city}` }, ...input.milestones, { year, title: `Today: ${input.totals.join(', ')}` }];
  let shown: number | undefined;
  return {
    kind: 'timeline',
    title: `${years} years, from ${input.city} to ${input.countries} countries`,
    ownContent: true,
    from: input.foundedYear,
    to: year,
    decades: Array.from({ length: Math.ceil(year / 10) }, (_, i) => i * 10).filter((decade) => decade > input.foundedYear && decade < year),
    events: events.map((event) => {
      const showYear = event.year !== undefined && event.year !== shown;
      if (event.year !== undefined) shown = event.year;
      return { ...event, showYear };
    }),
  };
}
