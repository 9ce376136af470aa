/**
 * Every link in the content leads to a page the site builds. The pages are the top-level ones of
 * src/config/routes.ts (and its redirects, and the moved addresses of content/redirects.yaml) plus the entries of
 * the collections that are not retired (src/content/moved-addresses.ts), so the check runs once all collections are
 * loaded: the layout asks before it renders a page, and a broken link stops the build (and shows in the dev
 * server's overlay) naming the file, line and field; links in the page text too (src/content/body-links.ts).
 * Every collection of the content config is checked (the layout passes the names of src/content.config.ts's
 * collections), so one added later is too.
 * Node only (reads the file for the line).
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { getCollection } from 'astro:content';
import { redirects } from '../config/routes.ts';
import { pageLinks } from '../schemas/page.ts';
import { bodyLinks } from './body-links.ts';
import { positionOf } from '../schemas/issue-messages.ts';
import { contentProblem } from './build-errors.ts';
import { isSitePath, pageOf, unknownPageMessage } from '../schemas/link-form.ts';
import { linkProblem } from '../schemas/page-text/links.ts';
import { builtPages, isLive, movedAddresses, movedAddressesProblem, retiredPageMessage, retiredPages } from './moved-addresses.ts';

/**
 * Every path a link may lead to: the built pages, the legacy paths and the moved addresses of content/redirects.yaml
 * (they answer with a redirect); not a retired page's address, so links to it are changed before it is retired.
 */
export async function sitePages(): Promise<Set<string>> {
  return new Set([...(await builtPages()), ...Object.keys(redirects), ...movedAddresses().map(({ from }) => from)]);
}

/** Names under which a field holds a link, in any collection (a button's href, a card's link). */
const linkFields = new Set(['href', 'link', 'defaultLink', 'retiredTo']);

/**
 * Every link the entry's fields hold, with the field's path: a page's buttons, cards and sections (pageLinks), and
 * in any other collection each field named as links are (so a collection added later with buttons is checked too).
 */
function fieldLinks(data: Record<string, unknown>): Array<{ href: string; path: PropertyKey[] }> {
  if ('hero' in data && 'sections' in data) return pageLinks(data as Parameters<typeof pageLinks>[0]);
  const found: Array<{ href: string; path: PropertyKey[] }> = [];
  const walk = (value: unknown, path: PropertyKey[]) => {
    if (typeof value === 'string' && linkFields.has(String(path.at(-1)))) found.push({ href: value, path });
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i]));
    else if (value && typeof value === 'object' && !(value instanceof Date)) for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
  };
  walk(data, []);
  return found;
}

/**
 * The first content file with a link to a page that does not exist, or in a form no visitor can follow, as an error
 * naming each such link; else undefined. `collections`: the names of every collection (src/content.config.ts).
 */
export async function brokenContentLinks(collections: readonly string[]): Promise<Error | undefined> {
  const built = await builtPages();
  const movedProblem = await movedAddressesProblem(built);
  if (movedProblem) return movedProblem;
  const pages = await sitePages();
  const retired = await retiredPages();
  const entries = (await Promise.all(collections.map((collection) => getCollection(collection as Parameters<typeof getCollection>[0])))).flat() as Array<{
    filePath?: string;
    body?: string;
    data: Record<string, unknown>;
  }>;
  for (const entry of entries) {
    if (!entry.filePath) continue;
    // A retired page is not built: only where it sends its visitors matters.
    const links = 'retiredTo' in entry.data && entry.data.retiredTo ? fieldLinks(entry.data).filter(({ path }) => path[0] === 'retiredTo') : fieldLinks(entry.data);
    // A retired page's visitors go to a built page, not to another redirect.
    const broken = links.filter(({ href, path }) => isSitePath(href) && !(path[0] === 'retiredTo' ? built : pages).has(pageOf(href)));
    const source = broken.length > 0 || entry.body?.trim() ? readFileSync(entry.filePath, 'utf8') : '';
    // A retired page's own text is not built; a link to a retired page says where it now sends visitors.
    const textLinkProblem = (href: string, bare?: string) => {
      const retiredTo = retired.get(href.split(/[?#]/)[0]!);
      return retiredTo ? `the link in the page text ${retiredPageMessage(href, retiredTo)}` : linkProblem(href, pages, bare);
    };
    const brokenInText =
      entry.body?.trim() && isLive(entry as { data: { retiredTo?: string } })
        ? bodyLinks(entry.filePath, source).flatMap(({ href, bare, ...at }) => {
            const problem = textLinkProblem(href, bare);
            return problem ? [{ at, problem }] : [];
          })
        : [];
    if (broken.length === 0 && brokenInText.length === 0) continue;
    const name = relative(process.cwd(), entry.filePath);
    const lines = broken.map(({ href, path }) => {
      const at = positionOf(source, path) ?? { line: 1, column: 1 };
      const problem = retired.has(pageOf(href)) ? retiredPageMessage(href, retired.get(pageOf(href))!) : unknownPageMessage(href, path[0] === 'retiredTo' ? built : pages);
      return { at, text: `${name}:${at.line}:${at.column} ${path.map(String).join('.')}: ${problem}` };
    });
    for (const { at, problem } of brokenInText) lines.push({ at, text: `${name}:${at.line}:${at.column} ${problem}` });
    return contentProblem(name, lines.map((line) => line.text), lines[0]!.at, entry.filePath);
  }
  return undefined;
}
