/**
 * A page's position among the other pages of its collection, chosen as "the page it comes after", and the one
 * `order` that puts it there: a whole number where one fits between its new neighbours, else the number halfway.
 * Only the page being saved changes, so a swap of two pages is one save and one file, and no two pages share an
 * order (the build's rule, src/content/content-loader.ts). Runs in the editor (order-widget.ts) and in unit tests.
 */

export interface Placed {
  slug: string;
  order?: number;
  label?: string;
}

/** The other pages that have an order, first to last. */
export const inOrder = (others: readonly Placed[]) =>
  others.filter((other): other is Placed & { order: number } => typeof other.order === 'number').toSorted((a, b) => a.order - b.order);

/** The page `order` comes after among `others` (null: first), or undefined for a page with no order yet. */
export function placedAfter(others: readonly Placed[], order: unknown): string | null | undefined {
  if (typeof order !== 'number') return undefined;
  return inOrder(others).findLast((other) => other.order < order)?.slug ?? null;
}

/** The order that puts a page right after the page `after` (null: before all others). */
export function orderAfter(others: readonly Placed[], after: string | null): number {
  const sorted = inOrder(others);
  if (sorted.length === 0) return 1;
  if (after === null) return Math.ceil(sorted[0]!.order) - 1;
  const index = sorted.findIndex((other) => other.slug === after);
  if (index < 0) throw new Error(`no page "${after}" to place this page after`);
  const previous = sorted[index]!.order;
  const next = sorted[index + 1]?.order;
  const whole = Math.floor(previous) + 1;
  return next === undefined || whole < next ? whole : (previous + next) / 2;
}
