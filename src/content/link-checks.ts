/**
 * Every link in the content leads to a page the site builds. The pages are the top-level ones of
 * src/config/routes.ts (and its redirects) plus the entries of the collections, so the check runs once all
 * collections are loaded: the layout asks before it renders a page, and a broken link stops the build (and shows
 * in the dev server's overlay) naming the file, line and field; links in the page text too (src/content/body-links.ts).
 * Node only (reads the file for the line).
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { getCollection } from 'astro:content';
import { SECTIONS, legalPath, redirects, sectionPath, topLevelPages } from '../config/routes.ts';
import { pageLinks } from '../schemas/page.ts';
import { bodyLinks } from './body-links.ts';
import { positionOf } from '../schemas/issue-messages.ts';
import { contentProblem } from './build-errors.ts';
import { isSitePath, pageOf, unknownPageMessage } from '../schemas/link-form.ts';
import { linkProblem } from '../schemas/page-text/links.ts';

/** Every path the site serves a page at (redirects included), from the routes config and the collections. */
export async function sitePages(): Promise<Set<string>> {
  const sections = await Promise.all(SECTIONS.map(async (section) => (await getCollection(section)).map((entry) => sectionPath(section, entry.id))));
  const legal = (await getCollection('legal')).map((entry) => legalPath(entry.id));
  return new Set([...topLevelPages.map((page) => page.path), ...Object.keys(redirects), ...sections.flat(), ...legal]);
}

/** The first content file with a link to a page that does not exist, as an error naming each such link; else undefined. */
export async function brokenContentLinks(): Promise<Error | undefined> {
  const pages = await sitePages();
  const entries = (await Promise.all((['pages', ...SECTIONS] as const).map((collection) => getCollection(collection)))).flat();
  for (const entry of entries) {
    if (!entry.filePath) continue;
    const broken = pageLinks(entry.data).filter(({ href }) => isSitePath(href) && !pages.has(pageOf(href)));
    const source = broken.length > 0 || entry.body?.trim() ? readFileSync(entry.filePath, 'utf8') : '';
    const brokenInText = entry.body?.trim() ? bodyLinks(entry.filePath, source).flatMap(({ href, ...at }) => (linkProblem(href, pages) ? [{ at, problem: linkProblem(href, pages)! }] : [])) : [];
    if (broken.length === 0 && brokenInText.length === 0) continue;
    const name = relative(process.cwd(), entry.filePath);
    const lines = broken.map(({ href, path }) => {
      const at = positionOf(source, path) ?? { line: 1, column: 1 };
      return { at, text: `${name}:${at.line}:${at.column} ${path.map(String).join('.')}: ${unknownPageMessage(href, pages)}` };
    });
    for (const { at, problem } of brokenInText) lines.push({ at, text: `${name}:${at.line}:${at.column} ${problem}` });
    return contentProblem(name, lines.map((line) => line.text), lines[0]!.at, entry.filePath);
  }
  return undefined;
}
