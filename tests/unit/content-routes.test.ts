/**
 * The lists the tests take from content (scripts/content/content-routes.ts) follow the files: a legal page a writer
 * adds is among the pages the browser tests check (content-pages, page-css, print, home), with its date and headings,
 * and gets the legal pages' page weight budget.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { legalPages, siteRoutes } from '../../scripts/content/content-routes.ts';
import { htmlCssBudget } from '../../scripts/page-weight/budgets.ts';

describe('the legal pages the tests check', () => {
  const root = mkdtempSync(join(tmpdir(), 'content-routes-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('are the files of content/legal, a new one included, in the footer’s order, with their dates and headings', () => {
    cpSync(new URL('../../content/legal/', import.meta.url), join(root, 'legal'), { recursive: true });
    const before = legalPages(`${root}/`);
    expect(before.map((page) => page.path)).toEqual(legalPages().map((page) => page.path));
    expect(before.length).toBeGreaterThan(0);

    writeFileSync(
      join(root, 'legal/cookie-policy.mdx'),
      '---\ntitle: Cookie Policy\nlastUpdated: 2026-01-05\nsummary: Which cookies this site sets.\norder: 0\n---\n\nIntro.\n\n## 1. What We Set\n\nNone.\n\n## 2. Your Choices\n\nAny.\n',
    );
    const after = legalPages(`${root}/`);
    expect(after[0]).toEqual({
      path: '/cookie-policy',
      slug: 'cookie-policy',
      title: 'Cookie Policy',
      lastUpdated: '2026-01-05',
      headings: ['1. What We Set', '2. Your Choices'],
    });
    expect(after.slice(1)).toEqual(before);
    expect(siteRoutes(`${root}/`)).toContain('/cookie-policy');
    // The page weight budget of a legal page (npm run size), not that of a page with a first screen to hold.
    expect(htmlCssBudget('/cookie-policy', `${root}/`)).toBe(htmlCssBudget(before[0]!.path));
    expect(htmlCssBudget('/cookie-policy', `${root}/`)).toBeGreaterThan(htmlCssBudget('/cookie-policy'));
  });
});
