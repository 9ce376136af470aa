/**
 * The file format of the editor's collections: YAML frontmatter between `---` lines, then the MDX body.
 * Registered with Decap in the browser (admin-setup.ts) and used by the unit tests, so what the tests
 * round-trip is what the editor writes. Keys keep the order they arrive in (the file's own order), strings
 * are never folded, and quoting is single quotes only where YAML needs it: the style of content/.
 */
import { parse, stringify } from 'yaml';

export const mdxFrontmatterFormat = 'mdx-frontmatter';

type Data = Record<string, unknown>;
type Item = string | { title: string; description?: string };

const frontmatter = /^---\r?\n([\s\S]*?)\r?\n?---(?:\r?\n|$)/;

/** A checklist line written as bare text is edited as `{ title }`, the object form the editor's list shows. */
const checklistItems = (data: Data, item: (value: unknown) => unknown): Data => {
  if (!Array.isArray(data.sections)) return data;
  const sections = data.sections.map((section: unknown) => {
    if (section === null || typeof section !== 'object' || (section as Data).type !== 'checklist') return section;
    const items = (section as Data).items;
    return Array.isArray(items) ? { ...(section as Data), items: items.map(item) } : section;
  });
  return { ...data, sections };
};

const toObjectItem = (value: unknown) => (typeof value === 'string' ? { title: value } : value);

/** Back to bare text when the item has a title and nothing else, so an unchanged list is written as it was. */
const toTextItem = (value: unknown): unknown => {
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Item).filter(([, field]) => field !== undefined && field !== '');
  return entries.length === 1 && entries[0]![0] === 'title' ? entries[0]![1] : value;
};

export function fromFile(content: string): Data {
  const match = frontmatter.exec(content);
  if (!match) return { body: content };
  const data = (parse(match[1]!) ?? {}) as Data;
  const body = content.slice(match[0].length).replace(/^\r?\n/, '');
  return { ...checklistItems(data, toObjectItem), body };
}

export function toFile(data: Data): string {
  const { body, ...fields } = data;
  const yaml = stringify(checklistItems(fields, toTextItem), { lineWidth: 0, singleQuote: true, indentSeq: true });
  const text = typeof body === 'string' ? body.replace(/^\s*\n/, '') : '';
  return `---\n${yaml}---\n${text ? `\n${text.endsWith('\n') ? text : `${text}\n`}` : ''}`;
}
