/** The hero pictures are drawn from the page's own data: time zones, steps, SLA tiers, maturity scores and stages. */
import { describe, expect, test } from 'vitest';
import { utcOffsetMinutes } from '../../src/config/time-zone.ts';
import { hoursOnClock, overlap, spanHours, spansText } from '../../src/picture-data/time-bands.ts';
import { responseMinutes, weekRange } from '../../src/picture-data/durations.ts';
import { deliveryVisual, heroVisual, officesVisual } from '../../src/picture-data/hero-visual.ts';
import { offices } from '../../src/config/offices.ts';
import type { Section } from '../../src/schemas/sections.ts';

// Fixed dates, so daylight saving time never makes the test depend on the day it runs.
const january = new Date('2026-01-15T12:00:00Z');
const july = new Date('2026-07-15T12:00:00Z');
const india = [{ from: 9, to: 18 }];
const istHours = (timeZone: string, date: Date) => hoursOnClock(9, 18, timeZone, 'Asia/Kolkata', date);

describe('working hours on India’s clock', () => {
  test('offsets come from Intl for the date', () => {
    expect(utcOffsetMinutes('Asia/Kolkata', january)).toBe(330);
    expect(utcOffsetMinutes('Europe/London', january)).toBe(0);
    expect(utcOffsetMinutes('Europe/London', july)).toBe(60);
    expect(utcOffsetMinutes('America/Chicago', january)).toBe(-360);
    expect(utcOffsetMinutes('Australia/Sydney', january)).toBe(660);
  });

  test('London shares 3 h 30 min with India in winter and 4 h 30 min in summer', () => {
    expect(istHours('Europe/London', january)).toEqual([{ from: 14.5, to: 23.5 }]);
    expect(spanHours(overlap(india, istHours('Europe/London', january)))).toBe(3.5);
    expect(spanHours(overlap(india, istHours('Europe/London', july)))).toBe(4.5);
  });

  test('Austin’s day crosses India’s midnight and shares no hours with it', () => {
    const austin = istHours('America/Chicago', january);
    expect(austin).toEqual([
      { from: 20.5, to: 24 },
      { from: 0, to: 5.5 },
    ]);
    expect(spansText(austin)).toBe('20:30-05:30');
    expect(overlap(india, austin)).toEqual([]);
    expect(spansText(istHours('America/Chicago', july))).toBe('19:30-04:30');
  });

  test('Sydney’s afternoon is India’s morning: 3 h 30 min shared in January, 4 h 30 min in July', () => {
    expect(overlap(india, istHours('Australia/Sydney', january))).toEqual([{ from: 9, to: 12.5 }]);
    expect(spanHours(overlap(india, istHours('Australia/Sydney', july)))).toBe(4.5);
  });

  test('the delivery picture has India and one row per other office, each office with its own hours (tests/unit/delivery-chart.test.ts checks them)', () => {
    const visual = deliveryVisual({ offices, date: january })!;
    expect(visual.rows.map((row) => row.label)).toEqual(offices.map((office) => `${office.city}, ${office.country}`));
    expect(visual.rows[0]!.value).toBe('09:00-18:00');
    expect(visual.title).toBe("Office hours on Noida's clock (IST)");
  });

  test('the home picture is the office map, its words from the offices: the headquarters delivers, the others are local', () => {
    const visual = officesVisual({ offices });
    expect(visual).toEqual({
      kind: 'map',
      title: '5 offices, one delivery team',
      note: 'Delivery from Noida; Austin, London, Toronto and Sydney meet you in your time zone',
      ownContent: true,
    });
    expect(officesVisual({ offices: offices.filter((office) => office.city !== 'Sydney') }).title).toBe('4 offices, one delivery team');
  });
});

describe('durations as copy writes them', () => {
  test('response times in minutes', () => {
    expect(['15 minutes', '2 hours', '8 hours', '1 business day', 'Next release'].map(responseMinutes)).toEqual([15, 120, 480, 1440, undefined]);
  });
  test('week ranges', () => {
    expect(weekRange('2-3 weeks')).toEqual({ min: 2, max: 3 });
    expect(weekRange('12 to 24 weeks')).toEqual({ min: 12, max: 24 });
    expect(weekRange('6 weeks')).toEqual({ min: 6, max: 6 });
    expect(weekRange('10-week transition, then ongoing support')).toEqual({ min: 10, max: 10 });
    expect(weekRange('Ongoing')).toBeUndefined();
  });
});

