/**
 * The links written in a page's text (Markdown links and link definitions, `href`s of elements), and what is wrong
 * with one: a page this site does not have, or a form no visitor's browser can follow. For the build
 * (src/content/link-checks.ts, once every page is known) and the editor (against the site index) alike.
 */
import { withFacts } from '../../config/facts.ts';
import { isLinkForm, nearestPageHint } from '../link-form.ts';
import { linkForms, runsCode } from './code.ts';
import { nodesOf, type Position, type TreeNode } from './tree.ts';

export interface BodyLink extends Position {
  href: string;
  /** For an address written bare in the text (a GFM autolink such as www.example.org), the text as written. */
  bare?: string;
}

/** The text of a link written as a bare address (www.example.org, http://…), which Markdown turns into a link by itself. */
function bareAddress(node: TreeNode): string | undefined {
  const [only, ...rest] = node.children ?? [];
  const text = only?.type === 'text' && rest.length === 0 ? String(only.value ?? '') : undefined;
  if (!text || !node.url) return undefined;
  return node.url === text || node.url === `http://${text}` || node.url === `mailto:${text}` ? text : undefined;
}

export function linksIn(tree: TreeNode): BodyLink[] {
  return [...nodesOf(tree)].flatMap(({ node, at }) => {
    const hrefs =
      node.type === 'link' || node.type === 'definition'
        ? [node.url ?? '']
        : (node.attributes ?? []).filter((a) => a.name === 'href' && typeof a.value === 'string').map((a) => a.value as string);
    const bare = node.type === 'link' ? bareAddress(node) : undefined;
    // Facts in a URL are filled in by the build (markdown-facts.ts); an unknown one is reported there.
    return hrefs.map((href) => ({ href: withFacts(href, () => {}), ...at, ...(bare ? { bare } : {}) }));
  });
}

/** The sentence for a link of the page text that leads nowhere, or undefined. Links that run code are the code check's. `bare`: the address as written bare in the text. */
export function linkProblem(href: string, pages: ReadonlySet<string>, bare?: string): string | undefined {
  // In the text, any address that starts with one "/" is meant as a page of this site, whatever its form.
  if (/^\/(?!\/)/.test(href)) {
    const page = href.split(/[?#]/)[0]!;
    return pages.has(page) ? undefined : `the link "${href}" in the page text is not a page of this site: ${nearestPageHint(page, pages)}`;
  }
  if (isLinkForm(href) || runsCode(href)) return undefined;
  const secure = /^http:\/\//i.test(href) ? `https://${href.slice('http://'.length)}` : undefined;
  if (secure && bare && !/^http:/i.test(bare)) {
    const shown = bare.replace(/^www\./i, '');
    return `the address "${bare}" in the page text becomes a link to ${href}, which is not secure: write it as a link, [${shown}](${secure}), if the site answers on https://; to show the address as plain text, leave out the "www."`;
  }
  if (secure) {
    return `the link "${href}" in the page text is not a link this site can follow: it is not secure (http://); write ${secure} instead, if the site answers there, or remove the link`;
  }
  return `the link "${href}" in the page text is not a link this site can follow: ${linkForms}; write it in one of these forms (https://, not http://)`;
}
