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
}

export function linksIn(tree: TreeNode): BodyLink[] {
  return [...nodesOf(tree)].flatMap(({ node, at }) => {
    const hrefs =
      node.type === 'link' || node.type === 'definition'
        ? [node.url ?? '']
        : (node.attributes ?? []).filter((a) => a.name === 'href' && typeof a.value === 'string').map((a) => a.value as string);
    // Facts in a URL are filled in by the build (markdown-facts.ts); an unknown one is reported there.
    return hrefs.map((href) => ({ href: withFacts(href, () => {}), ...at }));
  });
}

/** The sentence for a link of the page text that leads nowhere, or undefined. Links that run code are the code check's. */
export function linkProblem(href: string, pages: ReadonlySet<string>): string | undefined {
  // In the text, any address that starts with one "/" is meant as a page of this site, whatever its form.
  if (/^\/(?!\/)/.test(href)) {
    const page = href.split(/[?#]/)[0]!;
    return pages.has(page) ? undefined : `the link "${href}" in the page text is not a page of this site: ${nearestPageHint(page, pages)}`;
  }
  if (isLinkForm(href) || runsCode(href)) return undefined;
  return `the link "${href}" in the page text is not a link this site can follow: ${linkForms}; write it in one of these forms (https://, not http://)`;
}
