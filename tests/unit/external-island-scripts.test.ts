/**
 * Astro's island loader leaves the page for a cached file (src/integrations/external-island-scripts.ts).
 * Checked against the build in dist/ (npm test builds first), so an Astro upgrade that changes the loader
 * fails here rather than in a visitor's browser.
 */
import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { islandScriptName } from '../../src/integrations/external-island-scripts.ts';

const dist = 'dist';

describe('island scripts moved out of the page', () => {
  test('the contact page loads the loader and its directive from files, deferred and in order', () => {
    const html = readFileSync(join(dist, 'contact.html'), 'utf8');
    expect(html).toContain('<astro-island');
    expect(html).not.toContain('customElements.define("astro-island"');
    const sources = [...html.matchAll(/<script src="(\/_astro\/astro-[\w.-]+\.js)" defer><\/script>/g)].map((match) => match[1]!);
    expect(sources.map((src) => src.replace(/\.[\w-]+\.js$/, ''))).toEqual(['/_astro/astro-visible', '/_astro/astro-island']);
    for (const src of sources) expect(existsSync(join(dist, src)), src).toBe(true);
    expect(islandScriptName(readFileSync(join(dist, sources[1]!), 'utf8'))).toBe('astro-island');
  });

  test('other inline scripts stay where they are', () => {
    expect(islandScriptName(readFileSync('src/scripts/count-up.js', 'utf8'))).toBeUndefined();
    expect(islandScriptName("document.documentElement.classList.add('counters-pending')")).toBeUndefined();
    expect(readFileSync(join(dist, 'about.html'), 'utf8')).toContain('counters-pending');
  });
});
