/**
 * Which of the editor's fields a problem belongs to. Decap holds a collection's field settings as Immutable maps
 * (read with `get`); a problem's path (`sections.1.items.0.rating`) is walked down them, a section's settings
 * chosen by its `type`, so the message can be shown next to the box it is about.
 */
import type { ProblemPath } from './entry-problems.ts';

/** A field's settings as Decap holds them (an Immutable map), or a plain stand-in with `get`. */
export interface FieldSettings {
  get(key: string): unknown;
}

type Settings = Iterable<FieldSettings> | undefined;

const named = (fields: Settings, name: unknown) => [...(fields ?? [])].find((field) => field.get('name') === name);

/** Each step of `path` down a collection's `fields`, with the settings of the field (or section type) it reaches. */
function* stepsAt(
  fields: Settings,
  data: unknown,
  path: ProblemPath,
): Generator<{ step: string | number; field: FieldSettings | undefined; section: boolean }> {
  let field: FieldSettings | undefined;
  let children = fields;
  let value = data;
  for (const step of path) {
    value = value !== null && typeof value === 'object' ? (value as Record<string | number, unknown>)[step] : undefined;
    let section = false;
    if (typeof step === 'number') {
      // An item of the list `field`: a section's settings by its type, a one-box item by the list's `field`.
      const types = field?.get('types') as Settings;
      const single = field?.get('field') as FieldSettings | undefined;
      section = Boolean(types);
      if (types) field = named(types, (value as Record<string, unknown> | undefined)?.[String(field!.get('typeKey') ?? 'type')]);
      else if (single) field = single;
    } else {
      field = named(children, step);
    }
    children = field?.get('fields') as Settings;
    yield { step, field, section };
  }
}

/** The settings of the field that edits the value at `path` of `data`, among a collection's `fields`. */
export function fieldAt(fields: Settings, data: unknown, path: ProblemPath): FieldSettings | undefined {
  let found: FieldSettings | undefined;
  for (const { step, field } of stepsAt(fields, data, path)) {
    if (typeof step === 'string' && !field) return undefined;
    found = field;
  }
  return found;
}

/**
 * The labels a writer follows to the field at `path`: "Top of the page → Image → Image file", a list item by its
 * place and a section by its type ("Sections → Cards, no. 2 → Items → no. 1 → Title"), never the file's key path.
 */
export function labelsAt(fields: Settings, data: unknown, path: ProblemPath): string {
  return [...stepsAt(fields, data, path)]
    .map(({ step, field, section }) =>
      typeof step === 'number'
        ? section
          ? `${String(field?.get('label') ?? 'Section')}, no. ${step + 1}`
          : `no. ${step + 1}`
        : String(field?.get('label') ?? step),
    )
    .join(' → ');
}
