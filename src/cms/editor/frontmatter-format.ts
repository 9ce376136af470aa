/**
 * The file format of the editor's collections: YAML frontmatter between `---` lines, then the MDX body.
 * Registered with Decap in the browser (admin-setup.ts) and used by the unit tests, so what the tests
 * round-trip is what the editor writes.
 *
 * Saving changes only the lines of the fields the writer changed: `fromFile` keeps the file's text in the entry
 * under `sourceKey`, which Decap carries through the editor untouched (keys no field uses survive its
 * serialisation), and `toFile` parses that text with the `yaml` package's Document API, which keeps each node's
 * quoting, flow or block layout and comments, sets the changed values on its nodes and prints it again. A new entry is
 * written anew in the style of content/: keys in the editor's order, single quotes only where YAML needs them.
 *
 * A file the build cannot read is never offered as a form: `fromFile` marks it with `problemKey` (shown by
 * file-problem.ts) and `toFile` refuses to write over it.
 */
import { diffArrays } from 'diff';
import {
  Document,
  isMap,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  type Node,
  type Pair,
  type Scalar,
  type ToStringOptions,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { frontmatterProblem, yamlProblemText, type FrontmatterProblem } from '../../schemas/yaml-problems.ts';

export const mdxFrontmatterFormat = 'mdx-frontmatter';

/** Entry keys no collection field uses: the file's text as read, why it cannot be edited, and a new page's file name. */
export const sourceKey = '__source';
export const problemKey = '__problem';
export const addressKey = '__address';

export interface FileProblem extends FrontmatterProblem {
  /** One line for the list of entries. */
  summary: string;
}

type Data = Record<string, unknown>;
type Item = string | { title: string; description?: string };
export type Path = readonly (string | number)[];

/** How content/ writes YAML, which the `yaml` package prints back byte for byte (every file: tests/unit/frontmatter-format.test.ts). */
const style: ToStringOptions = { lineWidth: 0, singleQuote: true, indentSeq: true };

const isObject = (value: unknown): value is Data => value !== null && typeof value === 'object' && !Array.isArray(value);

/** What Decap holds for a field the writer left empty: equal to the field being absent. */
export const isBlank = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0) ||
  (isObject(value) && Object.values(value).every(isBlank));

/** Equal as the file means it: an absent key and an empty value are the same. */
export function sameData(a: unknown, b: unknown): boolean {
  if (isBlank(a) && isBlank(b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameData(item, b[index]));
  if (isObject(a) && isObject(b)) return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((key) => sameData(a[key], b[key]));
  return a === b;
}

/** Empty values left out, as the editor's optional fields are meant to be. */
export function withoutBlanks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutBlanks);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (isBlank(item) ? [] : [[key, withoutBlanks(item)]])));
}

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
    // frontmatterProblem read it with Astro's options; without them (dates kept as text) it should read the same,
    // but if not, it is still not a form to save over.
    const line = (error.linePos?.[0].line ?? 0) + 1;
    return problemData(content, { line, text: yamlProblemText(error, content, line) });
  }
  const data = (doc.toJS() ?? {}) as Data;
  const body = content.slice(match[0].length).replace(/^\r?\n/, '');
  return { ...checklistItems(data, toObjectItem), body, [sourceKey]: content };
}

type Collection = YAMLMap<Node, Node | null> | YAMLSeq<Node>;

/**
 * A one-line `{ … }` or `[ … ]` printed with the padding inside its brackets it had in the file: the `yaml` package
 * pads all or none, and content/ writes groups padded and lists not, as Prettier does.
 */
function keepPadding(node: Collection, padded: boolean): void {
  const print = node.toString.bind(node);
  node.toString = (ctx, ...rest) => print(ctx && { ...ctx, flowCollectionPadding: padded ? ' ' : '' }, ...rest);
}

/** Writes the data `after` over `before` (what the document was read as) on the document's nodes, changed values only. */
class DocumentEdit {
  constructor(
    private readonly doc: Document,
    private readonly keyOrder: readonly string[],
    private readonly fileShape: (path: Path, value: unknown) => unknown,
  ) {}

  /** The node to hold `after` where `node` held `before`: the same node, edited, where its kind allows. */
  value(node: Node | null, before: unknown, after: unknown, path: Path): Node {
    if (node && sameData(before, after)) return node;
    if (isMap(node) && isObject(before) && isObject(after)) return this.map(node as YAMLMap<Node, Node | null>, before, after, path);
    if (isSeq(node) && Array.isArray(before) && Array.isArray(after) && after.length > 0) return this.seq(node as YAMLSeq<Node>, before, after, path);
    const shaped = withoutBlanks(this.fileShape(path, after));
    // A scalar keeps its quoting and its comment; a group or list written on one line stays on one line.
    if (isScalar(node) && (shaped === null || typeof shaped !== 'object')) return Object.assign(node, { value: shaped });
    const fresh = this.doc.createNode(shaped) as Node;
    if ((isMap(fresh) || isSeq(fresh)) && (isMap(node) || isSeq(node)) && node.flow) {
      fresh.flow = true;
      keepPadding(fresh as Collection, padding.get(node) ?? isMap(fresh));
    }
    return fresh;
  }

