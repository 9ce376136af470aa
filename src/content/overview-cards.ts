/**
 * The cards of an overview page's `cards` section with `from: <folder>`: each page of the folder that has a `card`
 * brings its own, so a new page is listed by writing its one file.
 */
import { getCollection } from 'astro:content';
import { sectionPath, type Section } from '../config/routes.ts';
import type { Card } from '../schemas/sections.ts';
import { isLive } from './moved-addresses.ts';

export async function overviewCards(folder: Section): Promise<Card[]> {
  const entries = await getCollection(folder, isLive);
  return entries
    .flatMap(({ id, data }) => (data.card ? [{ id, order: data.order, card: data.card, navLabel: data.navLabel }] : []))
    .sort((a, b) => (a.card.order ?? a.order) - (b.card.order ?? b.order) || a.order - b.order)
    .map(({ id, card, navLabel }) => {
      const { order: _position, ...shown } = card;
      return { ...shown, title: card.title ?? navLabel, link: card.link ?? sectionPath(folder, id), external: false };
    });
}
