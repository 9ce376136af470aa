import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { figureLabels, figures, figureWords, type FigureName } from '../../src/config/figures.ts';
import { parseMdx } from '../../src/content/mdx-tree.ts';
import { bareFigures } from '../../src/schemas/bare-figures.ts';
import { quotingFacts } from '../../src/schemas/facts.ts';
import { parseInBrowser } from '../../src/schemas/page-text/browser-parser.ts';
import { pageTextProblems } from '../../src/schemas/page-text/index.ts';

/** The facts each text is told to write, in order. */
const factsNamed = (text: string, around?: string) =>
  bareFigures(text, around).map(({ message }) => [...message.matchAll(/\{\{(\w+)\}\}/g)].map((found) => found[1]));

describe('a company figure written out by hand', () => {
  it('is refused, naming the fact to write, its value, what it counts and the docs section', () => {
    const [found, ...more] = bareFigures('We have supported 500+ ERP implementations and upgrades.');
    expect(more).toEqual([]);
    expect(found).toEqual({
      index: 'We have supported '.length,
      length: 4,
      message:
        `"500+ ERP implementations" writes out a company figure by hand: write {{projectsDelivered}} (${figures.projectsDelivered} today: ` +
        `${figureLabels.projectsDelivered.label}) in place of "500+", so every page gives the same figure ` +
        '(docs/CONTENT.md, "Facts: figures, response time and partner links are written once")',
    });
  });

  it('names the figure whose words are beside the number when several share its value', () => {
    expect(factsNamed('Clients in 50+ Countries')).toEqual([['countriesServed']]);
    expect(factsNamed('50+ certified professionals on staff')).toEqual([['certifiedProfessionals']]);
    expect(factsNamed('a team of 50+ engineers')).toEqual([['expertTeam']]);
    expect(factsNamed('500+ cloud workloads migrated')).toEqual([['cloudMigrations']]);
    expect(factsNamed('500+ projects delivered')).toEqual([['projectsDelivered']]);
    expect(factsNamed('500+ cloud and ERP projects')).toEqual([['projectsDelivered', 'cloudMigrations']]);
  });

  it('is refused in every writing of the number: without its +, with a dash or space, with up to', () => {
    expect(factsNamed('For 30 years we have helped organisations')).toEqual([['yearsExperience']]);
    expect(factsNamed('savings of 40–70 % on operating costs')).toEqual([['savingsRange']]);
    expect(factsNamed('70% Cost Savings')).toEqual([['savings']]);
    expect(bareFigures('save up to 70% against onshore teams')[0]?.message).toContain('in place of "up to 70%"');
    expect(factsNamed('a working team within 1-2 weeks')).toEqual([['teamDeployment']]);
    expect(factsNamed('95%+ on-time delivery')).toEqual([['onTimeDelivery']]);
  });

  it('is refused when a figure’s number stands with another figure’s words: the figure written wrong', () => {
    expect(factsNamed('50+ clients worldwide')).toEqual([['happyClients']]);
  });

  it('reads the words beside a number written alone (a stats item’s label)', () => {
    expect(factsNamed('500+', 'Projects delivered')).toEqual([['projectsDelivered']]);
    expect(factsNamed('500+', 'Servers monitored')).toEqual([]);
  });

  it('accepts quoted facts, other numbers, other uses of the same numbers, dates, addresses and phone numbers', () => {
    for (const text of [
      '{{projectsDelivered}} projects, many of them ERP implementations',
      'Savings of {{savingsRange}}, at most {{savings}}',
      'Controls aligned to ISO 27001',
      'Either side may end the contract with 2 weeks notice.',
      'The assessment takes 2-6 weeks.',
      '99.9% uptime, with 40% fewer tickets in the first quarter',
      '500+ servers monitored around the clock',
      'Engineers with 10+ years of experience',
      'A 30-year-old mainframe',
      'Last updated 30 June 2025; reviewed on 2025-06-30',
      'Call +91 120 555 0500 or see https://example.org/500-projects',
      '{{support}} support, 24/7',
    ]) {
      expect(bareFigures(text), text).toEqual([]);
    }
  });

  it('has words for every figure that can contradict another (all but 24/7)', () => {
    const unchecked = (Object.keys(figures) as FigureName[]).filter((name) => !figureWords[name]);
    expect(unchecked).toEqual(['support']);
  });
});

describe('in page text', () => {
  for (const [parser, parse] of [
    ['the build’s parser', parseMdx],
    ['the editor’s parser', parseInBrowser],
  ] as const) {
    it(`is refused at its line and column, across bold and links, but not in code or facts (${parser})`, () => {
      const source = [
        'Intro paragraph.',
        '',
        'We have **supported 500+** [ERP implementations](/services/erp-support-services).',
        '',
        'Quoted: {{projectsDelivered}} projects. Code: `500+ projects`.',
        '',
        '```text',
        '70% cost savings',
        '```',
        '',
        '| Figure | Value |',
        '| --- | --- |',
        '| Countries | 50+ countries |',
      ].join('\n');
      const problems = pageTextProblems(source, parse).map(({ line, column, message }) => `${line}:${column} ${message.slice(0, message.indexOf(':'))}`);
      expect(problems).toEqual([
        '3:21 "500+ ERP implementations" writes out a company figure by hand',
        '13:15 "50+ countries" writes out a company figure by hand',
      ]);
    });
  }
});

describe('in frontmatter', () => {
  const schema = quotingFacts(z.object({}).passthrough());

  it('is refused at its field, whether written as text, as a stats value beside its label, or in parts', () => {
    const result = schema.safeParse({
      hero: { badges: [{ label: '500+ ERP implementations' }, { label: '{{projectsDelivered}} Projects Delivered' }] },
      stats: [
        { value: '70%', label: 'Cost savings' },
        { number: 100, suffix: '+', label: 'Happy clients' },
        { number: 15, suffix: ' min', label: 'Critical response' },
      ],
      href: '/case-studies/500-projects',
    });
    const issues = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message.match(/\{\{\w+\}\}/)?.[0]}`);
    expect(issues).toEqual(['hero.badges.0.label: {{projectsDelivered}}', 'stats.0.value: {{savings}}', 'stats.1.number: {{happyClients}}']);
  });
});
