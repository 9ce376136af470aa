/**
 * The company's figures agree on every built page (npm test builds first): the projects figure is not a count of ERP
 * implementations too, the highest saving is never the saving, the countries are not "our clients'", no team is
 * "working" on the day it starts, and no hero badge names a certification as the company's own. The values come from
 * src/config/figures.ts, so the test follows a changed figure.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { figures } from '../../src/config/figures.ts';

const dist = join(import.meta.dirname, '../../dist');

/** The words a visitor or a search engine reads: text, meta descriptions and structured data, tags as spaces. */
const readable = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<script(?![^>]*ld\+json)[\s\S]*?<\/script>/g, ' ')
    .replace(/<meta [^>]*content="([^"]*)"[^>]*>/g, ' $1 ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function pages(): Array<{ page: string; html: string; text: string }> {
  if (!existsSync(join(dist, 'index.html'))) throw new Error('No dist/index.html: run "npm run build" first (npm test does).');
  return readdirSync(dist, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.html') && !file.startsWith('admin'))
    .map((page) => {
      const html = readFileSync(join(dist, page), 'utf8');
      return { page, html, text: readable(html) };
    });
}

/** Each page's phrases that match `pattern`, as "page: phrase". */
const found = (pattern: RegExp) => pages().flatMap(({ page, text }) => [...text.matchAll(pattern)].map((match) => `${page}: ${match[0]}`));

describe('the company figures on the built pages', () => {
  it('reads pages', () => {
    expect(pages().length).toBeGreaterThan(30);
  });

  it('never gives the projects figure as a count of ERP implementations', () => {
    expect(found(new RegExp(`${escape(figures.projectsDelivered)} ERP`, 'gi'))).toEqual([]);
    expect(found(/ERP implementations and upgrades supported/gi)).toEqual([]);
  });

  it('gives the highest saving only as the top of the range or "up to"', () => {
    const highest = figures.savingsRange.split('-').at(-1)!;
    expect(figures.savings).toBe(`up to ${highest}`);
    expect(found(new RegExp(`(?<![-–\\d])(?<!up to )${escape(highest)}`, 'gi'))).toEqual([]);
  });

  it('never counts the countries as our clients’', () => {
    expect(found(new RegExp(`Clients in ${escape(figures.countriesServed)}`, 'gi'))).toEqual([]);
    expect(found(/Countries where our clients are served/gi)).toEqual([]);
  });

  it(`calls ${figures.teamDeployment} the time to a team in place, not to a working team`, () => {
    expect(found(/working team/gi)).toEqual([]);
    const outsourcing = pages().find(({ page }) => page === 'outsourcing.html')!;
    expect(outsourcing.text).toContain(figures.teamDeployment);
  });

  it('has no hero badge that names a certification as the company’s own', () => {
    const badges = pages().flatMap(({ page, html }) =>
      [...html.matchAll(/<span class="badge badge-glass[^"]*">([\s\S]*?)<\/span>/g)].map((match) => `${page}: ${readable(match[1]!).trim()}`),
    );
    expect(badges.length).toBeGreaterThan(10);
    expect(badges.filter((badge) => /\bCertified$/.test(badge))).toEqual([]);
  });
});
