/**
 * The addresses a version of the site answers, read from its files alone: a page for each content file that is not
 * retired (content/<section>/<slug>.mdx → /<section>/<slug>, content/legal/<slug>.mdx → /<slug>, as
 * src/config/routes.ts makes them), a redirect for each retired page (`retiredTo:`) and each line of
 * content/redirects.yaml. The build (src/content/moved-addresses.ts), the sitemap's filter and the pull-request check
 * (scripts/check-addresses.ts, which reads the base branch's files from git) all count addresses this way.
 * Plain TypeScript: no Astro, no file system.
 */
import { LineCounter, parse, parseDocument, isMap, isScalar } from 'yaml';
import { SECTIONS, legalPath, redirects as legacyRedirects, sectionPath, type Section } from '../config/routes.ts';

/** The file of moved addresses, one `/old: /new` line each. */
export const movedAddressesFile = 'content/redirects.yaml';

export interface ContentFile {
  /** Relative to the repository: `content/services/installation.mdx`. */
  path: string;
  text: string;
}

export interface SiteAddresses {
  /** Addresses that answer with a page. */
  pages: Set<string>;
  /** Addresses that answer with a 301, and where to. */
  redirects: Map<string, string>;
}

/** A content file's address; undefined for a file that is not a page. */
export function addressOfFile(path: string): string | undefined {
  const match = /^content\/([^/]+)\/([^/]+)\.mdx$/.exec(path);
  if (!match) return undefined;
  const [, folder, slug] = match as unknown as [string, string, string];
  if (folder === 'pages') return slug === 'home' ? '/' : `/${slug}`;
  if (folder === 'legal') return legalPath(slug);
  if ((SECTIONS as readonly string[]).includes(folder)) return sectionPath(folder as Section, slug);
  return undefined;
}

/** Where a retired page sends its visitors (its `retiredTo:`), from the file's frontmatter; undefined if not retired. */
export function retiredTarget(text: string): string | undefined {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  if (!frontmatter) return undefined;
  try {
    const data: unknown = parse(frontmatter);
    const target = data && typeof data === 'object' ? (data as Record<string, unknown>).retiredTo : undefined;
    return typeof target === 'string' && target.trim() ? target.trim() : undefined;
  } catch {
    return undefined;
  }
}

export interface MovedAddress {
  from: string;
  to: string;
  /** Its line in content/redirects.yaml. */
  line: number;
}

export interface AddressProblem {
  line: number;
  message: string;
}

/** The lines of content/redirects.yaml, and what is wrong with its form (not a list of `/old: /new`). */
export function readMovedAddresses(text: string): { moved: MovedAddress[]; problems: AddressProblem[] } {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: false });
  const problems: AddressProblem[] = document.errors.map((error) => ({
    line: lineCounter.linePos(error.pos[0]).line,
    message: 'is not a line of the form "/old-address: /new-address"',
  }));
  const moved: MovedAddress[] = [];
  if (problems.length > 0 || document.contents == null) return { moved, problems };
  if (!isMap(document.contents)) return { moved, problems: [{ line: 1, message: 'should be lines of the form "/old-address: /new-address"' }] };
  for (const pair of document.contents.items) {
    const line = lineCounter.linePos(isScalar(pair.key) && pair.key.range ? pair.key.range[0] : 0).line;
    const from = isScalar(pair.key) ? String(pair.key.value ?? '') : '';
    const to = isScalar(pair.value) ? String(pair.value.value ?? '') : '';
    if (!/^\/[^\s?#]*$/.test(from) || !/^\/[^\s?#]*$/.test(to)) {
      problems.push({ line, message: 'is not a line of the form "/old-address: /new-address" (both addresses start with "/")' });
      continue;
    }
    if (moved.some((other) => other.from === from)) {
      problems.push({ line, message: `says again where ${from} goes: keep one line for it` });
      continue;
    }
    moved.push({ from, to, line });
  }
  return { moved, problems };
}

/** The addresses of the files `files` (every content file of one version of the site) and its redirects file. */
export function siteAddresses(files: readonly ContentFile[], movedText = ''): SiteAddresses {
  const pages = new Set<string>();
  const redirects = new Map<string, string>(Object.entries(legacyRedirects));
  for (const file of files) {
    const address = addressOfFile(file.path);
    if (!address) continue;
    const target = retiredTarget(file.text);
    if (target) redirects.set(address, target);
    else pages.add(address);
  }
  for (const { from, to } of readMovedAddresses(movedText).moved) if (!pages.has(from)) redirects.set(from, to);
  return { pages, redirects };
}

/** The line of content/redirects.yaml that sends `from`'s visitors to `to`. */
export const redirectLine = (from: string, to: string) => `${from}: ${to}`;

export interface LostAddress {
  address: string;
  /** The line to add to content/redirects.yaml, with the likeliest new address (or a placeholder). */
  line: string;
}

/**
 * The addresses `before` answered that `after` answers neither with a page nor with a redirect. The suggested new
 * address is a new page of the same folder (a rename), else the folder's overview page.
 */
export function lostAddresses(before: SiteAddresses, after: SiteAddresses): LostAddress[] {
  const added = [...after.pages].filter((address) => !before.pages.has(address) && !before.redirects.has(address));
  const lost = [...before.pages, ...before.redirects.keys()].filter((address) => !after.pages.has(address) && !after.redirects.has(address));
  return lost.sort().map((address) => {
    const folder = address.slice(0, address.lastIndexOf('/'));
    const sameFolder = added.filter((candidate) => candidate.slice(0, candidate.lastIndexOf('/')) === folder && candidate !== folder);
    const target = sameFolder.length === 1 ? sameFolder[0]! : after.pages.has(folder) ? folder : '/<new-address>';
    return { address, line: redirectLine(address, target) };
  });
}

/**
 * What is wrong with the moved addresses against the site's pages: a line whose old address is still a page, whose
 * new address is not a page (a missing page, or another moved or retired address: a chain or a loop).
 */
export function movedAddressProblems(moved: readonly MovedAddress[], addresses: SiteAddresses): AddressProblem[] {
  const problems: AddressProblem[] = [];
  for (const { from, to, line } of moved) {
    if (addresses.pages.has(from)) problems.push({ line, message: `${from} is still a page of this site: remove this line (an address with a page needs no redirect)` });
    else if (from === to) problems.push({ line, message: `${from} would send its visitors to itself: name the page they should reach instead` });
    else if (addresses.redirects.has(to))
      problems.push({
        line,
        message: `${to} is not a page but itself sends visitors to ${addresses.redirects.get(to)}: write "${redirectLine(from, addresses.redirects.get(to)!)}" instead`,
      });
    else if (!addresses.pages.has(to)) problems.push({ line, message: `${to} is not a page of this site: send the visitors of ${from} to a page that exists` });
  }
  return problems;
}
