import { getCollection, type CollectionKey } from 'astro:content';
import { iconShapes, isIconName } from '../schemas/icon-names.ts';
import { BRAND_MARK_ID, brandMark } from '../config/brand-mark.ts';
import { shortHash } from './short-hash.ts';

/** Icons that components draw themselves, beyond the ones content files name. */
export const UI_ICONS = ['badge-check', 'chevron-down', 'circle-check', 'clock', 'handshake', 'house', 'mail', 'menu', 'phone', 'timer', 'x'] as const;

const COLLECTIONS: CollectionKey[] = ['pages', 'services', 'consulting', 'outsourcing', 'legal', 'trust'];

function collectIconFields(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectIconFields(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      if (key === 'icon' && typeof field === 'string') into.add(field);
      else collectIconFields(field, into);
    }
  }
}

let cached: Promise<{ names: string[]; version: string }> | undefined;

/** Every icon the site uses, and a short hash of the sprite's contents that busts caches when it changes. */
export function spriteIcons(): Promise<{ names: string[]; version: string }> {
  cached ??= (async () => {
    const names = new Set<string>(UI_ICONS);
    for (const collection of COLLECTIONS) {
      for (const entry of await getCollection(collection)) collectIconFields(entry.data, names);
    }
    const sorted = [...names].filter(isIconName).sort();
    return { names: sorted, version: shortHash(sorted.join(',') + brandMark.body) };
  })();
  return cached;
}

export function spriteSvg(names: readonly string[]): string {
  const symbols = names.map((name) => {
    const body = iconShapes(name);
    // Stroke and fill live on the symbol, so each page's <svg><use> stays short (every icon is drawn in strokes).
    return `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</symbol>`;
  });
  const mark = `<symbol id="${BRAND_MARK_ID}" viewBox="${brandMark.viewBox}">${brandMark.body}</symbol>`;
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}${mark}</svg>`;
}
