/**
 * The icons src/styles/global.css draws (ticks, link arrows, chevrons, the footer's contact details) come from one
 * mask, lucide's icons side by side as the sprite draws them (src/document/icon-sprite.ts): the same shapes at the
 * same stroke, so an icon drawn by the stylesheet and one from the sprite look alike. Each `.icon-NAME` rule's --icon
 * is NAME's place in the picture, so a class names the icon it draws, and a lucide update that changes an icon fails
 * here until the stylesheet follows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import iconNodes from 'lucide-static/icon-nodes.json' with { type: 'json' };
import { expect, test } from 'vitest';
import { iconShapes } from '../../src/schemas/icon-names.ts';

const stylesheet = readFileSync(join(import.meta.dirname, '../../src/styles/global.css'), 'utf8');

/** A lucide icon's shapes as the sprite writes them, in the single quotes a CSS url("…") needs. */
const shapesOf = (name: string) => iconShapes(name).replaceAll('"', "'");

const masks = [...stylesheet.matchAll(/mask-image: url\("data:image\/svg\+xml,([^"]*)"\)/g)].map(([, data]) => decodeURIComponent(data!));

test('one picture holds every icon the stylesheet draws, each a lucide icon 24 units wide, drawn as the sprite draws it', () => {
  expect(masks).toHaveLength(1);
  const picture = masks[0]!;
  const groups = [...picture.matchAll(/<g(?: transform='translate\((\d+)\)')?>(.*?)<\/g>/g)];
  expect(groups.length, 'icons in the picture').toBeGreaterThan(0);
  expect(picture).toBe(
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${groups.length * 24} 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${groups.map(([group]) => group).join('')}</svg>`,
  );
  const byShapes = new Map(Object.keys(iconNodes).map((name) => [shapesOf(name), name]));
  for (const [place, [, offset, shapes]] of groups.entries()) {
    expect(Number(offset ?? 0), `icon ${place}'s place`).toBe(place * 24);
    expect(byShapes.get(shapes!), `icon ${place} is a lucide icon: ${shapes}`).toBeDefined();
  }
  // The mask is as wide as the picture's icons, and --icon picks one of them.
  expect(stylesheet).toContain(`mask-size: ${groups.length * 100}% 100%;`);
  expect(stylesheet).toContain(`mask-position: calc(var(--icon) * 100% / ${groups.length - 1}) 0;`);
});

test('every rule that picks an icon names it with an .icon-NAME class, and NAME is at that place in the picture', () => {
  const shapesAt = [...masks[0]!.matchAll(/<g[^>]*>(.*?)<\/g>/g)].map(([, shapes]) => shapes);
  // Every rule whose declarations set --icon, whatever else they set.
  const rules = [...stylesheet.matchAll(/([^{}]+)\{([^{}]*)\}/g)].flatMap(([, selectors, body]) => {
    const place = /--icon:\s*([^;]+);/.exec(body!)?.[1];
    return place === undefined ? [] : [{ selectors: selectors!.trim(), place: Number(place) }];
  });
  expect(rules.length, 'rules that pick an icon').toBe(shapesAt.length);
  for (const { selectors, place } of rules) {
    const named = /\.icon-([a-z0-9-]+)\b/.exec(selectors)?.[1];
    expect(named, `${selectors} names its icon with an .icon-NAME class`).toBeDefined();
    // Shapes, not names: lucide keeps some icons under two names (clock and clock-4).
    expect(shapesAt[place], `${selectors}: --icon: ${place} is ${named}`).toBe(shapesOf(named!));
  }
});
