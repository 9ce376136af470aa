/**
 * The stylesheet one page needs, cut from the site's whole stylesheet at build time, so that HTML and CSS
 * arrive in the first round trip (the page weight budget in scripts/page-weight/budgets.ts).
 *
 * Maintained tools do the work: PurgeCSS removes rules no element of the page can match (it understands
 * :is(), :where(), :not() and :has()); Tailwind's own scanner says which class names the page and the
 * scripts that may change it later contain; Lightning CSS drops custom properties that nothing reads any
 * more, then minifies.
 */
import { Scanner } from '@tailwindcss/oxide';
import { Features, transform, type TokenOrValue, type TransformOptions } from 'lightningcss';
import { Parser } from 'htmlparser2';
import { PurgeCSS, type ExtractorResultDetailed } from 'purgecss';

/** Text that can put class names on the page after it loads (an island's component source), with its file extension. */
export interface LaterSource {
  content: string;
  extension: string;
}

/** Class names as Tailwind finds them in any text: markup, inline scripts, <noscript> content, component sources. */
const tailwindCandidates = (content: string, extension: string) => new Scanner({}).scanFiles([{ content, extension }]);

type Selectors = ExtractorResultDetailed;

const words = (value: string) => value.split(/\s+/).filter(Boolean);

/**
 * What PurgeCSS matches selectors against: element names, attribute names and values, ids and class names
 * from the page's markup (read with htmlparser2's streaming parser), plus the class names Tailwind's scanner
 * finds in the page and in `later`.
 */
function pageSelectors(html: string, later: readonly LaterSource[]): Selectors {
  // Every document has these, also when `html` is only its body.
  const tags = new Set(['html', 'head', 'body']);
  const names = new Set<string>();
  const values = new Set<string>();
  const ids = new Set<string>();
  const classes = new Set([...tailwindCandidates(html, 'html'), ...later.flatMap((source) => tailwindCandidates(source.content, source.extension))]);
  const parser = new Parser({
    onopentag(tag, attributes) {
      tags.add(tag);
      for (const [name, value] of Object.entries(attributes)) {
        names.add(name);
        for (const word of words(value)) values.add(word);
        if (name === 'class') for (const word of words(value)) classes.add(word);
        if (name === 'id') ids.add(value);
      }
    },
  });
  parser.write(html);
  parser.end();
  return { tags: [...tags], attributes: { names: [...names], values: [...values] }, ids: [...ids], classes: [...classes], undetermined: [] };
}

/** What the stylesheet's selectors can ask of a page; `anyAttributeValue` when one compares values other than by equality. */
interface Asked {
  classes: Set<string>;
  ids: Set<string>;
  tags: Set<string>;
  attributes: Set<string>;
  attributeValues: Set<string>;
  anyAttributeValue: boolean;
}

function askedBy(siteCss: string): Asked {
  const asked: Asked = { classes: new Set(), ids: new Set(), tags: new Set(), attributes: new Set(), attributeValues: new Set(), anyAttributeValue: false };
  // Selector components, including those nested in :is(), :where(), :not() and :has().
  const note = (component: unknown): void => {
    if (Array.isArray(component)) return component.forEach(note);
    if (!component || typeof component !== 'object') return;
    const part = component as { type?: string; name?: string; operation?: { operator: string; value: string } };
    if (part.type === 'class') asked.classes.add(part.name!);
    else if (part.type === 'id') asked.ids.add(part.name!);
    else if (part.type === 'type') asked.tags.add(part.name!);
    else if (part.type === 'attribute') {
      asked.attributes.add(part.name!);
      if (part.operation?.operator === 'equal') asked.attributeValues.add(part.operation.value);
      else if (part.operation) asked.anyAttributeValue = true;
    }
    Object.values(component).forEach(note);
  };
  transform({ filename: 'site.css', code: Buffer.from(siteCss), visitor: { Selector: note } });
  return asked;
}

/**
 * Pages whose selectors agree on everything the stylesheet asks get the same rules from PurgeCSS, so they share
 * a key: pages built from the same parts (every service page) are cut once.
 */
