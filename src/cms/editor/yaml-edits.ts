/**
 * Writes changed data back into the YAML text it was read from, touching only the text of what changed: an
 * unchanged key keeps its line byte for byte (order, quoting, flow `[a, b]` or block layout, comments), a
 * changed scalar keeps its quoting, a removed key or list item loses its lines, a new one gets lines of its own.
 * The edits are made on the source text at the positions the `yaml` parser gives each node, not by printing
 * the document again, which would reformat every line.
 */
import { Document, isMap, isScalar, isSeq, type Node, type Pair, parseDocument, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';

export type Path = readonly (string | number)[];

export interface EditOptions {
  /** Top-level keys in the order new ones should take (Decap's field order). */
  keyOrder?: readonly string[];
  /** The form a new or rewritten value takes in the file (the editor may hold it in another shape). */
  fileShape?: (path: Path, value: unknown) => unknown;
}

type Data = Record<string, unknown>;
interface Edit {
  start: number;
  end: number;
  text: string;
}

const style = { lineWidth: 0, singleQuote: true, indentSeq: true } as const;

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

const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;
const indentOf = (text: string, at: number) => ' '.repeat(at - lineStart(text, at));
const indentLines = (text: string, indent: string) => text.replace(/\n(?=.)/g, `\n${indent}`);

/** `key: value` as the file's style writes it (continuation lines not yet indented), with a final newline. */
function renderPair(key: string, value: Node, flowPadding = false): string {
  const doc = new Document({});
  (doc.contents as YAMLMap).set(doc.createNode(key), value);
  return doc.toString({ ...style, flowCollectionPadding: flowPadding });
}

/** `- value` as a block list item, with a final newline. */
const renderItem = (value: unknown) => new Document([value]).toString(style);

type At = { pair?: Pair<Node, Node | null>; dash?: number };

class YamlEditor {
  private readonly edits: Edit[] = [];
  private readonly text: string;
  private readonly options: EditOptions;

  constructor(text: string, options: EditOptions) {
    this.text = text;
    this.options = options;
  }

  /** Where the last line of `node` ends, after its newline (a null value's range stops at its colon). */
  private endOf(node: Node | null | undefined, fallback: number): number {
    const end = node?.range?.[2] ?? fallback;
    if (end === 0 || this.text[end - 1] === '\n') return end;
    const newline = this.text.indexOf('\n', end);
    return newline === -1 ? this.text.length : newline + 1;
  }

  private fileShape(path: Path, value: unknown): unknown {
    return withoutBlanks(this.options.fileShape ? this.options.fileShape(path, value) : value);
  }

  private edit(start: number, end: number, text: string) {
    this.edits.push({ start, end, text });
  }

  /** A value made anew in the style of the node it replaces (same quoting for a scalar, flow stays flow). */
  private nodeLike(original: Node | null | undefined, value: unknown): Node {
    const node = new Document().createNode(value) as Node;
    if (isScalar(node) && isScalar(original) && original.type) node.type = original.type;
    if ((isMap(node) || isSeq(node)) && (isMap(original) || isSeq(original)) && original.flow) node.flow = true;
    return node;
  }

  diff(node: Node | null | undefined, before: unknown, after: unknown, path: Path, at: At): void {
    if (sameData(before, after)) return;
    if (isMap(node) && !node.flow && isObject(before) && isObject(after)) return this.diffMap(node, before, after, path, at);
    if (isSeq(node) && !node.flow && Array.isArray(before) && Array.isArray(after) && after.length > 0) return this.diffSeq(node, before, after, path);
    this.replace(node, this.fileShape(path, after), at);
  }

  /** `value` written in place of `node`: the value of a pair, a list item or (at the top) the whole text. */
  private replace(node: Node | null | undefined, value: unknown, at: At) {
    const fresh = this.nodeLike(node, value);
    const range = node?.range;
    const flow = (isMap(node) || isSeq(node)) && node.flow;
    if (range && (isScalar(node) || flow)) {
      // Flow collections keep the padding the file gave them: `{ a: b }` or `[a, b]`.
      const rendered = renderPair('k', fresh, flow && this.text[range[0] + 1] === ' ');
      // An empty value (`key:`) has an empty range right after its colon.
      const space = range[0] === range[1] && this.text[range[0] - 1] === ':' ? ' ' : '';
      if (rendered.startsWith('k: ') && rendered.indexOf('\n') === rendered.length - 1) return this.edit(range[0], range[1], space + rendered.slice(3, -1));
    }
    if (at.pair) {
      const key = at.pair.key;
      const colon = this.text.indexOf(':', key.range![1]);
      const rendered = indentLines(renderPair('k', fresh).slice(2), indentOf(this.text, key.range![0]));
      return this.edit(colon + 1, this.endOf(node, colon + 1), rendered);
    }
    if (at.dash !== undefined) return this.edit(at.dash, this.endOf(node, at.dash), indentLines(renderItem(value), indentOf(this.text, at.dash)));
    this.edit(0, this.text.length, new Document(value).toString(style));
  }

  /** Removes the run of entries `first..last` (pairs or list items) of a block collection, given where each starts. */
  private removeRun(starts: number[], ends: number[], first: number, last: number, whole: () => void) {
    if (last + 1 < starts.length) this.edit(starts[first]!, starts[last + 1]!, '');
    else if (first > 0) this.edit(ends[first - 1]!, ends[last]!, '');
    else whole();
  }

  private diffMap(node: YAMLMap, before: Data, after: Data, path: Path, at: At) {
    const pairs = node.items as Pair<Node, Node | null>[];
    const keyOf = (pair: Pair<Node, Node | null>) => String((pair.key as Scalar).value);
    const removed = pairs.map((pair) => isBlank(after[keyOf(pair)]) && !isBlank(before[keyOf(pair)]));
    const starts = pairs.map((pair) => pair.key.range![0]);
    const ends = pairs.map((pair) => this.endOf(pair.value, pair.key.range![2]));
    pairs.forEach((pair, index) => {
      if (!removed[index]) this.diff(pair.value, before[keyOf(pair)], after[keyOf(pair)], [...path, keyOf(pair)], { pair });
    });
    for (let first = 0; first < pairs.length; first++) {
      if (!removed[first]) continue;
      let last = first;
      while (removed[last + 1]) last++;
      this.removeRun(starts, ends, first, last, () => this.replace(node, this.fileShape(path, after), at));
      first = last;
    }

    const added = Object.keys(after).filter((key) => !isBlank(after[key]) && !pairs.some((pair) => keyOf(pair) === key));
    if (added.length === 0) return;
    const indent = indentOf(this.text, starts[0]!);
    const order = path.length === 0 ? (this.options.keyOrder ?? []) : [];
    const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
    for (const key of added.toSorted((a, b) => rank(a) - rank(b))) {
      const text = indent + indentLines(renderPair(key, this.nodeLike(undefined, this.fileShape([...path, key], after[key]))), indent);
      // At the top, a new key goes before the first key that follows it in the editor's order; elsewhere at the end.
      const following = path.length === 0 ? pairs.findIndex((pair, index) => !removed[index] && rank(keyOf(pair)) > rank(key)) : -1;
      const position = following >= 0 ? starts[following]! : ends.at(-1)!;
      this.edit(position, position, text);
    }
  }

  private diffSeq(node: YAMLSeq, before: unknown[], after: unknown[], path: Path) {
    const items = node.items as Node[];
    const starts = items.map((item) => this.text.lastIndexOf('-', item.range![0] - 1));
    const ends = items.map((item, index) => this.endOf(item, starts[index]! + 1));
    const indent = indentOf(this.text, starts[0]!);
    let b = 0;
    let a = 0;
    // Items the writer kept stay; between two kept ones, changed items are edited in place, extra ones removed or added.
    for (const [nextB, nextA] of [...commonItems(before, after), [before.length, after.length] as const]) {
      const paired = Math.min(nextB - b, nextA - a);
      for (let k = 0; k < paired; k++) this.diff(items[b + k], before[b + k], after[a + k], [...path, a + k], { dash: starts[b + k]! });
      if (b + paired < nextB) this.removeRun(starts, ends, b + paired, nextB - 1, () => undefined);
      const anchor = b + paired - 1;
      const position = anchor >= 0 ? ends[anchor]! : lineStart(this.text, starts[0]!);
      for (let k = a + paired; k < nextA; k++) this.edit(position, position, indent + indentLines(renderItem(this.fileShape([...path, k], after[k])), indent));
      b = nextB + 1;
      a = nextA + 1;
    }
  }

  result(): string {
    const edits = this.edits.map((edit, order) => ({ ...edit, order })).toSorted((x, y) => y.start - x.start || y.order - x.order);
    let text = this.text;
    for (const { start, end, text: replacement } of edits) text = text.slice(0, start) + replacement + text.slice(end);
    return text;
  }
}

/** Index pairs of the longest run of items both lists share, in order. */
function commonItems(before: unknown[], after: unknown[]): Array<readonly [number, number]> {
  const lengths = before.map(() => new Array<number>(after.length + 1).fill(0));
  lengths.push(new Array<number>(after.length + 1).fill(0));
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      lengths[i]![j] = sameData(before[i], after[j]) ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const pairs: Array<readonly [number, number]> = [];
  for (let i = 0, j = 0; i < before.length && j < after.length;) {
    if (sameData(before[i], after[j])) pairs.push([i++, j++] as const);
    else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/**
 * `text` (YAML, ending with a newline) with `after` written over `before`, the data `text` was read as
 * (possibly reshaped, as `fileShape` undoes). Undefined when the edits would not read back as `after`.
 */
export function editYaml(text: string, before: Data, after: Data, options: EditOptions = {}): string | undefined {
  const doc = parseDocument(text);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return undefined;
  const editor = new YamlEditor(text, options);
  let written: string;
  try {
    editor.diff(doc.contents, before, after, [], {});
    written = editor.result();
  } catch {
    // A layout the edits do not handle (a list item with no value, say): the caller writes the data anew.
    return undefined;
  }
  const check = parseDocument(written);
  const expected = options.fileShape ? options.fileShape([], after) : after;
  return check.errors.length === 0 && sameData(check.toJS(), expected) ? written : undefined;
}