const heading = { tone: 'plain' as const, actions: [] };
const steps = (titles: string[]): Section => ({
  type: 'steps',
  ...heading,
  title: 'How We Work',
  items: titles.map((title) => ({ title, description: `${title} in detail.` })),
});
const visualOf = (family: 'services' | 'consulting', sections: Section[], card?: { duration?: string }) =>
  heroVisual({ family, sections, card, offices, date: january });

describe('the picture a page gets from its sections', () => {
  test('a services page with steps: one node per step, in order', () => {
    const visual = visualOf('services', [steps(['Assess', 'Plan', 'Migrate', 'Validate', 'Support'])]);
    expect(visual?.kind).toBe('steps');
    expect(visual?.kind === 'steps' && visual.steps.map((step) => step.title)).toEqual(['Assess', 'Plan', 'Migrate', 'Validate', 'Support']);
  });

  test('a services page with SLA tiers draws them, bars as long as their response times', () => {
    const sla: Section = {
      type: 'sla',
      ...heading,
      title: 'Priority-Based SLAs',
      items: [
        { title: 'Critical', responseTime: '15 minutes', description: 'Down.', features: [] },
        { title: 'Medium', responseTime: '8 hours', description: 'Minor.', features: [] },
      ],
    };
    const visual = visualOf('services', [steps(['A', 'B']), sla]);
    expect(visual?.kind).toBe('rows');
    if (visual?.kind !== 'rows') return;
    expect(visual.note).toBe('Response time for each priority');
    expect(visual.max).toBe(480);
    expect(visual.rows.map((row) => [row.label, row.value, row.segments[0]?.to])).toEqual([
      ['Critical', '15 minutes', 15],
      ['Medium', '8 hours', 480],
    ]);
  });

  test('a consulting page shows its maturity scores, with the engagement’s length from its card', () => {
    const maturity: Section = { type: 'maturity', ...heading, title: 'Maturity', items: [{ area: 'Data', description: 'd', level: 'Managed', score: 60 }] };
    const visual = visualOf('consulting', [steps(['A', 'B']), maturity], { duration: '2-6 weeks' });
    expect(visual?.note).toBe('Engagement: 2-6 weeks');
    expect(visual?.kind === 'rows' && visual.rows[0]).toEqual({
      label: 'Data',
      value: 'Managed, score 60 / 100',
      segments: [{ from: 0, to: 60, tone: 'main' }],
    });
  });

  test('maturity is pictured as a score out of 100, as the section says it, even where the level is written as a percentage', () => {
    const maturity: Section = { type: 'maturity', ...heading, title: 'Maturity', items: [{ area: 'Data', description: 'd', level: '80%', score: 80 }] };
    const visual = visualOf('consulting', [maturity]);
    expect(visual?.kind === 'rows' && visual.rows.map((row) => row.value)).toEqual(['Score 80 / 100']);
  });

  test('stages follow one another in weeks; an ongoing one runs to the end of the scale', () => {
    const stages: Section = {
      type: 'stages',
      ...heading,
      title: 'Timeline',
      items: [
        { stage: 'Plan', description: 'p', duration: '3-5 weeks' },
        { stage: 'Migrate', description: 'm', duration: '4-12 weeks' },
        { stage: 'Operate', description: 'o', duration: 'Ongoing' },
      ],
    };
    const visual = visualOf('consulting', [stages]);
    if (visual?.kind !== 'rows') throw new Error('expected bars');
    expect(visual.max).toBe(24);
    expect(visual.rows.map((row) => row.segments)).toEqual([
      [
        { from: 0, to: 3, tone: 'main' },
        { from: 3, to: 5, tone: 'range' },
      ],
      [
        { from: 3, to: 7, tone: 'main' },
        { from: 7, to: 15, tone: 'range' },
      ],
      [{ from: 7, to: 24, tone: 'range' }],
    ]);
  });

  test('a page with neither steps nor tiers pictures its offers, unnumbered', () => {
    const cards: Section = {
      type: 'cards',
      ...heading,
      title: 'What We Offer',
      columns: 3,
      variant: 'default',
      linkLabel: 'Learn More',
      items: ['Audit', 'Hardening'].map((title) => ({ title, description: 'x', features: [], external: false })),
    };
    const visual = visualOf('services', [cards]);
    expect(visual?.kind === 'steps' && [visual.numbered, visual.steps.length]).toEqual([false, 2]);
  });
});
