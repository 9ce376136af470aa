/**
 * The stylesheet one page needs, cut from the site's whole stylesheet at build time, so that HTML and CSS
 * arrive in the first round trip (the page weight budget in scripts/lib/budgets.ts).
 *
 * Maintained tools do the work: PurgeCSS removes rules no element of the page can match (it understands
 * :is(), :where(), :not() and :has()); Tailwind's own scanner says which class names the page and the
 * scripts that may change it later contain; Lightning CSS drops custom properties that nothing reads any
 * more, then minifies.
 */
import { Scanner } from '@tailwindcss/oxide';
import { Features, transform, type TransformOptions } from 'lightningcss';
import { PurgeCSS } from 'purgecss';
import purgecssFromHtml from 'purgecss-from-html';

/** Text that can put class names on the page after it loads (an island's component source), with its file extension. */
export interface LaterSource {
  content: string;
  extension: string;
}

/** Class names as Tailwind finds them in any text: markup, inline scripts, <noscript> content, component sources. */
const tailwindCandidates = (content: string, extension: string) => new Scanner({}).scanFiles([{ content, extension }]);

type Selectors = ReturnType<typeof purgecssFromHtml>;

/** Elements, attributes and ids from the parsed markup; class names from the markup, Tailwind's scan of it, and `later`. */
function pageSelectors(html: string, later: readonly LaterSource[]): Selectors {
  const markup = purgecssFromHtml(html);
  const scanned = [...tailwindCandidates(html, 'html'), ...later.flatMap((source) => tailwindCandidates(source.content, source.extension))];
  return { ...markup, classes: [...markup.classes, ...scanned] };
}

/** The same selectors in any order give the same key. */
const selectorKey = (selectors: Selectors) =>
  JSON.stringify([selectors.classes, selectors.ids, selectors.tags, selectors.attributes.names, selectors.attributes.values].map((list) => [...new Set(list)].sort()));

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

/** Custom properties the stylesheet declares (in rules or with @property) but never reads with var(). */
function unreadProperties(css: string): string[] {
  const declared = new Set<string>();
  const read = new Set<string>();
  transform({
    filename: 'page.css',
    code: Buffer.from(css),
    visitor: {
      Rule: { property: (rule) => void declared.add(rule.value.name) },
      Declaration: { custom: (declaration) => void declared.add(declaration.name) },
      Variable: (variable) => void read.add(variable.name.ident),
    },
  });
  // Lightning CSS also reports declarations it keeps unparsed here, under their property name (outline-offset).
  return [...declared].filter((name) => name.startsWith('--') && !read.has(name));
}

/** Minifies, dropping unread custom properties until none is left (one may be read only by another). */
function minify(css: string): string {
  let current = css;
  for (;;) {
    const unread = unreadProperties(current);
    const next = transform({ ...tailwindOutput, filename: 'page.css', code: Buffer.from(current), minify: true, unusedSymbols: unread }).code.toString();
    if (unread.length === 0 || next === current) return next;
    current = next;
  }
}

/** Pages built from the same parts use the same rules: results are kept per set of selectors, for the current site stylesheet. */
let cachedFor = '';
let cache = new Map<string, Promise<string>>();

/** The rules of `siteCss` that can apply to `html` (a whole page, or its body) or to what `later` may render. */
export function pageCss(siteCss: string, html: string, later: readonly LaterSource[] = []): Promise<string> {
  const selectors = pageSelectors(html, later);
  if (siteCss !== cachedFor) {
    cachedFor = siteCss;
    cache = new Map();
  }
  const key = selectorKey(selectors);
  let css = cache.get(key);
  if (!css) {
    css = purge(siteCss, selectors).then(minify);
    cache.set(key, css);
  }
  return css;
}
