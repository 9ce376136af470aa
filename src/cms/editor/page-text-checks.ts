/**
 * The editor's share of the page-text checks (src/schemas/page-text/): Page text is checked with the build's own
 * functions and sentences, parsed by micromark (the build's Sätteri does not run on this page, browser-parser.ts
 * says why), against the site index's pages and uploads; and what the editor fixes by itself on save (invisible
 * characters, Word's bullets) is fixed before anything is checked, so it is never refused.
 *
 * The parser (micromark with its MDX extensions, acorn among them: 60 KB gzip) is not in the script /admin loads up
 * front: it is fetched as the editor starts (loadPageTextParser), and until it has arrived Page text is not checked
 * beside its box; the check before saving waits for it (entry-checks.ts), so nothing it would refuse is saved.
 */
import { pageTextProblems } from '../../schemas/page-text/index.ts';
import { headingAbovePageText } from '../../schemas/page-text/headings.ts';
import { cleanedFields, cleanedPageText, stringsOf } from '../../schemas/page-text/invisible.ts';
import { withListItems } from '../../schemas/page-text/syntax.ts';
import type { ParsePageText } from '../../schemas/page-text/tree.ts';
import type { EntryProblem, SiteIndex } from './entry-problems.ts';
import { problemKey, sourceKey } from './frontmatter-format.ts';

let parse: ParsePageText | undefined;
let parserLoaded: Promise<void> | undefined;

/** Fetches the page text's parser (once, or again after a failed fetch); resolves when Page text can be checked. */
export function loadPageTextParser(): Promise<void> {
  parserLoaded ??= import('../../schemas/page-text/browser-parser.ts').then(
    (parser) => {
      parse = parser.parseInBrowser;
    },
    (error: unknown) => {
      parserLoaded = undefined;
      throw error;
    },
  );
  return parserLoaded;
}

/** The entry as it will be saved: the file's own text (sourceKey) and its problem stay as they are. */
export function cleanedEntry(data: Record<string, unknown>): Record<string, unknown> {
  const { [sourceKey]: source, [problemKey]: problem, body, ...fields } = data;
  const cleaned: Record<string, unknown> = cleanedFields(fields);
  if (typeof body === 'string') cleaned.body = withListItems(cleanedPageText(body));
  else if (body !== undefined) cleaned.body = body;
  if (source !== undefined) cleaned[sourceKey] = source;
  if (problem !== undefined) cleaned[problemKey] = problem;
  return cleaned;
}

/** Each string of the entry that saving changes, with its path and its new text. */
export function changedStrings(data: Record<string, unknown>): Array<{ path: (string | number)[]; text: string }> {
  const after = new Map(stringsOf(cleanedEntry(data)).map(({ path, text }) => [JSON.stringify(path), text]));
  return stringsOf(data)
    .filter(({ path, text }) => after.has(JSON.stringify(path)) && after.get(JSON.stringify(path)) !== text)
    .map(({ path }) => ({ path, text: after.get(JSON.stringify(path))! }));
}

/** The names of the images uploaded while this entry was open (Decap keeps them on the entry until it is saved). */
function uploadedWhileEditing(entry: { get(key: string): unknown } | undefined): string[] {
  const files = (entry?.get('mediaFiles') as { toJS?: () => unknown } | undefined)?.toJS?.();
  return Array.isArray(files) ? files.map((file: { name?: unknown }) => String(file.name ?? '')).filter(Boolean) : [];
}

/** The problems of the Page text, each at the field `body`, starting with its line; none while the parser is on its way. */
export function pageTextProblemsOf(body: unknown, site: SiteIndex | undefined, entry?: { get(key: string): unknown }): EntryProblem[] {
  if (typeof body !== 'string' || body.trim() === '' || !parse) return [];
  const uploads = site?.uploads && [...site.uploads, ...uploadedWhileEditing(entry)];
  const headingAbove = headingAbovePageText(String(entry?.get('collection') ?? ''));
  return pageTextProblems(body, parse, { pages: site?.pages, uploads, headingAbove }).map(({ line, message }) => ({
    path: ['body'],
    message: `Line ${line}: ${message}`,
  }));
}
