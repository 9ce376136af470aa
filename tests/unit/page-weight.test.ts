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
      '/services/security: HTML + CSS is 25000 bytes gzip, over the 19456-byte budget',
    ]);
    expect(budgetBreaches([page({ path: '/', jsOnLoad: 1200 })])).toEqual(['/: 1200 bytes gzip of JavaScript before interaction, over the 0-byte budget']);
  });

  test('only the About counters and the contact form may load JavaScript before interaction', () => {
    expect(budgetBreaches([page({ path: '/about', jsOnLoad: 69_000 }), page({ path: '/contact', jsOnLoad: 79_000 })])).toEqual([]);
    expect(budgetBreaches([page({ path: '/contact', jsOnLoad: 90_000 })])).toHaveLength(1);
  });

  test('images need width, height and a modern format', () => {
    expect(imageProblems('<img src="/a.webp" width="10" height="10" alt="">')).toEqual([]);
    expect(imageProblems('<img src="/a.png" alt="">')).toEqual(['/a.png: no width and height', '/a.png: not WebP, AVIF or SVG']);
    expect(imageProblems('<img src="/a.avif" srcset="/a-2x.jpg 2x" width="1" height="1" alt="">')).toEqual(['/a.avif: not WebP, AVIF or SVG']);
  });
});