function selectorKey(selectors: Selectors, asked: Asked): string {
  const only = (list: readonly string[], wanted: Set<string> | null) => [...new Set(list)].filter((item) => !wanted || wanted.has(item)).sort();
  return JSON.stringify([
    only(selectors.classes, asked.classes),
    only(selectors.ids, asked.ids),
    only(selectors.tags, asked.tags),
    only(selectors.attributes.names, asked.attributes),
    only(selectors.attributes.values, asked.anyAttributeValue ? null : asked.attributeValues),
  ]);
}

/**
 * Pseudo-elements that style parts of form controls (Tailwind's preflight resets them all), with the controls that
 * have those parts: a tag and, for an input, one of its types or attributes.
 */
type FormPart = { part: RegExp; tags: string[]; types?: string[]; attributes?: string[] };
const formParts: FormPart[] = [
  { part: /^placeholder$/, tags: ['input', 'textarea'] },
  { part: /^file-selector-button$/, tags: ['input'], types: ['file'] },
  { part: /^-webkit-(?:date-and-time-value|datetime-edit)/, tags: ['input'], types: ['date', 'time', 'datetime-local', 'month', 'week'] },
  // Chromium draws the picker's button on date fields, and on a field with suggestions (`list`, a <datalist>).
  {
    part: /^-webkit-calendar-picker-indicator$/,
    tags: ['input'],
    types: ['date', 'time', 'datetime-local', 'month', 'week'],
    attributes: ['list'],
  },
  { part: /^-webkit-search-/, tags: ['input'], types: ['search'] },
  { part: /^-webkit-(?:inner|outer)-spin-button$/, tags: ['input'], types: ['number'] },
];
type SelectorComponent = { type: string; kind?: string; name?: string };

/** The form-control parts whose controls `selectors` (a page) does not have. */
function missingFormParts(selectors: Selectors): FormPart[] {
  const tags = new Set(selectors.tags);
  const values = new Set(selectors.attributes.values);
  const names = new Set(selectors.attributes.names);
  return formParts.filter(
    ({ tags: partTags, types, attributes = [] }) =>
      !partTags.some((tag) => tags.has(tag)) || (types && !types.some((type) => values.has(type)) && !attributes.some((name) => names.has(name))),
  );
}

/**
 * `css` without the rules for parts of form controls the page does not have. PurgeCSS keeps every pseudo-element,
 * as it cannot tell what element one belongs to; for these, it is a form control.
 */
function withoutMissingFormParts(css: string, missing: readonly FormPart[]): string {
  if (missing.length === 0) return css;
  const stylesMissingPart = (selector: SelectorComponent[]) =>
    selector.some((component) => {
      if (component.type !== 'pseudo-element') return false;
      const name = component.kind === 'custom' ? (component.name ?? '') : (component.kind ?? '');
      return missing.some(({ part }) => part.test(name));
    });
  return transform({
    filename: 'page.css',
    code: Buffer.from(css),
    visitor: {
      Rule: {
        style(rule) {
          const kept = rule.value.selectors.filter((selector) => !stylesMissingPart(selector as SelectorComponent[]));
          if (kept.length === rule.value.selectors.length) return undefined;
          return kept.length === 0 ? [] : { ...rule, value: { ...rule.value, selectors: kept } };
        },
      },
    },
  }).code.toString();
}

async function purge(siteCss: string, selectors: Selectors): Promise<string> {
  const [result] = await new PurgeCSS().purge({
    // The page's selectors are gathered already; PurgeCSS takes them through an extractor.
    content: [{ raw: '', extension: 'page' }],
    extractors: [{ extensions: ['page'], extractor: () => selectors }],
    css: [{ raw: siteCss }],
    // A pseudo-class or pseudo-element (:focus-visible, :popover-open, ::placeholder) asks nothing of the page's
    // markup; without this, PurgeCSS drops selectors made only of them, such as `:is(.cta-panel) :focus-visible`.
    safelist: { standard: [/^:/] },
    keyframes: true,
    fontFace: true,
  });
  return result?.css ?? '';
}

const version = (major: number, minor = 0) => (major << 16) | (minor << 8);

