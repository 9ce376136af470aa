import { describe, expect, it } from 'vitest';
import type { PageWeight } from '../../scripts/page-weight/page-weight.ts';
import { pageWeightSection } from '../../scripts/page-weight/quality-section.ts';

const page = (path: string, html: number, jsOnIntent = 0): PageWeight => ({
  path,
  html,
  inlineCss: 0,
  css: 0,
  laterCss: 0,
  printCss: 0,
  jsOnLoad: 0,
  jsOnIntent,
  imageProblems: [],
});

describe("the quality report's page weight", () => {
  const section = pageWeightSection([page('/', 13_000), page('/about', 14_000), page('/contact', 12_000, 70_000), page('/404', 7_000)]);

  it('gives the range of first responses over the pages, the 404 page aside', () => {
    expect(section).toContain('11.7 KB–13.7 KB on 3 pages');
  });

  it('names the pages with the least headroom first, in bytes under their budget', () => {
    expect(section).toContain('Least headroom: /about (336 B), / (1336 B), /contact (2336 B).');
  });

  it('gives the JavaScript on first touch against its budget, and a row for every page', () => {
    expect(section).toContain('68.4 KB (budget 80.0 KB)');
    expect(section.split('\n').filter((line) => line.startsWith('| /'))).toHaveLength(4);
  });
});