  private map(node: YAMLMap<Node, Node | null>, before: Data, after: Data, path: Path): Node {
    const keyOf = (pair: Pair<Node, Node | null>) => String((pair.key as Scalar).value);
    node.items = node.items.filter((pair) => !isBlank(after[keyOf(pair)]) || isBlank(before[keyOf(pair)]));
    for (const pair of node.items) pair.value = this.value(pair.value, before[keyOf(pair)], after[keyOf(pair)], [...path, keyOf(pair)]);
    // A new key goes, at the top, before the first key that follows it in the editor's order; in a group, at the end.
    const order = path.length === 0 ? this.keyOrder : [];
    const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
    const added = Object.keys(after).filter((key) => !isBlank(after[key]) && !node.items.some((pair) => keyOf(pair) === key));
    for (const key of added.toSorted((a, b) => rank(a) - rank(b))) {
      const pair = this.doc.createPair(key, withoutBlanks(this.fileShape([...path, key], after[key]))) as Pair<Node, Node | null>;
      const following = node.items.findIndex((item) => rank(keyOf(item)) > rank(key));
      node.items.splice(following >= 0 && path.length === 0 ? following : node.items.length, 0, pair);
    }
    return node;
  }

  /** Items the writer kept stay as they are (with their comments); changed ones are edited, the others come and go. */
  private seq(node: YAMLSeq<Node>, before: unknown[], after: unknown[], path: Path): Node {
    const items: Node[] = [];
    let b = 0;
    const changes = diffArrays(before, after, { comparator: sameData });
    changes.forEach((change, index) => {
      if (change.removed) {
        // Items replaced one for one (removed, then added) are edited in place; the rest of the removed ones go.
        const next = changes[index + 1];
        const replaced = next?.added ? Math.min(change.count, next.count) : 0;
        for (let k = 0; k < replaced; k++) items.push(this.value(node.items[b + k] ?? null, before[b + k], after[items.length], [...path, items.length]));
        b += change.count;
      } else if (change.added) {
        const replaced = changes[index - 1]?.removed ? Math.min(change.count, changes[index - 1]!.count) : 0;
        for (let k = replaced; k < change.count; k++) items.push(this.value(null, undefined, after[items.length], [...path, items.length]));
      } else {
        items.push(...node.items.slice(b, b + change.count));
        b += change.count;
      }
    });
    node.items = items;
    return node;
  }
}

/** Whether each one-line group or list read from a file had padding inside its brackets. */
const padding = new WeakMap<Node, boolean>();

/**
 * `text` (YAML, ending with a newline) with `after` written over `before`, the data `text` was read as (possibly
 * reshaped, as `fileShape` undoes). Undefined when the result would not read back as `after`.
 */
export function editYaml(
  text: string,
  before: Data,
  after: Data,
  { keyOrder = [], fileShape = (_path, value) => value }: { keyOrder?: readonly string[]; fileShape?: (path: Path, value: unknown) => unknown } = {},
): string | undefined {
  const doc = parseDocument(text);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return undefined;
  visit(doc, {
    Collection(_key, node) {
      if (!node.flow || !node.range) return;
      padding.set(node, text[node.range[0] + 1] === ' ');
      keepPadding(node as Collection, padding.get(node)!);
    },
  });
  new DocumentEdit(doc, keyOrder, fileShape).value(doc.contents, before, after, []);
  const written = doc.toString(style);
  const check = parseDocument(written);
  return check.errors.length === 0 && sameData(check.toJS(), fileShape([], after)) ? written : undefined;
}

/** The frontmatter of a new entry, in the editor's field order. */
function freshYaml(fields: Data, keyOrder: readonly string[]): string {
  const rank = (key: string) => (keyOrder.includes(key) ? keyOrder.indexOf(key) : keyOrder.length);
  const data = withoutBlanks(checklistItems(fields, toTextItem)) as Data;
  const ordered = Object.fromEntries(Object.entries(data).toSorted(([a], [b]) => rank(a) - rank(b)));
  return Object.keys(ordered).length > 0 ? new Document(ordered).toString(style) : '';
}

const withBody = (head: string, body: string) => `${head}${body ? `\n${body.endsWith('\n') ? body : `${body}\n`}` : ''}`;

/** `keyOrder` is Decap's order of the collection's fields, its second argument to a format's toFile. */
export function toFile(data: Data, keyOrder: readonly string[] = []): string {
  const { body, [sourceKey]: source, [problemKey]: problem, [addressKey]: _address, ...fields } = data;
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
