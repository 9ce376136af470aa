import { describe, expect, test } from 'vitest';
import { imageProblems, type PageWeight } from '../../scripts/lib/page-weight.ts';
import { budgetBreaches } from '../../scripts/lib/budgets.ts';

const page = (overrides: Partial<PageWeight>): PageWeight => ({
  path: '/services/security',
  html: 10_000,
  inlineCss: 5_000,
  css: 0,
  jsOnLoad: 0,
  imageProblems: [],
  ...overrides,
});

describe('page weight budgets', () => {
  test('a page within its budgets passes', () => {
    expect(budgetBreaches([page({})])).toEqual([]);
  });

  test('a breach names the page and the bytes', () => {
    expect(budgetBreaches([page({ html: 25_000 })])).toEqual([
      '/services/security: HTML + CSS is 25000 bytes gzip, over the 14336-byte budget',
    ]);
    expect(budgetBreaches([page({ path: '/', jsOnLoad: 1200 })])).toEqual(['/: 1200 bytes gzip of JavaScript before interaction, over the 0-byte budget']);
  });

  test('HTML + CSS may take 14 KB, and 24 KB on the legal pages', () => {
    expect(budgetBreaches([page({ html: 14 * 1024 })])).toEqual([]);
    expect(budgetBreaches([page({ html: 14 * 1024 + 1 })])).toHaveLength(1);
    expect(budgetBreaches([page({ path: '/terms-condition', html: 24 * 1024 })])).toEqual([]);
    expect(budgetBreaches([page({ path: '/terms-condition', html: 24 * 1024 + 1 })])).toHaveLength(1);
  });

  test('only the contact form may fetch JavaScript before interaction', () => {
    expect(budgetBreaches([page({ path: '/contact', jsOnLoad: 79_000 })])).toEqual([]);
    expect(budgetBreaches([page({ path: '/contact', jsOnLoad: 90_000 })])).toHaveLength(1);
    expect(budgetBreaches([page({ path: '/about', jsOnLoad: 1 })])).toHaveLength(1);
  });

  test('images need width, height and a modern format', () => {
    expect(imageProblems('<img src="/a.webp" width="10" height="10" alt="">')).toEqual([]);
    expect(imageProblems('<img src="/a.png" alt="">')).toEqual(['/a.png: no width and height', '/a.png: not WebP, AVIF or SVG']);
    expect(imageProblems('<img src="/a.avif" srcset="/a-2x.jpg 2x" width="1" height="1" alt="">')).toEqual(['/a.avif: not WebP, AVIF or SVG']);
  });
});
