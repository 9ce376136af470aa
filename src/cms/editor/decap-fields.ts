/**
 * Decap CMS field definitions read off the zod schemas of src/schemas/, so the editor offers exactly the
 * fields the build accepts: a field added to a schema appears in the editor, a field removed disappears.
 */
import type { z } from 'astro/zod';
import { icon } from '../../schemas/fields.ts';
import { stat } from '../../schemas/sections.ts';
import { imageSource } from '../../schemas/fields.ts';
import { choiceOptions, fieldWords, inWritersOrder, sectionTypes, wordsPath } from './field-labels.ts';

export interface DecapField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  fields?: DecapField[];
  field?: DecapField;
  types?: DecapField[];
  typeKey?: string;
  summary?: string;
  options?: string[] | { label: string; value: string }[];
  multiple?: boolean;
  /** A relation field's collection and how its entries are shown, searched and stored. */
  collection?: string;
  value_field?: string;
  search_fields?: string[];
  display_fields?: string[];
  value_type?: 'int' | 'float';
  min?: number;
  max?: number;
  format?: string;
  date_format?: string;
  time_format?: boolean;
  modes?: string[];
  choose_url?: boolean;
  buttons?: string[];
  editor_components?: string[];
  /** The most characters the schema accepts: the editor counts them as the writer types (counter-widget.ts). */
  max_length?: number;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  entries?: Record<string, string>;
  values?: unknown[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Strings writers write as paragraphs rather than one line. */
const longText = new Set(['description', 'subtitle', 'answer', 'content', 'summary', 'note', 'paragraphs', 'problem', 'quote']);

/** The label and hint of the field at `path` (field-labels.ts), as Decap takes them. */
const wordsOf = (path: string) => {
  const { label, hint } = fieldWords(path);
  return hint ? { label, hint } : { label };
};

/** The schema a value must finally pass: wrappers (optional, default, preprocess) peeled off, and whether one made it optional. */
function unwrap(schema: z.ZodType): { core: z.ZodType; optional: boolean } {
  let core = schema;
  let optional = false;
  for (;;) {
    const def = defOf(core);
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault' || def.type === 'nullable') {
      optional = true;
      core = def.innerType!;
    } else if (def.type === 'pipe') {
      core = def.out!;
    } else {
      return { core, optional };
    }
  }
}

const summaryOf = (fields: readonly DecapField[]) => {
  const shown = ['title', 'label', 'question', 'name', 'stage', 'area', 'level', 'text'].find((name) => fields.some((field) => field.name === name));
  return shown ? `{{fields.${shown}}}` : undefined;
};

/**
 * A stat is written either whole (`value: 30+`) or in parts; its schema turns the first into the second before
 * checking, so `value` is in no shape and the parts are not all required.
 */
const statFields = (parts: DecapField[], path: string): DecapField[] => [
  { name: 'value', ...wordsOf(wordsPath(path, 'value')), widget: 'string', required: false },
  ...parts.map((field) => (field.name === 'label' ? field : { ...field, required: false })),
];

/** The fields of an object schema; `path` names it for field-labels.ts (`hero`, `sections.items`: no indexes). */
export function objectFields(schema: z.ZodType, path = '', skip: readonly string[] = []): DecapField[] {
  if (schema === stat) return statFields(objectFields(unwrap(schema).core, path, skip), path);
  const { core } = unwrap(schema);
  const def = defOf(core);
  if (def.type !== 'object') throw new Error(`expected an object schema, got ${def.type}`);
  const fields = Object.entries(def.shape!)
    .filter(([name]) => !skip.includes(name))
    .map(([name, child]) => decapField(name, child, wordsPath(path, name)));
  return inWritersOrder(path, fields);
}

/** The longest string the schema accepts, if it sets one (`z.string().max(70)`). */
function maxLength(schema: z.ZodType): number | undefined {
  const checks = (defOf(schema) as Def & { checks?: { _zod: { def: { check?: string; maximum?: number } } }[] }).checks ?? [];
  return checks.find((check) => check._zod.def.check === 'max_length')?._zod.def.maximum;
}

/**
 * A field the writer must fill in once its optional group is used (an image's file and alt text, an overview card's
 * description). Decap would check it even when the group is unused, so it is not `required` for Decap, and its
 * widget is the same one under another name (counter-widget.ts), which leaves out Decap's "(optional)"; the build's
 * check (entry-checks.ts) still refuses it empty, and the hint says when it is needed.
 */
function neededInGroup(field: DecapField, group: string, saysWhen: boolean): DecapField {
  const when = `Required when "${group}" is used.`;
  const widget = neededWidgets.includes(field.widget) ? `${field.widget}${neededSuffix}` : field.widget;
  const hint = saysWhen ? field.hint : field.hint ? `${when} ${field.hint}` : when;
  return { ...field, widget, required: false, ...(hint ? { hint } : {}) };
}

/** Widgets that have a twin without "(optional)" (registered in counter-widget.ts), and the suffix of its name. */
export const neededWidgets: readonly string[] = ['string', 'text', 'number', 'image'];
export const neededSuffix = '-needed';

