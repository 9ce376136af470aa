/**
 * Characters a writer cannot see, brought in by pasting from Word, web pages and PDFs: they make two texts that look
 * the same differ (a highlight not found in its title, "/contact" not a link). The editor removes them on save; the
 * build names each one by name and position.
 */
const invisibleNames: Record<string, string> = {
  '\u00AD': 'soft hyphen',
  '\u200B': 'zero-width space',
  '\u200C': 'zero-width non-joiner',
  '\u200D': 'zero-width joiner',
  '\u2060': 'word joiner',
  '\uFEFF': 'byte order mark',
  '\u200E': 'left-to-right mark',
  '\u200F': 'right-to-left mark',
  '\u202A': 'left-to-right embedding',
  '\u202B': 'right-to-left embedding',
  '\u202C': 'pop directional formatting',
  '\u202D': 'left-to-right override',
  '\u202E': 'right-to-left override',
  '\u2066': 'left-to-right isolate',
  '\u2067': 'right-to-left isolate',
  '\u2068': 'first strong isolate',
  '\u2069': 'pop directional isolate',
};
// One alternative per character: a class holding the zero-width joiner would join its neighbours.
const invisible = new RegExp(Object.keys(invisibleNames).join('|'), 'g');
/** A non-breaking space looks like a space but is not one: it breaks a link, a fact's name or an exact match. */
const noBreakSpace = /\u00A0/g;

const codePoint = (character: string) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** `text` without its invisible characters; with `exact` (a link, a fact's name, a highlight) non-breaking spaces become spaces. */
export function withoutInvisible(text: string, exact = false): string {
  const cleaned = text.replace(invisible, '');
  return exact ? cleaned.replace(noBreakSpace, ' ') : cleaned;
}

/** The first invisible character of `text` (and, with `exact`, non-breaking space), with its name and index. */
export function firstInvisible(text: string, exact = false): { index: number; name: string; code: string } | undefined {
  const pattern = new RegExp(`${invisible.source}${exact ? '|\\u00A0' : ''}`);
  const match = pattern.exec(text);
  if (!match) return undefined;
  const character = match[0];
  return { index: match.index, name: invisibleNames[character] ?? 'non-breaking space', code: codePoint(character) };
}

/** "the title contains an invisible soft hyphen (U+00AD) after "First Ti": remove it", or undefined. */
export function invisibleMessage(text: string, what: string, exact = false): string | undefined {
  const found = firstInvisible(text, exact);
  if (!found) return undefined;
  // The last words before it, enough to find the place (a writer looks for words, not a count of characters).
  const words = withoutInvisible(text.slice(0, found.index)).split(/(?<=\s)/);
  let before = '';
  while (words.length > 0 && before.length < 15) before = words.pop()! + before;
  const where = before.trim() ? `after "${before}"` : 'at its start';
  const fix = found.name === 'non-breaking space' ? 'write an ordinary space' : 'remove it';
  return `${what} contains an invisible ${found.name} (${found.code}) ${where}: ${fix}`;
}

/** Every string of `value` (a page's frontmatter) with its path. */
export function stringsOf(value: unknown, path: (string | number)[] = []): Array<{ path: (string | number)[]; text: string }> {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsOf(item, [...path, index]));
  if (value === null || typeof value !== 'object' || value instanceof Date) return [];
  return Object.entries(value).flatMap(([key, item]) => stringsOf(item, [...path, key]));
}

/** Fields whose text must match exactly: links, highlight words. */
export const needsExactText = (path: (string | number)[]) => ['href', 'highlight', 'src'].includes(String(path.at(-1)));

/** The invisible characters in a page's fields, each as the field's path and the sentence for it. */
export function invisibleInFields(data: unknown): Array<{ path: (string | number)[]; message: string }> {
  return stringsOf(data).flatMap(({ path, text }) => {
    const field = String(path.filter((key) => typeof key === 'string').at(-1) ?? 'the field');
    const message = invisibleMessage(text, `the ${field}`, needsExactText(path));
    return message ? [{ path, message }] : [];
  });
}

/** `data` with the invisible characters removed from every string (non-breaking spaces too where text must match). */
export function cleanedFields<T>(value: T, path: (string | number)[] = []): T {
  if (typeof value === 'string') return withoutInvisible(value, needsExactText(path)) as T;
  if (Array.isArray(value)) return value.map((item, index) => cleanedFields(item, [...path, index])) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cleanedFields(item, [...path, key])])) as T;
}

/** Page text without invisible characters, and with ordinary spaces for non-breaking ones in link addresses and facts. */
export const cleanedPageText = (text: string) => withoutInvisible(text).replace(/\]\([^)]*\)|\{\{[^}]*\}\}/g, (exact) => withoutInvisible(exact, true));
