/**
 * A writer's mistake in a content file is caught by the zod schemas with the field's path and a message
 * that says what to do, and `astro sync` (which every build runs first) names the file and the field.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'astro/zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facts } from '../../src/config/facts.ts';
import { quotingFacts } from '../../src/schemas/facts.ts';
import { legalPage, page, subPage } from '../../src/schemas/page.ts';
import { splitAtHighlight } from '../../src/schemas/title-highlight.ts';
import { astro, copyProject } from '../support/project-copy.ts';

/** A valid sub-page; each test breaks one field of a copy. */
const valid = () => ({
  seo: { title: 'Data Migration Services', description: 'Secure, validated movement of data between databases, ERPs and cloud platforms.' },
  order: 1,
  navLabel: 'Data Migration',
  hero: { title: 'Move Your Data With Confidence', subtitle: 'We migrate data with full reconciliation.' },
  sections: [
    {
      type: 'cards',
      title: 'Data Migration Expertise',
      items: [{ icon: 'database', title: 'Database Migration', description: 'Between engines.', features: ['Schema conversion'], link: '/contact' }],
    },
    { type: 'stats', title: 'By the Numbers', items: [{ number: 14, suffix: '', label: 'Cloud regions we deploy to' }] },
  ],
});

type Entry = ReturnType<typeof valid> & Record<string, unknown>;

