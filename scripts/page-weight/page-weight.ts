import { existsSync, globSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  /** Site path, e.g. /services/security. */
  path: string;
  /** The HTML file, inline <style> included. */
  html: number;
  /** Of which the inline <style> text alone (informational: it compresses along with the markup). */
  inlineCss: number;
  /** Stylesheets the page links for the screen in its head: they hold up its first paint. */
  css: number;
  /** Stylesheets linked in the body, after the first screen (the site's stylesheet): fetched while the first screen paints. */
  laterCss: number;
  /** Stylesheets linked for print only (`media="print"`): fetched without delaying the page, so not part of its first response. */
  printCss: number;
  /** JavaScript files fetched before the visitor interacts: the page's script files and the code of islands that hydrate by themselves. */
  jsOnLoad: number;
  /** JavaScript files fetched on the visitor's first touch of an island (`client:intent`): its code and the renderer's. */
  jsOnIntent: number;
  /** <img> tags that lack width/height or are not WebP, AVIF or SVG. */
  imageProblems: string[];
}

/** An image must reserve its space (width and height) and come in a modern format. */
export function imageProblems(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*>/g)].flatMap(([tag]) => {
    const problems: string[] = [];
    const source = /\ssrc="([^"]+)"/.exec(tag)?.[1] ?? '';
    // Every address of src and srcset ("a.webp 1x, a-2x.webp 2x"), without its width or density.
    const sources = [...tag.matchAll(/\ssrc(?:set)?="([^"]+)"/g)].flatMap((match) => match[1]!.split(',').map((entry) => entry.trim().split(/\s+/)[0]!));
    if (!/\swidth="\d+"/.test(tag) || !/\sheight="\d+"/.test(tag)) problems.push(`${source}: no width and height`);
    if (!sources.every((url) => /\.(webp|avif|svg)(\?|$)/.test(url))) problems.push(`${source}: not WebP, AVIF or SVG`);
    return problems;
  });
}

const gzipSize = (content: Buffer | string) => gzipSync(content, { level: 9 }).length;

/** Site path of an HTML file relative to the root: about.html → /about, services/index.html → /services, index.html → /. */
const sitePath = (file: string): string => `/${file.replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`;

/** Module files a script imports statically (the chunk graph a browser walks before running it). */
async function withImports(root: string, file: string, seen: Set<string>): Promise<void> {
  if (seen.has(file)) return;
  seen.add(file);
  const code = await readFile(join(root, file), 'utf8');
  for (const match of code.matchAll(/(?:import|from)\s*["'](\.{0,2}\/[^"']+\.js)["']/g)) {
    const target = new URL(match[1]!, `http://site${file}`).pathname;
    await withImports(root, target, seen);
  }
}

async function bytesOf(root: string, files: Iterable<string>): Promise<number> {
  let total = 0;
  for (const file of files) total += gzipSize(await readFile(join(root, file)));
  return total;
}

export async function measurePage(root: string, file: string): Promise<PageWeight> {
  const html = await readFile(file, 'utf8');
  const bodyStart = html.indexOf('<body');
  const links = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*>/g)].map(({ 0: tag, index }) => ({
    // A stylesheet's address, without the query that only busts caches.
    href: (/\shref="([^"]+)"/.exec(tag)?.[1] ?? '').replace(/\?.*$/, ''),
    when: /\smedia="print"/.test(tag) ? 'print' : bodyStart >= 0 && index > bodyStart ? 'later' : 'first',
  }));
  const stylesheets = (when: string) => links.filter((link) => link.when === when).map((link) => link.href);

  const eager = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) await withImports(root, match[1]!, eager);
  // An island hydrates by itself (client:load, idle, visible, media), or on the visitor's first touch (client:intent).
  const onIntent = new Set<string>();
  for (const island of html.matchAll(/<astro-island([^>]*)>/g)) {
    const attributes = island[1]!;
    const component = /component-url="([^"]+)"/.exec(attributes)?.[1];
    const renderer = /renderer-url="([^"]+)"/.exec(attributes)?.[1];
    const counted = /\sclient="intent"/.test(attributes) ? onIntent : eager;
    for (const url of [component, renderer]) if (url) await withImports(root, url, counted);
  }
  for (const file of eager) onIntent.delete(file);

  return {
    path: sitePath(relative(root, file)),
    html: gzipSize(html),
    inlineCss: gzipSize([...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('')),
    css: await bytesOf(root, stylesheets('first')),
    laterCss: await bytesOf(root, stylesheets('later')),
    printCss: await bytesOf(root, stylesheets('print')),
    jsOnLoad: await bytesOf(root, eager),
    jsOnIntent: await bytesOf(root, onIntent),
    imageProblems: imageProblems(html),
  };
}

export async function measureSite(rootDir = 'dist'): Promise<PageWeight[]> {
  const root = resolve(rootDir);
  if (!existsSync(root)) throw new Error(`No ${rootDir}/ folder: run "npm run build" first.`);
  const pages = await Promise.all(globSync('**/*.html', { cwd: root }).map((file) => measurePage(root, join(root, file))));
  return pages.sort((a, b) => a.path.localeCompare(b.path));
}
