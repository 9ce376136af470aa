/**
 * A save lands on the file as it is now (src/cms/editor/field-merge.ts): what someone else changed since the writer
 * opened the page survives the writer's save of other fields, a field both changed is refused with a message naming
 * it and showing the other value, and what is written is still one line per field changed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { conflictMessage, fieldName, mergeFields, saveOnto } from '../../src/cms/editor/field-merge.ts';
import { fromFile, sourceKey, toFile } from '../../src/cms/editor/frontmatter-format.ts';

type Data = Record<string, any>;

const file = 'content/services/installation.mdx';
const opened = readFileSync(join(import.meta.dirname, '../..', file), 'utf8');
const oldSubtitle = (fromFile(opened) as Data).hero.subtitle as string;
const fieldsOrder = ['__problem', 'seo', 'title', 'lastUpdated', 'summary', 'order', 'navLabel', 'coreService', 'hero', 'sections', 'body'];

/** The page as the editor holds it after opening `text`, with the writer's `change` made in the form. */
function edited(text: string, change: (data: Data) => void): Data {
  const data = structuredClone(fromFile(text)) as Data;
  change(data);
  return data;
}

/** The file as a colleague saved it meanwhile: `from` replaced once by `to`. */
function changedOnDisk(from: string, to: string): string {
  expect(opened).toContain(from);
  return opened.replace(from, to);
}

/** What the editor writes when saving `mine` (opened from `opened`) onto `now`, or the refusal. */
function save(now: string | null, mine: Data): string {
  const result = saveOnto(fromFile(opened), now, mine);
  if ('refused' in result) throw new Error(result.refused);
  return toFile(result.data, fieldsOrder);
}

const lines = (text: string) => text.split('\n');
const differing = (a: string, b: string) => lines(b).filter((line, index) => line !== lines(a)[index]);

