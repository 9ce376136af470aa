import { CATEGORIES, type Category, type PageAudit } from './lighthouse-page.ts';

/** Issue 5's bar: a perfect score in accessibility, best practices and SEO, and 95 in performance. */
export const MINIMUM_SCORES: Readonly<Record<Category, number>> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

export const NOT_FOUND_PATH = '/this-page-does-not-exist';

/**
 * Categories not gated per page. The 404 page is answered with status 404 on purpose, which Lighthouse's SEO
 * audit "http-status-code" always fails, so SEO is reported but not gated there.
 */
export const UNGATED: Readonly<Record<string, readonly Category[]>> = {
  [NOT_FOUND_PATH]: ['seo'],
};

export const isGated = (path: string, category: Category) => !(UNGATED[path] ?? []).includes(category);

/** One line per page and category under its minimum, e.g. "/about: accessibility 96 < 100". */
export function gateFailures(pages: readonly PageAudit[]): string[] {
  const failures: string[] = [];
  for (const page of pages) {
    if (page.runtimeError) {
      failures.push(`${page.path}: Lighthouse could not audit it (${page.runtimeError})`);
      continue;
    }
    for (const category of CATEGORIES) {
      if (!isGated(page.path, category)) continue;
      const score = page.scores[category];
      if (score === null) failures.push(`${page.path}: ${category} has no score`);
      else if (score < MINIMUM_SCORES[category]) failures.push(`${page.path}: ${category} ${score} < ${MINIMUM_SCORES[category]}`);
    }
  }
  return failures;
}
