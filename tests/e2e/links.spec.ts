/**
 * No dead ends: every link inside the built site answers 200 (after redirects, including the meta-refresh
 * pages the static build writes for the legacy /services links of src/config/routes.ts), and every #fragment names an
 * element on its target page. The crawl starts at the spec's routes and follows every same-origin <a href>.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { SITE_ROUTES } from '../support/site.ts';

interface Fetched {
  /** Status of the last response in the redirect chain. */
  status: number;
  /** The path the visitor ends up on. */
  finalPath: string;
  html: string;
}

const decode = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

const attributeValues = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => decode(match[1] ?? ''));

/** The hrefs of every <a> in a page. */
const anchorsOf = (html: string) => attributeValues(html, /<a\b[^>]*?\shref="([^"]*)"/gi);

/** The ids in a page (what a #fragment can point at). */
const idsOf = (html: string) => new Set(attributeValues(html, /\sid="([^"]*)"/gi));

/** A `<meta http-equiv="refresh" content="0;url=…">` redirect page's target, if the page is one. */
function metaRefreshTarget(html: string): string | undefined {
  const tag = /<meta\b[^>]*http-equiv="refresh"[^>]*>/i.exec(html)?.[0];
  return tag ? /content="\d+;\s*url=([^"]+)"/i.exec(tag)?.[1] : undefined;
}

/** Fetches a path and follows HTTP and meta-refresh redirects, as a browser would. */
async function fetchPage(request: APIRequestContext, path: string): Promise<Fetched> {
  let current = path;
  for (let hop = 0; hop < 5; hop += 1) {
    const response = await request.get(current);
    const html = await response.text();
    const finalPath = new URL(response.url()).pathname;
    const target = response.ok() ? metaRefreshTarget(html) : undefined;
    if (!target) return { status: response.status(), finalPath, html };
    current = new URL(target, response.url()).pathname;
  }
  throw new Error(`${path}: more than 5 redirects`);
}

test('every internal link answers 200 and every #fragment exists on its page', async ({ request, baseURL }) => {
  test.setTimeout(60_000);
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
  const pages = new Map<string, Fetched>();
  /** Link occurrences: which page links where (path and optional fragment). */
  const links: { from: string; href: string; path: string; fragment?: string }[] = [];
  const queue: string[] = [...SITE_ROUTES, '/contact'];

  while (queue.length > 0) {
    const path = queue.shift()!;
    if (pages.has(path)) continue;
    const fetched = await fetchPage(request, path);
    pages.set(path, fetched);
    if (fetched.status !== 200) continue;
    for (const href of anchorsOf(fetched.html)) {
      if (/^(tel|mailto):/i.test(href)) continue;
      const url = new URL(href, new URL(fetched.finalPath, origin));
      if (url.origin !== origin) continue; // https:// sites outside ours
      const fragment = url.hash ? decodeURIComponent(url.hash.slice(1)) : undefined;
      links.push({ from: fetched.finalPath, href, path: url.pathname, fragment });
      if (!pages.has(url.pathname)) queue.push(url.pathname);
    }
  }

  const broken = new Set<string>();
  for (const link of links) {
    const target = pages.get(link.path)!;
    if (target.status !== 200) {
      broken.add(`${link.from}: "${link.href}" answers ${target.status}`);
    } else if (link.fragment !== undefined && !idsOf(target.html).has(link.fragment)) {
      broken.add(`${link.from}: "${link.href}" has no element id="${link.fragment}" on ${target.finalPath}`);
    }
  }

  // Every page the site builds, the contact page included, must answer 200 even if nothing linked to it.
  const unanswered = [...new Set([...SITE_ROUTES, '/contact'])]
    .filter((route) => pages.get(route)?.status !== 200)
    .map((route) => `${route} answers ${pages.get(route)?.status}`);
  expect(unanswered, 'pages of the site that do not answer 200').toEqual([]);
  expect(pages.size, 'pages crawled').toBeGreaterThanOrEqual(SITE_ROUTES.length);
  expect(links.length, 'links followed').toBeGreaterThan(500);
  expect([...broken], `Broken links:\n${[...broken].join('\n')}`).toEqual([]);
});
