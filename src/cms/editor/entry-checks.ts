/**
 * The editor refuses what the build refuses (entry-problems.ts), before saving, with the message next to the field:
 * Decap's own widgets are registered again with a check added (`isValid`, which Decap asks of every field when
 * Save is pressed, and for lists the size check Decap runs instead). A problem no field shows (a whole group's)
 * still stops the save, listed in the error notice (preSave), so nothing the build refuses is written.
 */
import { contentCollections, decapConfig } from './decap-config.ts';
import { entryProblems, type EntryProblem, type SiteIndex } from './entry-problems.ts';
import { fieldAt, labelsAt, type FieldSettings } from './problem-fields.ts';
import { changedStrings, cleanedEntry, loadPageTextParser, pageTextProblemsOf } from './page-text-checks.ts';

/** The parts of Decap's Immutable values these checks read. */
interface Value {
  get(key: string): unknown;
  getIn(path: unknown[]): unknown;
  toJS(): unknown;
  equals?(other: unknown): boolean;
}

interface ControlProps {
  field: Value;
  /** The field's settings as configured, where a widget passes Decap's control changed ones (icon-widget.ts). */
  configuredField?: Value;
  value: unknown;
  /** The entry as it is now: the `entry` prop of a field whose value did not change is the one it was last drawn with. */
  getEntry?: () => Value;
  entry: Value;
  collection: Value;
  parentIds?: string[];
}

interface Control {
  props: ControlProps;
  isValid?: () => unknown;
  validateSize?: () => unknown[];
}

type ControlClass = new (props: ControlProps) => Control;

export interface DecapWidgets {
  getWidget(name: string): { control: ControlClass; preview: unknown; schema?: unknown } | undefined;
  registerWidget(name: string, control: unknown, preview?: unknown, schema?: unknown): void;
  registerEventListener(listener: { name: string; handler: (event: { entry: Value }) => unknown }): void;
}

/** The fields Decap shows that hold a value; groups (object) only pass the check on to their fields. */
const checkedWidgets = ['string', 'text', 'number', 'boolean', 'select', 'datetime', 'list'];

let site: SiteIndex | undefined;
let siteLoaded: Promise<void> = Promise.resolve();

/** Pages and orders as the dev server or the build knows them (src/pages/admin/site-index.json.ts). */
function loadSiteIndex(): Promise<void> {
  siteLoaded = fetch('/admin/site-index.json')
    .then((response) => (response.ok ? (response.json() as Promise<SiteIndex>) : undefined))
    .then((index) => {
      site = index ?? site;
      checkedByData = new WeakMap();
    })
    .catch(() => undefined);
  return siteLoaded;
}

/** The site index once loaded (undefined if it could not be), for widgets that list the site's pages (order-widget.ts). */
export const siteIndex = () => siteLoaded.then(() => site);

const schemaOf = (collection: string) => contentCollections.find((item) => item.folder === collection)?.schema;

/** An entry's data as plain values and its problems, worked out once per state of the data (every field asks on Save). */
interface Checked {
  plain: Record<string, unknown>;
  problems: EntryProblem[];
}
// Worked out against one state of the site index: a new index starts afresh.
let checkedByData = new WeakMap<object, Checked>();
function checkedOf(entry: Value): Checked {
  const data = entry.get('data') as Value;
  const known = checkedByData.get(data);
  if (known) return known;
  const collection = String(entry.get('collection'));
  const schema = schemaOf(collection);
  const slug = entry.get('newRecord') ? undefined : (entry.get('slug') as string | undefined);
  const plain = data.toJS() as Record<string, unknown>;
  // The body is the page's text after the frontmatter, not a field of the schema: checked as the build checks it.
  // Checked as it will be saved: without invisible characters and with Word's bullets as list items (cleanedEntry).
  const { body, ...fields } = cleanedEntry(plain);
  const problems = schema ? [...entryProblems(schema, { collection, slug, data: fields }, site), ...pageTextProblemsOf(body, site, entry)] : [];
  const checked = { plain, problems };
  checkedByData.set(data, checked);
  return checked;
}

/** The settings of every field of the entry (a files collection has them per file). */
function fieldsOf(collection: Value, entry: Value): Iterable<FieldSettings> | undefined {
  const files = collection.get('files') as Iterable<Value> | undefined;
  if (!files) return collection.get('fields') as Iterable<FieldSettings>;
  return ([...files].find((file) => file.get('name') === entry.get('slug'))?.get('fields') ?? undefined) as Iterable<FieldSettings> | undefined;
}

/** A plain value read with `get`, as Decap's Immutable maps are. */
const withGet = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withGet)
    : value !== null && typeof value === 'object'
      ? { get: (key: string) => withGet((value as Record<string, unknown>)[key]) }
      : value;

