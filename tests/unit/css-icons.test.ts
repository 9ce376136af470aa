/**
 * The ticks and link arrows src/styles/global.css draws as masks are lucide's icons, as the sprite draws them
 * (src/document/icon-sprite.ts): the same shapes at the same stroke, so a tick drawn by the stylesheet and one from the
 * sprite look alike, and a lucide update that changes an icon fails here until the stylesheet follows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import iconNodes from 'lucide-static/icon-nodes.json' with { type: 'json' };
import { expect, test } from 'vitest';
import { iconNode } from '../../src/schemas/icon-names.ts';

const stylesheet = readFileSync(join(import.meta.dirname, '../../src/styles/global.css'), 'utf8');

/** A lucide icon as the stylesheet writes it: a data URL of an SVG in black strokes (a mask takes only its shape). */
function maskOf(name: string): string {
  const shapes = iconNode(name)
    .map(
      ([tag, attributes]) =>
        `<${tag} ${Object.entries(attributes)
          .map(([key, value]) => `${key}='${value}'`)
          .join(' ')}/>`,
    )
    .join('');
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${shapes}</svg>`;
  return `url("data:image/svg+xml,${svg.replaceAll('<', '%3C').replaceAll('>', '%3E')}")`;
}

test('every icon the stylesheet draws is a lucide icon, drawn as the sprite draws it', () => {
  const byMask = new Map(Object.keys(iconNodes).map((name) => [maskOf(name), name]));
  const masks = [...stylesheet.matchAll(/url\("data:image\/svg\+xml,[^"]*"\)/g)].map(([mask]) => mask);
  expect(masks.length, 'icons drawn by the stylesheet').toBeGreaterThan(0);
  for (const mask of masks) expect(byMask.get(mask), `${mask} is a lucide icon, written as maskOf() writes it`).toBeDefined();
});
