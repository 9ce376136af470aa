import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { imageProblems, measurePage, type PageWeight } from '../../scripts/page-weight/page-weight.ts';
import { budgetBreaches } from '../../scripts/page-weight/budgets.ts';

const page = (overrides: Partial<PageWeight>): PageWeight => ({
  path: '/services/security',
  html: 10_000,
  inlineCss: 5_000,
  css: 0,
  laterCss: 0,
  printCss: 0,
  jsOnLoad: 0,
  jsOnIntent: 0,
  imageProblems: [],
  ...overrides,
});

describe('page weight budgets', () => {
  test('a page within its budgets passes', () => {
    expect(budgetBreaches([page({})])).toEqual([]);
  });

  test('a breach names the page and the bytes', () => {
    expect(budgetBreaches([page({ html: 25_000 })])).toEqual([
      '/services/security: its first response is 25000 bytes gzip, 10664 bytes over the 14336-byte budget: shorten its longest texts or move part of it to a page of its own (docs/CONTENT.md, "When a page gets too heavy")',
    ]);
    expect(budgetBreaches([page({ path: '/', jsOnLoad: 1200 })])).toEqual(['/: 1200 bytes gzip of JavaScript before interaction, over the 0-byte budget']);
  });

  test('HTML + CSS may take 14 KB, and 24 KB on the legal pages', () => {
    expect(budgetBreaches([page({ html: 14 * 1024 })])).toEqual([]);
    expect(budgetBreaches([page({ html: 14 * 1024 + 1 })])).toHaveLength(1);
    expect(budgetBreaches([page({ path: '/terms-condition', html: 24 * 1024 })])).toEqual([]);
    expect(budgetBreaches([page({ path: '/terms-condition', html: 24 * 1024 + 1 })])).toHaveLength(1);
  });

  test("no public page fetches JavaScript before interaction; the form's code may take 80 KB on first touch", () => {
    expect(budgetBreaches([page({ path: '/contact', jsOnLoad: 1 })])).toEqual([
      '/contact: 1 bytes gzip of JavaScript before interaction, over the 0-byte budget',
    ]);
    expect(budgetBreaches([page({ path: '/about', jsOnLoad: 1 })])).toHaveLength(1);
    expect(budgetBreaches([page({ path: '/contact', jsOnIntent: 80 * 1024 })])).toEqual([]);
    expect(budgetBreaches([page({ path: '/contact', jsOnIntent: 80 * 1024 + 1 })])).toEqual([
      '/contact: 81921 bytes gzip of JavaScript on the first touch of the form, over the 81920-byte budget',
    ]);
  });

  test('images need width, height and a modern format', () => {
    expect(imageProblems('<img src="/a.webp" width="10" height="10" alt="">')).toEqual([]);
    expect(imageProblems('<img src="/a.png" alt="">')).toEqual(['/a.png: no width and height', '/a.png: not WebP, AVIF or SVG']);
    expect(imageProblems('<img src="/a.avif" srcset="/a-2x.jpg 2x" width="1" height="1" alt="">')).toEqual(['/a.avif: not WebP, AVIF or SVG']);
  });

  test("an island's code counts before interaction unless it waits for the first touch (client:intent)", async () => {
    const root = mkdtempSync(join(tmpdir(), 'page-weight-'));
    mkdirSync(join(root, '_astro'));
    writeFileSync(join(root, '_astro/Form.js'), `import "./react.js";\nexport default function Form() { return 'a form'.repeat(50); }`);
    writeFileSync(join(root, '_astro/react.js'), `export const react = '${'react '.repeat(200)}';`);
    writeFileSync(join(root, '_astro/client.js'), `import "./react.js";\nexport default () => {};`);
    const island = (client: string) =>
      `<!doctype html><title>t</title><astro-island component-url="/_astro/Form.js" renderer-url="/_astro/client.js" ssr client="${client}"></astro-island>`;
    writeFileSync(join(root, 'visible.html'), island('visible'));
    writeFileSync(join(root, 'intent.html'), island('intent'));

    const visible = await measurePage(root, join(root, 'visible.html'));
    const intent = await measurePage(root, join(root, 'intent.html'));
    expect(visible.jsOnLoad).toBeGreaterThan(0);
    expect(visible.jsOnIntent).toBe(0);
    expect(intent.jsOnLoad).toBe(0);
    expect(intent.jsOnIntent).toBe(visible.jsOnLoad);
  });

  test('a stylesheet for print only is reported apart: it is no part of the first response', async () => {
    const root = mkdtempSync(join(tmpdir(), 'page-weight-'));
    mkdirSync(join(root, '_astro'));
    writeFileSync(join(root, '_astro/screen.css'), `body{color:red}${'.a{margin:0}'.repeat(50)}`);
    writeFileSync(join(root, '_astro/print.css'), `@page{margin:1cm}${'.b{display:none}'.repeat(50)}`);
    writeFileSync(
      join(root, 'page.html'),
      '<!doctype html><title>t</title><link rel="stylesheet" href="/_astro/screen.css"><link rel="stylesheet" href="/_astro/print.css" media="print">',
    );

    const weight = await measurePage(root, join(root, 'page.html'));
    expect(weight.css).toBeGreaterThan(0);
    expect(weight.printCss).toBeGreaterThan(0);
    expect(budgetBreaches([{ ...weight, html: 14 * 1024 - weight.css }])).toEqual([]);
    expect(budgetBreaches([{ ...weight, html: 14 * 1024 - weight.css + 1 }])).toHaveLength(1);
  });

  test('a stylesheet linked in the body, after the first screen, is reported apart from the first response', async () => {
    const root = mkdtempSync(join(tmpdir(), 'page-weight-'));
    writeFileSync(join(root, 'site.css'), `body{color:red}${'.a{margin:0}'.repeat(50)}`);
    writeFileSync(
      join(root, 'page.html'),
      '<!doctype html><html><head><title>t</title></head><body><header>Hero</header><link rel="stylesheet" href="/site.css?v=1"><main>Rest</main></body></html>',
    );

    const weight = await measurePage(root, join(root, 'page.html'));
    expect(weight.css).toBe(0);
    expect(weight.laterCss).toBeGreaterThan(0);
  });
});
