/**
 * What a save writes when the page's file changed since the writer opened it: a three-way merge, field by field, of
 * the file as it was when the page was opened (base), the file as it is now (theirs) and the editor's data (mine).
 * A field the writer left alone keeps the newer text; a field only the writer changed takes the writer's value; a
 * field changed on both sides to different values is refused, naming it by its label and showing the other value.
 * Groups are merged field by field, lists item by item while all three have the same number of items (otherwise
 * the list is one field), and the page text (body) is one field. Pure, so the unit tests run it as the editor does
 * (merge-on-save.ts reads the file and hands the result to Decap).
 */
import { stringify } from 'yaml';
import { fieldWords } from './field-labels.ts';
import { fromFile, problemKey, sameData, sourceKey, type FileProblem, type Path } from './frontmatter-format.ts';

type Data = Record<string, unknown>;

export interface Conflict {
  path: Path;
  /** The value the file has now, which the writer would overwrite. */
  theirs: unknown;
}

const isObject = (value: unknown): value is Data => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The page text is compared as the file format writes it: trailing blank lines do not count. */
const same = (path: Path, a: unknown, b: unknown) =>
  path.length === 1 && path[0] === 'body' && typeof a === 'string' && typeof b === 'string' ? a.trimEnd() === b.trimEnd() : sameData(a, b);

function mergeValue(path: Path, base: unknown, theirs: unknown, mine: unknown, conflicts: Conflict[]): unknown {
  if (same(path, mine, base)) return theirs;
  if (same(path, theirs, base) || same(path, mine, theirs)) return mine;
  if (isObject(base) && isObject(theirs) && isObject(mine)) {
    const keys = [...new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(base)])];
    const merged = keys.map((key) => [key, mergeValue([...path, key], base[key], theirs[key], mine[key], conflicts)] as const);
    return Object.fromEntries(merged.filter(([, value]) => value !== undefined));
  }
  if (Array.isArray(base) && Array.isArray(theirs) && Array.isArray(mine) && base.length === theirs.length && base.length === mine.length)
    return base.map((item, index) => mergeValue([...path, index], item, theirs[index], mine[index], conflicts));
  conflicts.push({ path, theirs });
  return mine;
}

/** The entry's fields merged onto the file as it is now, or every field changed on both sides. */
export function mergeFields(base: Data, theirs: Data, mine: Data): { data: Data; conflicts: Conflict[] } {
  const conflicts: Conflict[] = [];
  const data = mergeValue([], base, theirs, mine, conflicts) as Data;
  return { data, conflicts };
}

/** "Title (section 3, item 2)": the field's label in the editor, and where it sits when it is inside a list. */
export function fieldName(path: Path): string {
  if (path.length === 0) return 'This page';
  const names = path.filter((part): part is string => typeof part === 'string');
  const last = path.at(-1);
  const label = typeof last === 'number' ? `${fieldWords(names.join('.')).label}, item ${last + 1}` : fieldWords(names.join('.')).label;
  const places = path.slice(0, -1).flatMap((part, index) => {
    if (typeof part !== 'number') return [];
    return [path[index - 1] === 'sections' ? `section ${part + 1}` : `item ${part + 1}`];
  });
  return places.length > 0 ? `${label} (${places.join(', ')})` : label;
}

/** The other value as a writer would read it: text as it is, a group or a list as its lines in the file. */
function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'nothing (it was emptied)';
  const text = typeof value === 'string' ? value : stringify(value, { lineWidth: 0 }).trimEnd();
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

export const conflictMessage = ({ path, theirs }: Conflict) =>
  `${fieldName(path)} was changed by someone else since you opened this page, to: «${shown(theirs)}». Reload the page to see their change, then make yours again.`;

const fieldsOf = (data: Data) => {
  const { [sourceKey]: _source, [problemKey]: _problem, ...fields } = data;
  return fields;
};

export type SaveOnto = { data: Data } | { refused: string };

/**
 * The entry data to save onto `now` (the file's text at saving), given `base` (the fields as the writer's last
 * known state of the file: read at opening, or as this tab last saved them) and `mine` (the editor's data). The
 * result carries `now` under sourceKey, so the file format edits the file as it is now.
 */
export function saveOnto(base: Data, now: string | null, mine: Data): SaveOnto {
  if (now === null)
    return {
      refused: 'This page was removed or renamed by someone else since you opened it, so it was not saved. Reload the editor to see the pages as they are now.',
    };
  const theirs = fromFile(now);
  const problem = theirs[problemKey] as FileProblem | undefined;
  if (problem)
    return {
      refused: `This page was changed by someone else since you opened it, and its file cannot be read now, so your change was not saved. Line ${problem.line}: ${problem.text.trimEnd()}\n\nOnce the file is fixed, reload the page and make your change again.`,
    };
  const { data, conflicts } = mergeFields(fieldsOf(base), fieldsOf(theirs), fieldsOf(mine));
  if (conflicts.length > 0) return { refused: conflicts.map(conflictMessage).join(' ') };
  return { data: { ...data, [sourceKey]: now } };
}