/**
 * The Lightning CSS settings of Tailwind CSS's own optimizer (@tailwindcss/node), so that minifying again
 * writes nothing older browsers lack (left alone, Lightning CSS turns `min-width:` media queries into ranges).
 */
const tailwindOutput = {
  targets: { safari: version(16, 4), ios_saf: version(16, 4), firefox: version(128), chrome: version(111) },
  include: Features.Nesting | Features.MediaQueries,
  exclude: Features.LogicalProperties | Features.DirSelector | Features.LightDark,
} satisfies Partial<TransformOptions<never>>;

/** A custom property's value is only the keyword `initial` (Tailwind's fallback for browsers without @property). */
function isInitial(value: readonly TokenOrValue[]): boolean {
  const [only] = value;
  return value.length === 1 && only?.type === 'token' && only.value.type === 'ident' && only.value.value === 'initial';
}

/**
 * Custom properties whose declarations change nothing: declared (in rules or with @property) but never read with
 * var(), or read but never given a value (only `initial`, and no initial value registered), so that every var()
 * reading them takes its fallback.
 */
function deadProperties(css: string): string[] {
  const declared = new Set<string>();
  const given = new Set<string>();
  const read = new Set<string>();
  transform({
    filename: 'page.css',
    code: Buffer.from(css),
    visitor: {
      Rule: {
        property(rule) {
          declared.add(rule.value.name);
          if (rule.value.initialValue) given.add(rule.value.name);
        },
      },
      Declaration: {
        custom(declaration) {
          declared.add(declaration.name);
          if (!isInitial(declaration.value)) given.add(declaration.name);
        },
      },
      Variable: (variable) => void read.add(variable.name.ident),
    },
  });
  // Lightning CSS also reports declarations it keeps unparsed here, under their property name (outline-offset).
  return [...declared].filter((name) => name.startsWith('--') && (!read.has(name) || !given.has(name)));
}

/**
 * Minifies, dropping dead custom properties until none is left (one may be read only by another), then writes
 * for the target browsers once: each such pass would add its vendor prefixes again.
 */
function minify(css: string): string {
  let current = css;
  for (let dead = deadProperties(current); dead.length > 0; dead = deadProperties(current)) {
    const next = transform({ filename: 'page.css', code: Buffer.from(current), minify: true, unusedSymbols: dead }).code.toString();
    if (next === current) break;
    current = next;
  }
  return transform({ ...tailwindOutput, filename: 'page.css', code: Buffer.from(current), minify: true }).code.toString();
}

/**
 * A page's share without the banner comment Tailwind starts the stylesheet with (Lightning CSS keeps /*! comments):
 * 44 bytes gzip of every first response. The whole stylesheet, which every page loads, keeps it.
 */
function withoutBanner(css: string): string {
  return css.startsWith('/*!') ? css.slice(css.indexOf('*/') + 2).trimStart() : css;
}

/** The whole stylesheet, written for the same browsers as each page's share (site-stylesheet.ts). */
export const wholeCss = (siteCss: string): string => minify(siteCss);

/** Results for the current site stylesheet, by selector key. */
let cachedFor = '';
let asked: Asked | undefined;
let cache = new Map<string, Promise<string>>();

/** The rules of `siteCss` that can apply to `html` (a whole page, or its body) or to what `later` may render. */
export function pageCss(siteCss: string, html: string, later: readonly LaterSource[] = []): Promise<string> {
  if (siteCss !== cachedFor || !asked) {
    cachedFor = siteCss;
    asked = askedBy(siteCss);
    cache = new Map();
  }
  const selectors = pageSelectors(html, later);
  const missing = missingFormParts(selectors);
  // The controls a page has decide which of their parts' rules it keeps, whatever the stylesheet's selectors ask.
  const key = `${selectorKey(selectors, asked)}${missing.map((part) => formParts.indexOf(part)).join(',')}`;
  let css = cache.get(key);
  if (!css) {
    css = purge(siteCss, selectors).then((purged) => withoutBanner(minify(withoutMissingFormParts(purged, missing))));
    cache.set(key, css);
  }
  return css;
}