/** A collection's fields as configured (decap-config.ts), for naming a problem's field where Decap gives no settings (preSave). */
function configuredFields(collection: string, slug: unknown): Iterable<FieldSettings> {
  const settings = decapConfig({ siteUrl: location.origin, githubRepo: '' }).collections.find((item) => item.name === collection) as
    { fields?: unknown[]; files?: { name: string; fields: unknown[] }[] } | undefined;
  const fields = settings?.files ? settings.files.find((file) => file.name === slug)?.fields : settings?.fields;
  return (fields ?? []).map(withGet) as FieldSettings[];
}

/** A box left empty shows '' where the data has nothing, a list with no items an empty list. */
const empty = (value: unknown) =>
  value === undefined || value === null || value === '' || (typeof value === 'object' && (value as { size?: number }).size === 0);
const same = (a: unknown, b: unknown) =>
  a === b || (empty(a) && empty(b)) || (a !== null && typeof a === 'object' && typeof (a as Value).equals === 'function' && (a as Value).equals!(b));

/** The messages for this field: problems whose path leads to its settings and to its value. */
function messagesFor({ field: shown, configuredField, value, getEntry, entry: drawnWith, collection }: ControlProps): string[] {
  const field = configuredField ?? shown;
  const entry = getEntry?.() ?? drawnWith;
  if (!entry || !collection) return [];
  const data = entry.get('data') as Value;
  const { plain, problems } = checkedOf(entry);
  const fields = fieldsOf(collection, entry);
  return problems
    .filter((problem) => same(fieldAt(fields, plain, problem.path), field) && same(data.getIn(problem.path), value))
    .map((problem) => problem.message);
}

const asErrors = (props: ControlProps) => messagesFor(props).map((message) => ({ type: 'CUSTOM', parentIds: props.parentIds ?? [], message }));

export function withEntryChecks(Base: ControlClass): ControlClass {
  return class extends Base {
    constructor(props: ControlProps) {
      super(props);
      const own = this.isValid?.bind(this);
      this.isValid = () => {
        const [error] = asErrors(this.props);
        return error ? { error } : (own?.() ?? true);
      };
      // A list with items checks its items and its size, not isValid: its own problems (too few items) go with the size.
      const size = this.validateSize?.bind(this);
      if (size) this.validateSize = () => [...size(), ...asErrors(this.props)];
    }
  };
}

/** The entry's data with invisible characters removed and Word's bullets as list items; undefined when nothing changes. */
function cleanedData(data: Value): unknown {
  const plain = data.toJS() as Record<string, unknown>;
  let result = data as unknown as { setIn(path: unknown[], value: unknown): unknown };
  for (const { path, text } of changedStrings(plain)) result = result.setIn(path, text) as typeof result;
  return result === (data as unknown) ? undefined : result;
}

export function registerEntryChecks(cms: DecapWidgets): void {
  void loadSiteIndex();
  // Entries checked before the parser arrived are checked again, their Page text too (a failed fetch is tried again on saving).
  void loadPageTextParser()
    .then(() => (checkedByData = new WeakMap()))
    .catch(() => undefined);
  for (const name of checkedWidgets) {
    const widget = cms.getWidget(name);
    if (widget) cms.registerWidget(name, withEntryChecks(widget.control), widget.preview, widget.schema);
  }
  // A saved page is a page links may lead to, and its order is taken.
  for (const name of ['postSave', 'postPublish']) cms.registerEventListener({ name, handler: () => void loadSiteIndex() });
  // An image uploaded meanwhile (Media, in another tab) is known when the writer comes back to the form.
  let indexAsked = Date.now();
  document.addEventListener('focusin', () => {
    if (Date.now() - indexAsked > 2000) void loadSiteIndex();
    indexAsked = Date.now();
  });
  // What the editor fixes by itself is fixed before the checks below read the entry.
  cms.registerEventListener({ name: 'preSave', handler: ({ entry }) => cleanedData(entry.get('data') as Value) });
  cms.registerEventListener({
    name: 'preSave',
    handler: async ({ entry }) => {
      await Promise.all([siteLoaded, loadPageTextParser()]);
      checkedByData.delete(entry.get('data') as object);
      const { plain, problems } = checkedOf(entry);
      // Each problem by the labels the writer sees on the form, not the file's key path.
      const fields = configuredFields(String(entry.get('collection')), entry.get('slug'));
      // One line each: a reason's own sentence may hold "; " (lasting-notices.ts shows the lines).
      if (problems.length > 0)
        throw new Error(`Not saved: ${problems.map((problem) => `${labelsAt(fields, plain, problem.path)}: ${problem.message}`).join('\n')}`);
    },
  });
}