/** The Decap field for the schema of frontmatter key `name`, at `path`. */
function decapField(name: string, schema: z.ZodType, path: string): DecapField {
  const { core, optional } = unwrap(schema);
  const def = defOf(core);
  const base = { name, ...wordsOf(path), ...(optional ? { required: false } : {}) };
  // The icon chooser (src/cms/editor/icon-widget.ts) offers the names the schema accepts, with search.
  if (core === icon) return { ...base, widget: 'icon' };
  // An image is chosen from, or uploaded to, the Media library; never a URL (the site's policy loads only its own images).
  if (core === imageSource) return { ...base, widget: 'image', choose_url: false };
  switch (def.type) {
    case 'string': {
      const max = maxLength(core);
      return { ...base, widget: longText.has(name) ? 'text' : 'string', ...(max === undefined ? {} : { max_length: max }) };
    }
    case 'number':
      return { ...base, widget: 'number', value_type: isInteger(core) ? 'int' : 'float' };
    case 'boolean':
      return { ...base, widget: 'boolean' };
    case 'date':
      // Kept as the text writers type (2025-08-18), which the schema coerces to a date.
      return { ...base, widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'YYYY-MM-DD', time_format: false };
    case 'enum':
      return { ...base, widget: 'select', options: choiceOptions(Object.values(def.entries!) as string[]) };
    case 'literal':
      return { ...base, ...literalField(name, def.values!) };
    case 'object': {
      const fields = objectFields(schema === stat ? schema : core, path);
      // Decap checks the required fields of an optional object even when the entry has none; the build still does.
      const group = wordsOf(path).label;
      const shown = optional
        ? fields.map((field) => {
            const { needed } = fieldWords(wordsPath(path, field.name));
            return field.required === false && !needed ? field : neededInGroup(field, group, Boolean(needed));
          })
        : fields;
      return { ...base, widget: 'object', fields: shown, ...optionalSummary(fields) };
    }
    case 'array':
      return { ...base, ...listOf(name, def.element!, path) };
    case 'union':
      return { ...base, ...unionField(name, def, path) };
    default:
      throw new Error(`${name}: no Decap widget for a zod ${def.type}`);
  }
}

const optionalSummary = (fields: readonly DecapField[]) => {
  const summary = summaryOf(fields);
  return summary ? { summary } : {};
};

function isInteger(schema: z.ZodType): boolean {
  const checks = (defOf(schema) as Def & { checks?: { _zod: { def: { format?: string } } }[] }).checks ?? [];
  return checks.some((check) => check._zod.def.format === 'safeint');
}

/** A list; its items' fields are named by the list's path (`sections.items.title`), a section's type left out. */
function listOf(
  name: string,
  element: z.ZodType,
  path: string,
): Pick<DecapField, 'widget' | 'field' | 'fields' | 'types' | 'typeKey' | 'summary' | 'multiple' | 'options'> {
  const { core } = unwrap(element);
  const def = defOf(core);
  if (def.type === 'union' && def.discriminator) {
    const types = def.options!.map((option) => {
      const shape = defOf(option).shape!;
      const type = String(defOf(shape[def.discriminator!]!).values![0]);
      const fields = objectFields(option, path, [def.discriminator!]);
      const words = sectionTypes[type] ?? fieldWords(type);
      return { name: type, label: words.label, ...(words.hint ? { hint: words.hint } : {}), widget: 'object', fields, ...optionalSummary(fields) };
    });
    return { widget: 'list', types, typeKey: def.discriminator };
  }
  const item = decapField(name, element, path);
  if (item.widget === 'object') return { widget: 'list', fields: item.fields!, ...optionalSummary(item.fields!) };
  // Several choices from a set: one box that lists them, rather than a list of boxes.
  if (item.widget === 'select') return { widget: 'select', multiple: true, options: item.options! };
  const { required: _required, hint: _hint, ...single } = item;
  return { widget: 'list', field: single };
}

/** A set of numbers (`columns: 2 | 3 | 4`) becomes a bounded whole number, a set of words a choice. */
function literalField(name: string, values: readonly unknown[]): Omit<DecapField, 'name' | 'label'> {
  if (values.every((value) => typeof value === 'number')) return { widget: 'number', value_type: 'int', min: Math.min(...values), max: Math.max(...values) };
  if (values.every((value) => typeof value === 'string')) return { widget: 'select', options: choiceOptions(values) };
  throw new Error(`${name}: no Decap widget for the literals ${values.join(', ')}`);
}

/**
 * Numbers from a set of literals (`columns: 2 | 3 | 4`) become a bounded whole number. A text-or-object item
 * (a checklist line, written `- Text` or `- title: … description: …`) becomes the object; the editor's file
 * format (frontmatter-format.ts) turns bare text into `{ title }` on load and back on save.
 */
function unionField(name: string, def: Def, path: string): Omit<DecapField, 'name' | 'label'> {
  const options = def.options!.map((option) => unwrap(option).core);
  if (options.every((option) => defOf(option).type === 'literal'))
    return literalField(
      name,
      options.flatMap((option) => defOf(option).values!),
    );
  const object = options.find((option) => defOf(option).type === 'object');
  const others = options.filter((option) => option !== object).map((option) => defOf(option).type);
  if (object && others.every((type) => type === 'string')) {
    const fields = objectFields(object, path);
    return { widget: 'object', fields, ...optionalSummary(fields) };
  }
  throw new Error(`${name}: no Decap widget for a union of ${options.map((option) => defOf(option).type).join(', ')}`);
}
