/**
 * Addresses that answer with a permanent redirect (301) instead of a page: the legacy paths of src/config/routes.ts,
 * every retired page (`retiredTo:`, its file kept but no page built) and every line of content/redirects.yaml (a page
 * renamed or removed). The host files (`_redirects`) and the forwarding pages are written from `siteRedirects`; the
 * document layout asks `movedAddressesProblem` before it renders a page, so a wrong line stops the build naming its
 * file and line. Node only (reads content/redirects.yaml).
 */
import { existsSync, readFileSync } from 'node:fs';
import { getCollection } from 'astro:content';
import { SECTIONS, caseStudyPath, legalPath, redirects as legacyRedirects, sectionPath, topLevelPages } from '../config/routes.ts';
import { movedAddressProblems, movedAddressesFile, readMovedAddresses, type MovedAddress } from './addresses.ts';
import { contentProblem } from './build-errors.ts';

/** A sub-page that is built and listed: not retired. Pass to getCollection as its filter. */
export const isLive = (entry: { data: { retiredTo?: string } }) => !entry.data.retiredTo;

/** Every path the site builds a page at, from the routes config and the collections: a retired page is not one. */
export async function builtPages(): Promise<Set<string>> {
  const sections = await Promise.all(SECTIONS.map(async (section) => (await getCollection(section, isLive)).map((entry) => sectionPath(section, entry.id))));
  const legal = (await getCollection('legal')).map((entry) => legalPath(entry.id));
  const caseStudies = (await getCollection('caseStudies')).map((entry) => caseStudyPath(entry.id));
  return new Set([...topLevelPages.map((page) => page.path), ...sections.flat(), ...legal, ...caseStudies]);
}

/** Each retired page's address and the page its visitors are sent to. */
export async function retiredPages(): Promise<Map<string, string>> {
  const perSection = await Promise.all(
    SECTIONS.map(async (section) => (await getCollection(section, (entry) => !isLive(entry))).map((entry) => [sectionPath(section, entry.id), entry.data.retiredTo!] as const)),
  );
  return new Map(perSection.flat());
}

/** A link to a retired page: the writer links to the page its visitors now reach. */
export const retiredPageMessage = (href: string, target: string) =>
  `"${href}" leads to a retired page, which sends its visitors to ${target}: link to ${target} (or another page) instead`;

function movedAddressesText(): string {
  return existsSync(movedAddressesFile) ? readFileSync(movedAddressesFile, 'utf8') : '';
}

/** The lines of content/redirects.yaml that are well formed. */
export const movedAddresses = (): MovedAddress[] => readMovedAddresses(movedAddressesText()).moved;

/** Every redirect the site answers, old address to new: legacy paths, retired pages, moved addresses. */
export async function siteRedirects(): Promise<Record<string, string>> {
  const retired = await retiredPages();
  // A line whose old address is still a page is refused by movedAddressesProblem, with its line; the page stays.
  const built = await builtPages();
  const moved = movedAddresses().filter(({ from }) => !built.has(from));
  return { ...legacyRedirects, ...Object.fromEntries(retired), ...Object.fromEntries(moved.map(({ from, to }) => [from, to])) };
}

/** content/redirects.yaml's problems against the pages `pages` (the site's built pages), as one error; else undefined. */
export async function movedAddressesProblem(pages: ReadonlySet<string>): Promise<Error | undefined> {
  const text = movedAddressesText();
  if (!text.trim()) return undefined;
  const { moved, problems } = readMovedAddresses(text);
  const retired = await retiredPages();
  const redirects = new Map(Object.entries({ ...legacyRedirects, ...Object.fromEntries(retired) }));
  for (const { from, to } of moved) redirects.set(from, to);
  const twice = moved.flatMap(({ from, line }) =>
    retired.has(from) ? [{ line, message: `${from} is a retired page, which already sends its visitors to ${retired.get(from)}: remove this line` }] : [],
  );
  const all = [...problems, ...twice, ...movedAddressProblems(moved, { pages: new Set(pages), redirects })].sort((a, b) => a.line - b.line);
  if (all.length === 0) return undefined;
  const lines = all.map(({ line, message }) => `${movedAddressesFile}:${line}:1 ${message}`);
  return contentProblem(movedAddressesFile, lines, { line: all[0]!.line, column: 1 }, `${process.cwd()}/${movedAddressesFile}`);
}
