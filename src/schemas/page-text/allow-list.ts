/**
 * What page text may become, as a list (a sanitiser's allow-list, in the spirit of hast-util-sanitize's schema):
 * the elements Markdown makes, each with the attributes it may carry, and the address forms of links and images.
 * Anything not listed is refused, however it is spelt, so a trick nobody has thought of yet fails the build instead
 * of reaching a visitor. Two views of the one list:
 * - `writtenElements`: the tags a writer may type in the page text (`<a href>`, `<strong>`, `<br />`), with the
 *   attributes they may write; checked on the MDX tree with a sentence per problem (code.ts);
 * - `renderedElements`: every element and attribute (hast property names) the MDX pipeline may output, including
 *   what Markdown itself adds (footnotes, a heading's id, a code block's language); checked on the page's HTML tree
 *   as a second line (src/content/markdown-allow-list.ts) and in tests over the built HTML.
 */

/** The elements a writer may type as tags, each with the attributes they may write. */
export const writtenElements: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  p: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  em: [],
  strong: [],
  del: [],
  sup: [],
  sub: [],
  code: [],
  br: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  hr: [],
};

/** An attribute's allowed values: any (true), a list, or a test. */
type Values = true | readonly string[] | RegExp | ((value: unknown) => boolean);

/** The address forms a link or image may take: a path or anchor of this site, or https, http (refused by the link check with its fix), mailto, tel. */
export const linkSchemes = ['https', 'http', 'mailto', 'tel'];

/** The scheme of `url` as a browser reads it (case, and tabs, line breaks and spaces inside it, ignored), or undefined for a relative address. */
export function schemeOf(url: string): string | undefined {
  const match = /^([^/?#]*?):/.exec(url.replace(/[\u0000-\u0020\u007f-\u009f]/g, ''));
  return match ? match[1]!.toLowerCase() : undefined;
}

/** True for an address page text may hold: relative, or one of the link schemes. */
export const isAllowedAddress = (url: unknown) => typeof url === 'string' && (schemeOf(url) === undefined || linkSchemes.includes(schemeOf(url)!));

const heading = { id: /^[\w-]+$/ } as const;

/** Every element the page text's HTML may hold, each with its attributes (hast property names) and their values. */
export const renderedElements: Readonly<Record<string, Readonly<Record<string, Values>>>> = {
  p: {},
  h2: { ...heading, className: ['sr-only'] },
  h3: heading,
  h4: heading,
  h5: heading,
  h6: heading,
  em: {},
  strong: {},
  del: {},
  sup: {},
  sub: {},
  code: { className: /^language-[\w+#.-]+$/ },
  pre: {},
  br: {},
  hr: {},
  ul: {},
  ol: { start: (value) => typeof value === 'number' || /^\d+$/.test(String(value)) },
  li: { id: /^user-content-fn-[\w-]+$/ },
  blockquote: {},
  table: {},
  thead: {},
  tbody: {},
  tr: {},
  th: {},
  td: {},
  img: { src: isAllowedAddress, alt: true, title: true },
  a: {
    href: isAllowedAddress,
    title: true,
    // Footnotes: the reference, and the way back from the note.
    id: /^user-content-fnref-[\w-]+$/,
    dataFootnoteRef: true,
    dataFootnoteBackref: true,
    ariaDescribedBy: ['footnote-label'],
    ariaLabel: /^Back to reference [\w-]+$/,
    className: ['data-footnote-backref'],
  },
  // The footnotes' list at the end of the text.
  section: { dataFootnotes: true, className: ['footnotes'] },
};

function valueAllowed(values: Values, value: unknown): boolean {
  if (values === true) return true;
  if (typeof values === 'function') return values(value);
  const items = Array.isArray(value) ? value : [value];
  return items.every((item) => (values instanceof RegExp ? values.test(String(item)) : (values as readonly string[]).includes(String(item))));
}

/**
 * What is outside the list on one rendered element (`tag` with hast `properties`): the element itself, or each
 * attribute not listed for it or with a value the list does not allow. Empty when the element is allowed as it is.
 */
export function renderedProblems(tag: string, properties: Readonly<Record<string, unknown>>): string[] {
  const allowed = Object.hasOwn(renderedElements, tag) ? renderedElements[tag] : undefined;
  if (!allowed) return [`<${tag}>`];
  return Object.entries(properties)
    .filter(
      ([name, value]) => value !== undefined && value !== null && value !== false && !(Object.hasOwn(allowed, name) && valueAllowed(allowed[name]!, value)),
    )
    .map(([name, value]) => `<${tag} ${name}="${Array.isArray(value) ? value.join(' ') : String(value)}">`);
}
