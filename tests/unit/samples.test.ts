/** The example entries `npm run build:deploy` refuses (scripts/deploy/samples.ts): found by file and line, whatever collection they are in. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSamples, sampleProblem, samplesIn } from '../../scripts/deploy/samples.ts';

const caseStudy = [
  '---',
  '# an example',
  'sample: true',
  'title: Fifteen years of ERP data moved',
  'services:',
  '  - /services/data-migration',
  '---',
  '',
  'Text.',
].join('\n');

describe('samplesIn', () => {
  it("finds a case study's sample line in its frontmatter, with its title and how to replace it", () => {
    const [found, ...others] = samplesIn('content/case-studies/erp.mdx', caseStudy);
    expect(others).toEqual([]);
    expect(found).toMatchObject({ file: 'content/case-studies/erp.mdx', line: 3, what: 'the case study "Fifteen years of ERP data moved"' });
    expect(sampleProblem(found!)).toMatch(
      /^content\/case-studies\/erp\.mdx:3 the case study "Fifteen years of ERP data moved" is an example, not a real one: write a real case study/,
    );
    expect(sampleProblem(found!)).toContain('delete the line "sample: true"');
  });

  it('finds samples in lists of a page and in YAML files, each at its own line', () => {
    const page = [
      '---',
      'sections:',
      '  - type: people',
      '    items:',
      '      - name: A. Person',
      '        sample: true',
      '      - name: Real Person',
      '      - sample: true',
      '        name: B. Person',
      '---',
    ].join('\n');
    expect(samplesIn('content/pages/about.mdx', page).map(({ line, what }) => ({ line, what }))).toEqual([
      { line: 6, what: 'the entry "A. Person"' },
      { line: 8, what: 'the entry "B. Person"' },
    ]);
    expect(samplesIn('content/other/a.yaml', 'name: C. Person\nsample: true\n')).toMatchObject([{ line: 2, what: 'the entry "C. Person"' }]);
    expect(samplesIn('content/people/a.yaml', 'name: C. Person\nsample: true\n')).toMatchObject([{ line: 2, what: 'the person "C. Person"' }]);
  });

  it('ignores real entries, `sample: false`, a client not allowed to be shown, and files it cannot read', () => {
    expect(samplesIn('content/testimonials/a.mdx', '---\nsample: false\nname: Real\n---\n')).toEqual([]);
    expect(samplesIn('content/testimonials/a.mdx', "---\nsample: 'true'\nname: Text, not the flag\n---\n")).toEqual([]);
    expect(samplesIn('content/clients/a.mdx', '---\nsample: true\nname: Hidden\npermission: false\n---\n')).toEqual([]);
    expect(samplesIn('content/clients/a.mdx', '---\nsample: true\nname: Shown\npermission: true\n---\n')).toMatchObject([{ what: 'the client "Shown"' }]);
    expect(samplesIn('content/services/a.mdx', 'no frontmatter, sample: true')).toEqual([]);
    expect(samplesIn('content/services/a.mdx', '---\nsample: true\n  bad: [\n---\n')).toEqual([]);
  });

  it('names an answer of the trust page by its question, and says to fill each [gap] of the example', () => {
    const [found] = samplesIn('content/trust/staff-vetting.mdx', '---\nsample: true\ntitle: Staff vetting\nanswer: Checks [list them].\norder: 5\n---\n');
    expect(found).toMatchObject({ line: 2, what: 'the answer "Staff vetting" on the trust page (/trust)' });
    expect(sampleProblem(found!)).toContain('in place of each [bracketed gap]');
  });

  it('names a quote by the person who said it', () => {
    expect(samplesIn('content/testimonials/a.mdx', '---\nsample: true\nname: Priya Raman\nquote: Words.\n---\n')[0]!.what).toBe('the quote from Priya Raman');
  });
});

describe('findSamples', () => {
  it('lists every sample under content/, sorted by file, and nothing without a content folder', () => {
    const root = mkdtempSync(join(tmpdir(), 'samples-'));
    try {
      expect(findSamples(root)).toEqual([]);
      mkdirSync(join(root, 'content/case-studies'), { recursive: true });
      mkdirSync(join(root, 'content/testimonials'), { recursive: true });
      writeFileSync(join(root, 'content/case-studies/erp.mdx'), caseStudy);
      writeFileSync(join(root, 'content/testimonials/real.mdx'), '---\nname: Real Person\nquote: Real words.\n---\n');
      writeFileSync(join(root, 'content/testimonials/invented.mdx'), '---\nsample: true\nname: Invented Person\n---\n');
      expect(findSamples(root).map(({ file, line }) => `${file}:${line}`)).toEqual(['content/case-studies/erp.mdx:3', 'content/testimonials/invented.mdx:2']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
