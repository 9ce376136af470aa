/**
 * Fixtures take their order and address from content/ as it is (tests/support/content-values.ts): a service a writer
 * adds at `order: 99` or `98`, or under a fixture's favourite name, leaves them a free one.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { freeOrders, lineOf, sectionOrders, unusedSlug } from '../support/content-values.ts';

const root = mkdtempSync(join(tmpdir(), 'content-values-'));
mkdirSync(join(root, 'services'));
const page = (slug: string, order: number) => writeFileSync(join(root, 'services', `${slug}.mdx`), `---\norder: ${order}\nnavLabel: ${slug}\n---\n\nText.\n`);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('values a fixture takes from the content', () => {
  test('an order above every page’s, with services a writer added at 99 and 98', () => {
    page('installation', 3);
    page('ai-analytics', 10.5);
    expect(freeOrders('services', 2, root)).toEqual([11, 12]);
    page('cloud-backup', 99);
    page('network-operations', 98);
    expect(sectionOrders('services', root).sort((a, b) => a - b)).toEqual([3, 10.5, 98, 99]);
    expect(freeOrders('services', 2, root)).toEqual([100, 101]);
  });

  test('an address no page has, when a writer has taken the fixture’s', () => {
    expect(unusedSlug('services', 'cloud-backup', root)).toBe('cloud-backup-2');
    expect(unusedSlug('services', 'cloud-archive', root)).toBe('cloud-archive');
  });

  test('the line a field is on', () => {
    expect(lineOf('---\norder: 3\nhero:\n  title: A\n', '  title: ')).toBe(4);
    expect(() => lineOf('---\n', 'order:')).toThrow(/No line starts with "order:"/);
  });

  test('the site’s own services all have an order, and the free one is above them', () => {
    const orders = sectionOrders('services');
    expect(orders.length).toBeGreaterThan(5);
    expect(freeOrders('services')[0]).toBeGreaterThan(Math.max(...orders));
  });
});