/** The issues zod reports for `data`, as "path: message" lines. */
function problems(schema: z.ZodType, data: unknown): string[] {
  const result = schema.safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('content schemas', () => {
  it('accept a valid sub-page, and fill defaults', () => {
    const parsed = subPage.parse(valid());
    expect(parsed.sections[0]).toMatchObject({ type: 'cards', columns: 3, linkLabel: 'Learn More' });
    expect(parsed.hero.actions).toEqual([]);
  });

  it('reject a missing title, naming the field', () => {
    const entry: Entry = valid();
    delete (entry.hero as Partial<Entry['hero']>).title;
    expect(problems(subPage, entry)).toEqual(['hero.title: Invalid input: expected string, received undefined']);
    expect(problems(legalPage, { seo: entry.seo, lastUpdated: '2025-08-18', summary: 'Terms.', order: 2 })).toEqual([
      'title: Invalid input: expected string, received undefined',
    ]);
  });

  it('reject features that are not a list', () => {
    const entry = valid();
    Object.assign(entry.sections[0]!.items[0]!, { features: 'Schema conversion, data cleansing' });
    expect(problems(subPage, entry)).toEqual(['sections.0.items.0.features: Invalid input: expected array, received string']);
  });

  it('reject a link in no known form, and accept site paths, anchors and https/tel/mailto', () => {
    const withLink = (link: string) => {
      const entry = valid();
      Object.assign(entry.sections[0]!.items[0]!, { link });
      return problems(subPage, entry);
    };
    expect(withLink('services/data-migration')).toEqual([
      'sections.0.items.0.link: "services/data-migration" is not a link: write a page of this site as /path in lowercase (e.g. /services/security or /contact#form), a section of this page as #id, or a full https:, tel: or mailto: address',
    ]);
    for (const wrong of ['http://example.com', '/services#', '/Services/Security', '/services/', 'www.example.com'])
      expect(withLink(wrong), wrong).toHaveLength(1);
    // Whether the page exists is known once every collection is loaded (tests/unit/content-links.test.ts).
    for (const ok of [
      '/',
      '/about',
      '/services/data-migration',
      '/services/outsourcing',
      '/services#all-services',
      'https://talent.example.com/contact',
      'tel:+911204567890',
      'mailto:info@example.com',
    ]) {
      expect(withLink(ok), ok).toEqual([]);
    }
    // An anchor must lead to a section of the same page.
    expect(withLink('#process')).toEqual([
      'sections.0.items.0.link: "#process" leads nowhere: no section of this page has the id "process" (the ids here are none)',
    ]);
  });

  it('reject an unknown icon, pointing to the Lucide catalogue', () => {
    const entry = valid();
    Object.assign(entry.sections[0]!.items[0]!, { icon: 'databse' });
    expect(problems(subPage, entry)).toEqual([
      'sections.0.items.0.icon: "databse" is not a Lucide icon name (browse them at lucide.dev/icons, e.g. "database")',
    ]);
  });

  it('reject a section with an unknown type, listing the types that exist', () => {
    const entry = valid();
    Object.assign(entry.sections[0]!, { type: 'carousel' });
    const [problem, ...rest] = problems(subPage, entry);
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^sections\.0\.type: Invalid discriminator value\. Expected 'cards' \| 'checklist' \| 'steps' \| 'stats'/);
  });

  it('reject a second FAQ section on a page', () => {
    const faq = { type: 'faq', title: 'Questions', items: [{ question: 'How long does a migration take?', answer: 'Most take four to twelve weeks.' }] };
    const entry = valid();
    entry.sections.push(faq as never);
    expect(problems(subPage, entry)).toEqual([]);
    entry.sections.push({ ...faq, title: 'More Questions' } as never);
    expect(problems(subPage, entry)).toEqual(['sections: a page has at most one section of type "faq": merge the questions into one']);
  });

  it('reject a stat number written as a string', () => {
    const entry = valid();
    Object.assign(entry.sections[1]!.items[0]!, { number: '14' });
    expect(problems(subPage, entry)).toEqual(['sections.1.items.0.number: Invalid input: expected number, received string']);
  });

  it('split a figure written as a value, quoting a fact or literal', () => {
    const entry = valid();
    entry.sections[1]!.items = [
      { value: '{{yearsExperience}}', label: 'Years of Experience' },
      { value: '{{costReduction}}', label: 'Cost Reduction' },
      { value: '24/7', label: 'Coverage' },
    ] as never;
    const stats = quotingFacts(subPage).parse(entry).sections[1] as { items: unknown[] };
    expect(stats.items).toEqual([
      { prefix: '', number: Number.parseInt(facts.yearsExperience, 10), suffix: facts.yearsExperience.replace(/^\d+/, ''), label: 'Years of Experience' },
      { prefix: 'Up to ', number: 60, suffix: '%', label: 'Cost Reduction' },
      { prefix: '', number: 24, suffix: '/7', label: 'Coverage' },
    ]);
  });

  it('reject a figure value without a number, and a figure written twice', () => {
    const entry = valid();
    entry.sections[1]!.items = [
      { value: 'many', label: 'Releases' },
      { value: '12+', number: 12, label: 'Releases a year' },
    ] as never;
    expect(problems(quotingFacts(subPage), entry)).toEqual([
      'sections.1.items.0.value: write the figure as text with a number in it, like 30+ or {{yearsExperience}}',
      'sections.1.items.1.number: write the figure once: as value, or as number with prefix and suffix',
    ]);
  });

  it('reject a company figure written by hand in a stat, naming the fact to quote', () => {
    const entry = valid();
    entry.sections[1]!.items = [{ value: '30+', label: 'Years' }] as never;
    expect(problems(quotingFacts(subPage), entry)).toEqual([
      expect.stringMatching(/^sections\.1\.items\.0\.value: "30\+" writes out a company figure by hand: write \{\{yearsExperience\}\}/),
    ]);
  });

  it('reject an unknown fact, naming the field, the fact it resembles and the facts that exist', () => {
    const entry = valid();
    entry.sections[1]!.items = [{ value: '{{yearsExperiance}}', label: 'Years' }] as never;
    entry.hero.subtitle = 'Replies within {{responseTime}} or {{replyTime}}.';
    expect(problems(quotingFacts(subPage), entry)).toEqual([
      expect.stringMatching(/^hero\.subtitle: \{\{replyTime\}\} is not a fact of src\/config\/facts\.ts \(known: .*\{\{responseTime\}\}/),
      expect.stringMatching(
        /^sections\.1\.items\.0\.value: \{\{yearsExperiance\}\} is not a fact of src\/config\/facts\.ts: did you mean \{\{yearsExperience\}\}\? \(known: /,
      ),
    ]);
  });

  it('quote facts in any frontmatter text', () => {
    const entry = valid();
    entry.hero.subtitle = 'Answers within {{responseTime}} from a team with {{yearsExperience}} years behind it.';
    expect(quotingFacts(subPage).parse(entry).hero.subtitle).toBe(
      `Answers within ${facts.responseTime} from a team with ${facts.yearsExperience} years behind it.`,
    );
  });

  it('find a highlight in its title where the two differ only in look-alike spaces, hyphens or quotes', () => {
    const entry = valid();
    entry.hero = { ...entry.hero, title: 'Go\u2011Live Support That\u2019s Right\u00A0the First Time', highlight: "That's Right the First Time" } as never;
    expect(problems(subPage, entry)).toEqual([]);
    expect(splitAtHighlight(entry.hero.title, "That's Right the First Time")).toEqual(['Go\u2011Live Support ', 'That\u2019s Right\u00A0the First Time', '']);
    entry.hero = { ...entry.hero, highlight: 'Right First Time' } as never;
    expect(problems(subPage, entry)).toEqual([expect.stringMatching(/^hero\.highlight: "Right First Time" is not part of the title/)]);
  });

  it('require order and navLabel on a sub-page but not on a top-level page', () => {
    const { order: _order, navLabel: _navLabel, ...topLevel } = valid();
    expect(problems(page, topLevel)).toEqual([]);
    expect(problems(subPage, topLevel)).toEqual([
      'order: Invalid input: expected number, received undefined',
      'navLabel: Invalid input: expected string, received undefined',
    ]);
  });
});

describe('astro sync on a broken content file', () => {
  let copy: Awaited<ReturnType<typeof copyProject>>;
  // The copy is set-up, with the hook's own limit.
  beforeAll(async () => {
    copy = await copyProject('content-schema-');
  });
  afterAll(async () => {
    await copy?.remove();
  });

  // A new astro process: about 2 core-seconds, most of them loading Astro, Vite and Rolldown, and 25 s or more on a
  // loaded 2-core machine.
  it('fails and names the file and the field', { timeout: 120_000 }, async () => {
    const project = copy.root;
    await writeFile(
      join(project, 'content/services/broken-example.mdx'),
      [
        '---',
        'seo:',
        '  title: Broken Example | Kalpaka Technologies',
        '  description: A page with a mistake that the content schema must reject before anything is built.',
        'order: 99',
        'navLabel: Broken Example',
        'hero:',
        '  title: Broken Example',
        '  subtitle: The features of its card are written as text instead of a list.',
        'sections:',
        '  - type: cards',
        '    title: Cards',
        '    items:',
        '      - title: A card',
        '        description: Its features are a sentence, not a list.',
        '        features: Schema conversion, data cleansing',
        '---',
        '',
      ].join('\n'),
    );

    const failure = await astro(project, 'sync').then(
      () => undefined,
      (error: { code?: number; stdout: string; stderr: string }) => error,
    );
    expect(failure, 'astro sync should fail').toBeDefined();
    const output = `${failure!.stdout}\n${failure!.stderr}`;
    expect(failure!.code).not.toBe(0);
    expect(output).toContain('content/services/broken-example.mdx needs a fix:');
    expect(output).toContain(
      'content/services/broken-example.mdx:16:9 sections.0.items.0.features: expected a list (lines starting with "- "), found the text "Schema conversion, data cleansing"',
    );
  });
});
