/**
 * The file format of the editor's collections: YAML frontmatter between `---` lines, then the MDX body.
 * Registered with Decap in the browser (admin-setup.ts) and used by the unit tests, so what the tests
 * round-trip is what the editor writes.
 *
 * Saving changes only the lines of the fields the writer changed (yaml-edits.ts): `fromFile` keeps the file's
 * text in the entry under `sourceKey`, which Decap carries through the editor untouched (keys no field uses
 * survive its serialisation), and `toFile` writes the changes into that text. A new entry is written anew in
 * the style of content/: keys in the editor's order, single quotes only where YAML needs them.
 *
 * A file the build cannot read is never offered as a form: `fromFile` marks it with `problemKey` (shown by
 * file-problem.ts) and `toFile` refuses to write over it.
 */
import { Document, parseDocument } from 'yaml';
import { frontmatterProblem, yamlProblemText, type FrontmatterProblem } from '../../schemas/yaml-problems.ts';
import { editYaml, isBlank, withoutBlanks, type Path } from './yaml-edits.ts';

export const mdxFrontmatterFormat = 'mdx-frontmatter';

/** Entry keys no collection field uses: the file's text as read, and why it cannot be edited. */
export const sourceKey = '__source';
export const problemKey = '__problem';

export interface FileProblem extends FrontmatterProblem {
  /** One line for the list of entries. */
  summary: string;
}

type Data = Record<string, unknown>;
type Item = string | { title: string; description?: string };

const frontmatter = /^---\r?\n((?:[\s\S]*?\r?\n)?)---[^\S\r\n]*(?:\r?\n|$)/;

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
  const entries = Object.entries(value as Item).filter(([, field]) => !isBlank(field));
  return entries.length === 1 && entries[0]![0] === 'title' ? entries[0]![1] : value;
};

/** The file's form of the value at `path` of the entry's data `root`: checklist items back to text where they can be. */
function fileShape(root: Data, path: Path, value: unknown): unknown {
  const [top, section, key] = path;
  if (path.length === 0) return checklistItems(value as Data, toTextItem);
  if (top !== 'sections') return value;
  if (path.length === 1) return checklistItems({ sections: value }, toTextItem).sections;
  if (path.length === 2) return (checklistItems({ sections: [value] }, toTextItem).sections as unknown[])[0];
  const type = ((root.sections as unknown[] | undefined)?.[section as number] as Data | undefined)?.type;
  if (type !== 'checklist' || key !== 'items') return value;
  if (path.length === 3) return Array.isArray(value) ? value.map(toTextItem) : value;
  return path.length === 4 ? toTextItem(value) : value;
}

const problemData = (content: string, problem: FrontmatterProblem): Data => ({
  [sourceKey]: content,
  [problemKey]: { ...problem, summary: `⚠ This page cannot be opened in the editor: line ${problem.line} of its file needs a fix` } satisfies FileProblem,
});

export function fromFile(content: string): Data {
  const problem = frontmatterProblem(content);
  if (problem) return problemData(content, problem);
  const match = frontmatter.exec(content);
  if (!match) return { [sourceKey]: content, body: content };
  const doc = parseDocument(match[1]!);
  const error = doc.errors[0];
  if (error) {
    // js-yaml (the build's parser) read it, the editor's cannot: still not a form to save over.
    const line = (error.linePos?.[0].line ?? 0) + 1;
    return problemData(content, { line, text: yamlProblemText(error.message.split('\n')[0]!, content, line) });
  }
  const data = (doc.toJS() ?? {}) as Data;
  const body = content.slice(match[0].length).replace(/^\r?\n/, '');
  return { ...checklistItems(data, toObjectItem), body, [sourceKey]: content };
}

/** The frontmatter of a new entry, in the editor's field order. */
function freshYaml(fields: Data, keyOrder: readonly string[]): string {
  const rank = (key: string) => (keyOrder.includes(key) ? keyOrder.indexOf(key) : keyOrder.length);
  const data = withoutBlanks(checklistItems(fields, toTextItem)) as Data;
  const ordered = Object.fromEntries(Object.entries(data).toSorted(([a], [b]) => rank(a) - rank(b)));
  return Object.keys(ordered).length > 0 ? new Document(ordered).toString({ lineWidth: 0, singleQuote: true, indentSeq: true }) : '';
}

const withBody = (head: string, body: string) => `${head}${body ? `\n${body.endsWith('\n') ? body : `${body}\n`}` : ''}`;

/** `keyOrder` is Decap's order of the collection's fields, its second argument to a format's toFile. */
export function toFile(data: Data, keyOrder: readonly string[] = []): string {
  const { body, [sourceKey]: source, [problemKey]: problem, ...fields } = data;
  if (problem)
    throw new Error(`This file cannot be saved from the editor: line ${(problem as FileProblem).line} needs a fix first. ${(problem as FileProblem).text}`);
  const text = typeof body === 'string' ? body.replace(/^\s*\n/, '') : '';
  const match = typeof source === 'string' ? frontmatter.exec(source) : null;
  if (!match) return withBody(`---\n${freshYaml(fields, keyOrder)}---\n`, text);

  const original = fromFile(source as string);
  const { body: originalBody, [sourceKey]: _source, ...before } = original;
  const opening = /^---\r?\n/.exec(source as string)![0];
  const yaml = match[1]!;
  const edited = editYaml(yaml, before, fields, { keyOrder, fileShape: (path, value) => fileShape(fields, path, value) }) ?? freshYaml(fields, keyOrder);
  const head = opening + edited + match[0].slice(opening.length + yaml.length);
  const bodyUnchanged = String(body ?? '').trimEnd() === String(originalBody ?? '').trimEnd();
  return bodyUnchanged ? head + (source as string).slice(match[0].length) : withBody(head, text);
}
