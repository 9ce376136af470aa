/**
 * The hero pictures of /services, /consulting, /outsourcing and /about are drawn from their content: a service a
 * writer adds is placed at its stage, an offer on the weeks scale, a milestone in the timeline; and the About page's
 * milestones refuse years out of order.
 */
import { describe, expect, test } from 'vitest';
import { deploymentVisual, lifecycleVisual, offersVisual, timelineVisual, unplacedLabel } from '../../src/picture-data/hub-visuals.ts';
import { lifecycleStages, milestones } from '../../src/schemas/hub-pictures.ts';

describe('the services along the systems’ life', () => {
  const services = [
    { title: 'ERP Support', lifecycle: 'support' as const },
    { title: 'Installation', lifecycle: 'install' as const },
    { title: 'Application Support', lifecycle: 'support' as const },
  ];

  test('stages in the lifecycle’s order, each with its services in the overview’s order; empty stages left out', () => {
    expect(lifecycleVisual(services).stages).toEqual([
      { label: lifecycleStages.install, services: ['Installation'] },
      { label: lifecycleStages.support, services: ['ERP Support', 'Application Support'] },
    ]);
    expect(lifecycleVisual(services).title).toBe('3 services along your systems’ life');
  });

  test('a new service is drawn at its stage, and one without a stage still appears, after the stages', () => {
    const visual = lifecycleVisual([...services, { title: 'Cloud Operations', lifecycle: 'operate' }, { title: 'Web Design' }]);
    expect(visual.stages.at(-2)).toEqual({ label: lifecycleStages.operate, services: ['Cloud Operations'] });
    expect(visual.stages.at(-1)).toEqual({ label: unplacedLabel, services: ['Web Design'] });
    expect(visual.title).toMatch(/^5 services/);
  });
});

describe('the consulting offers on one scale of weeks', () => {
  test('each offer’s shortest length solid and the rest of its range lighter, on a scale rounded up to even weeks', () => {
    const visual = offersVisual([
      { title: 'IT Strategy', duration: '2-4 weeks' },
      { title: 'Architecture', duration: '4-9 weeks' },
      { title: 'Audit', duration: '3 weeks' },
    ]);
    expect(visual.max).toBe(10);
    expect(visual.ticks).toEqual(['Week 0', 'Week 5', 'Week 10']);
    expect(visual.rows).toEqual([
      {
        label: 'IT Strategy',
        value: '2-4 weeks',
        segments: [
          { from: 0, to: 2, tone: 'main' },
          { from: 2, to: 4, tone: 'range' },
        ],
      },
      {
        label: 'Architecture',
        value: '4-9 weeks',
        segments: [
          { from: 0, to: 4, tone: 'main' },
          { from: 4, to: 9, tone: 'range' },
        ],
      },
      { label: 'Audit', value: '3 weeks', segments: [{ from: 0, to: 3, tone: 'main' }] },
    ]);
    expect(visual.title).toBe('3 consulting engagements in weeks');
  });

  test('an offer with no length in weeks keeps its words and gets no bar', () => {
    expect(offersVisual([{ title: 'Retainer', duration: 'Ongoing' }, { title: 'New offer' }]).rows.map((row) => [row.value, row.segments])).toEqual([
      ['Ongoing', []],
      ['On request', []],
    ]);
  });
});

describe('the outsourcing lines with the time to a working team', () => {
  test('every line listed, with the company’s figure as a bar from signing', () => {
    const lines = [{ title: 'IT Outsourcing', icon: 'server' }, { title: 'Training' }];
    const visual = deploymentVisual({ lines, deployment: '1-2 weeks', label: 'From signing to a working team' });
    expect(visual.title).toBe('2 outsourcing lines');
    expect(visual.lines).toEqual(lines);
    expect(visual.deployment.ticks).toEqual(['Signed', 'Week 2', 'Week 4']);
    expect(visual.deployment.rows).toEqual([
      {
        label: 'From signing to a working team',
        value: '1-2 weeks',
        segments: [
          { from: 0, to: 1, tone: 'main' },
          { from: 1, to: 2, tone: 'range' },
        ],
      },
    ]);
  });
});

describe('the years from the founding to today', () => {
  const input = {
    foundedYear: 1995,
    city: 'Noida',
    countries: 5,
    today: new Date('2026-11-27T12:00:00Z'),
    totals: ['5 offices', '500+ projects'],
  };

  test('founding, milestones in order and today; a year shown once where two events share it, none where none is written', () => {
    const visual = timelineVisual({ ...input, milestones: [{ title: 'Support', year: 1995 }, { title: 'Consulting' }, { title: 'Cloud', year: 2012 }] });
    expect(visual.title).toBe('31 years, from Noida to 5 countries');
    expect([visual.from, visual.to, visual.decades]).toEqual([1995, 2026, [2000, 2010, 2020]]);
    expect(visual.events).toEqual([
      { year: 1995, showYear: true, title: 'Founded in Noida' },
      { year: 1995, showYear: false, title: 'Support' },
      { showYear: false, title: 'Consulting' },
      { year: 2012, showYear: true, title: 'Cloud' },
      { year: 2026, showYear: true, title: 'Today: 5 offices, 500+ projects' },
    ]);
  });

  test('the About page refuses a milestone dated before the one above it, or before the founding', () => {
    expect(milestones.safeParse([{ title: 'A', year: 2010 }, { title: 'B' }, { title: 'C', year: 2015 }]).success).toBe(true);
    const outOfOrder = milestones.safeParse([
      { title: 'A', year: 2010 },
      { title: 'B', year: 2005 },
    ]);
    expect(outOfOrder.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[1, 'year'], '2005 comes before the year of an earlier milestone (2010): list the milestones in the order they happened'],
    ]);
    expect(milestones.safeParse([{ title: 'A', year: 1990 }]).success).toBe(false);
  });
});
