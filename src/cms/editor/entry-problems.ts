/**
 * What the build would refuse in one entry, checked in the editor before it is saved, in the build's words: the
 * collection's zod schema (lengths, ranges, required fields and list items, highlight, anchors, fact names) with
 * explainIssue's messages, then the rules across files, against the site index (site-index.json): links to pages
 * that exist, and an `order` no other page of the collection has. Runs in the browser and in unit tests.
 */
import type { z } from 'astro/zod';
import { sectionPath, SECTIONS, type Section } from '../../config/routes.ts';
import { explainIssue } from '../../schemas/issue-messages.ts';
import { isSitePath, pageOf, unknownPageMessage } from '../../schemas/link-form.ts';
import { quotingFacts } from '../../schemas/facts.ts';
import { pageLinks } from '../../schemas/page.ts';
import { problemKey, sourceKey } from './frontmatter-format.ts';
import { addressFromTitle } from './file-names.ts';

export type ProblemPath = (string | number)[];

export interface EntryProblem {
  /** The field's path in the entry's data, as zod gives it: `['sections', 1, 'items', 0, 'rating']`. */
  path: ProblemPath;
  message: string;
}

/** The site as the build last saw it: every page's address, and each collection's entries with their `order` and name. */
export interface SiteIndex {
  pages: string[];
  /** `label`: the page's name in menus (a legal page's title), which the editor calls it by. */
  entries: Record<string, { slug: string; order?: number; label?: string }[]>;
  /** The names of the files in content/uploads/, for the images of the page text. */
  uploads?: string[];
  /** For each address, the pages that link to it (in their fields or their text), by name and address. */
  linkedFrom?: Record<string, { name: string; address: string }[]>;
}

export interface EntryBeingEdited {
  collection: string;
  /** Its file name; none for a page not yet created. */
  slug?: string;
  data: Record<string, unknown>;
}

const checked = new WeakMap<z.ZodType, z.ZodType>();
const withFacts = (schema: z.ZodType) => checked.get(schema) ?? checked.set(schema, quotingFacts(schema)).get(schema)!;

const isSection = (collection: string): collection is Section => (SECTIONS as readonly string[]).includes(collection);

/** The entry's frontmatter: without the keys the editor's file format keeps beside it (the file's text, its problem). */
const frontmatterOf = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).filter(([key]) => key !== sourceKey && key !== problemKey));

export function entryProblems(schema: z.ZodType, entry: EntryBeingEdited, site?: SiteIndex): EntryProblem[] {
  const result = withFacts(schema).safeParse(frontmatterOf(entry.data), { error: (issue) => explainIssue(issue as Parameters<typeof explainIssue>[0]) });
  const problems: EntryProblem[] = (result.error?.issues ?? []).map((issue) => ({ path: issue.path as ProblemPath, message: issue.message }));
  if (!site) return problems;
  if (result.success && 'hero' in (result.data as object)) problems.push(...brokenLinks(result.data as Parameters<typeof pageLinks>[0], entry, site));
  problems.push(...orderClash(entry, site), ...addressTaken(entry, site), ...retiringLinkedPage(entry, site));
  return problems;
}

function brokenLinks(data: Parameters<typeof pageLinks>[0], entry: EntryBeingEdited, site: SiteIndex): EntryProblem[] {
  const pages = new Set(site.pages);
  // A page may link to itself before its file exists.
  if (entry.slug && isSection(entry.collection)) pages.add(sectionPath(entry.collection, entry.slug));
  return pageLinks(data)
    .filter(({ href }) => isSitePath(href) && !pages.has(pageOf(href)))
    .map(({ href, path }) => ({ path: path as ProblemPath, message: unknownPageMessage(href, pages) }));
}

function orderClash(entry: EntryBeingEdited, site: SiteIndex): EntryProblem[] {
  const order = entry.data.order;
  if (typeof order !== 'number') return [];
  const others = (site.entries[entry.collection] ?? []).filter((other) => other.slug !== entry.slug && other.order === order);
  if (others.length === 0) return [];
  // In the editor a page is named as writers know it; the build names files (issue-messages.ts, orderClashMessage).
  const names = others.map((other) => `“${other.label ?? other.slug}”`).join(' and ');
  return [{ path: ['order'], message: `${names} already has this position: choose again which page this one comes after` }];
}

/** A new page whose address another page of the collection already has (Decap would silently add "-1"). */
export function addressTaken(entry: EntryBeingEdited, site: SiteIndex): EntryProblem[] {
  const label = entry.data.navLabel;
  if (entry.slug || typeof label !== 'string' || !isSection(entry.collection)) return [];
  const slug = addressFromTitle(label);
  const taken = site.entries[entry.collection]?.find((other) => other.slug === slug);
  if (!taken) return [];
  const address = sectionPath(entry.collection, slug);
  return [
    {
      path: ['navLabel'],
      message: `the page “${taken.label ?? label}” already has the address ${address}: give the new page another name in menus (it makes the address)`,
    },
  ];
}

/** "Home (/), About (/about) and Services (/services)". */
const namesOf = (pages: readonly { name: string; address: string }[]) => {
  const named = pages.map(({ name, address }) => `${name} (${address})`);
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : (named[0] ?? '');
};

/** Retiring a page that other pages still link to (their links would lead to a redirect, and fail the build). */
export function retiringLinkedPage(entry: EntryBeingEdited, site: SiteIndex): EntryProblem[] {
  const target = entry.data.retiredTo;
  if (typeof target !== 'string' || !target.trim() || !entry.slug || !isSection(entry.collection)) return [];
  const address = sectionPath(entry.collection, entry.slug);
  if (target.trim() === address)
    return [{ path: ['retiredTo'], message: "a retired page cannot send its visitors to itself: name another page, such as its section's overview" }];
  const linking = (site.linkedFrom?.[address] ?? []).filter((page) => page.address !== address);
  if (linking.length === 0) return [];
  const verb = linking.length === 1 ? 'links' : 'link';
  return [{ path: ['retiredTo'], message: `${namesOf(linking)} ${verb} to this page: change those links first, then retire it` }];
}