describe('a save onto a file someone else changed since the page was opened', () => {
  const newSubtitle = 'Certified engineers install and document everything.';
  const newTitle = 'Infrastructure Delivered Right the First Time';

  test('a field changed in the file survives the writer changing another', () => {
    const now = changedOnDisk(`subtitle: ${oldSubtitle}`, `subtitle: ${newSubtitle}`);
    const written = save(
      now,
      edited(opened, (data) => (data.hero.title = newTitle)),
    );
    expect(written).toContain(`  subtitle: ${newSubtitle}`);
    expect(written).toContain(`  title: ${newTitle}`);
    // Written onto the file as it is now: the writer's field is the only line that differs from it.
    expect(differing(now, written)).toEqual([`  title: ${newTitle}`]);
  });

  test('the same field changed on both sides is refused, naming the field by its label and showing the other value', () => {
    const now = changedOnDisk(`subtitle: ${oldSubtitle}`, `subtitle: ${newSubtitle}`);
    const result = saveOnto(
      fromFile(opened),
      now,
      edited(opened, (data) => (data.hero.subtitle = 'Engineers who document everything.')),
    );
    expect(result).toEqual({
      refused: `Text under the title was changed by someone else since you opened this page, to: «${newSubtitle}». Reload the page to see their change, then make yours again.`,
    });
  });

  test('the same change made on both sides is saved', () => {
    const now = changedOnDisk(`subtitle: ${oldSubtitle}`, `subtitle: ${newSubtitle}`);
    expect(
      save(
        now,
        edited(opened, (data) => (data.hero.subtitle = newSubtitle)),
      ),
    ).toBe(now);
  });

  test('an unchanged file takes the writer’s change as before', () => {
    const written = save(
      opened,
      edited(opened, (data) => (data.hero.title = newTitle)),
    );
    expect(differing(opened, written)).toEqual([`  title: ${newTitle}`]);
  });

  test('the page text is one field: changed in the file, kept when the writer changes a field', () => {
    const body = fromFile(opened).body as string;
    const now = `${opened.slice(0, opened.length - body.length)}${body.replace('\n', '\n\nA paragraph a colleague added.\n')}`;
    expect(now).not.toBe(opened);
    const written = save(
      now,
      edited(opened, (data) => (data.hero.title = newTitle)),
    );
    expect(written).toContain('A paragraph a colleague added.');
    expect(differing(now, written)).toEqual([`  title: ${newTitle}`]);
  });

  test('the page text changed on both sides is refused with the other text', () => {
    const body = fromFile(opened).body as string;
    const now = opened.replace(body, 'Their text.\n');
    const result = saveOnto(
      fromFile(opened),
      now,
      edited(opened, (data) => (data.body = 'My text.\n')),
    );
    expect(result).toEqual({ refused: expect.stringMatching(/^Page text was changed by someone else since you opened this page, to: «Their text\.\n?»\./) });
  });

  test('a card changed in the file survives the writer changing another card of the same section', () => {
    const now = changedOnDisk('      - title: Network Configuration', '      - title: Network Design');
    const written = save(
      now,
      edited(opened, (data) => {
        const cards = data.sections.find((section: Data) => section.type === 'cards');
        cards.items[0].title = 'Server Installation';
      }),
    );
    expect(written).toContain('      - title: Network Design');
    expect(differing(now, written)).toEqual(['      - title: Server Installation']);
  });

  test('a list item changed on both sides is refused, naming the section and the item', () => {
    const now = changedOnDisk('      - title: Network Configuration', '      - title: Network Design');
    const result = saveOnto(
      fromFile(opened),
      now,
      edited(opened, (data) => (data.sections[1].items[1].title = 'Networks')),
    );
    expect(result).toEqual({
      refused:
        'Title (section 2, item 2) was changed by someone else since you opened this page, to: «Network Design». Reload the page to see their change, then make yours again.',
    });
  });

  test('a list whose items were added in the file is one field: kept when the writer leaves it alone, refused when both changed it', () => {
    const now = changedOnDisk('          - Storage provisioning\n', '          - Storage provisioning\n          - Cable labelling\n');
    const kept = save(
      now,
      edited(opened, (data) => (data.hero.title = newTitle)),
    );
    expect(kept).toContain('          - Cable labelling');
    expect(differing(now, kept)).toEqual([`  title: ${newTitle}`]);

    const result = saveOnto(
      fromFile(opened),
      now,
      edited(opened, (data) => data.sections[1].items[0].features.pop()),
    );
    expect('refused' in result && result.refused).toMatch(
      /^Bullet points \(section 2, item 1\) was changed by someone else since you opened this page, to: «- Rack/,
    );
  });

  test('every field changed on both sides is named', () => {
    const now = changedOnDisk(`subtitle: ${oldSubtitle}`, `subtitle: ${newSubtitle}`).replace(
      'navLabel: Installation & Configuration',
      'navLabel: Installation',
    );
    const result = saveOnto(
      fromFile(opened),
      now,
      edited(opened, (data) => {
        data.hero.subtitle = 'Mine';
        data.navLabel = 'Set-up';
      }),
    );
    const refused = 'refused' in result ? result.refused : '';
    expect(refused).toContain(`Text under the title was changed by someone else since you opened this page, to: «${newSubtitle}».`);
    expect(refused).toContain('Name in menus was changed by someone else since you opened this page, to: «Installation».');
  });

  test('a file removed since opening, or one that cannot be read now, is not saved over', () => {
    const mine = edited(opened, (data) => (data.hero.title = newTitle));
    expect(saveOnto(fromFile(opened), null, mine)).toEqual({ refused: expect.stringMatching(/^This page was removed or renamed by someone else/) });
    const broken = opened.replace('order: 3', 'order: [3');
    expect(saveOnto(fromFile(opened), broken, mine)).toEqual({
      refused: expect.stringMatching(
        /^This page was changed by someone else since you opened it, and its file cannot be read now, so your change was not saved\. Line 6: A "\[" opened on this line or the one above is never closed/,
      ),
    });
  });

  test('the merged entry carries the file as it is now, for the file format to edit', () => {
    const now = changedOnDisk(`subtitle: ${oldSubtitle}`, `subtitle: ${newSubtitle}`);
    const result = saveOnto(
      fromFile(opened),
      now,
      edited(opened, () => undefined),
    );
    expect('data' in result && result.data[sourceKey]).toBe(now);
  });
});

describe('the merge of values', () => {
  test('untouched fields take theirs, fields only I changed take mine, empty and absent are the same', () => {
    const base = { a: 1, b: 'x', c: { d: 'y', e: '' } };
    const theirs = { a: 2, b: 'x', c: { d: 'y' } };
    const mine = { a: 1, b: 'z', c: { d: 'y', e: '' }, f: '' };
    expect(mergeFields(base, theirs, mine)).toEqual({ data: { a: 2, b: 'z', c: { d: 'y' } }, conflicts: [] });
  });

  test('a field removed on one side and changed on the other is a conflict', () => {
    expect(mergeFields({ a: 'x' }, {}, { a: 'y' }).conflicts).toEqual([{ path: ['a'], theirs: undefined }]);
    expect(conflictMessage({ path: ['hero', 'tagline'], theirs: undefined })).toMatch(
      /^Small line above the title was changed by someone else since you opened this page, to: «nothing \(it was emptied\)»/,
    );
  });

  test('fields are named by their labels in the editor', () => {
    expect(fieldName(['seo', 'title'])).toBe('Title in search results');
    expect(fieldName(['body'])).toBe('Page text');
    expect(fieldName(['sections', 2, 'items', 0, 'features', 3])).toBe('Bullet points, item 4 (section 3, item 1)');
  });
});
