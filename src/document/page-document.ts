/**
 * What the document layout (src/layouts/HtmlDocument.astro) writes around a page's rendered head and body: the <style>
 * with only the rules this page can use (page-css.ts), and in a build its Content-Security-Policy allowing exactly the
 * inline scripts and styles it carries (page-policy.ts), each of them one the site's own code declares
 * (inline-code-allowlist.ts). Build time only (Node).
 */
import { cspDirectives } from '../config/security.ts';
import { pagePath } from './page-path.ts';
import { enquiryDemo, supabaseUrl } from '../config/supabase-project.ts';
import { inlineAllowList, unlistedInlineCodeError } from './inline-code-allowlist.ts';
import { DomUtils, parseDocument } from 'htmlparser2';
import render from 'dom-serializer';
import { pageCss, type LaterSource } from './page-css.ts';
import { siteCssSource as siteCss, siteStylesheetLink } from './site-stylesheet.ts';
import { pagePolicy, unlistedInlineCode } from './page-policy.ts';
import { sonnerStyleHashes } from './sonner-style-hash.ts';

// The contact form's island re-renders in the browser with classes its first HTML may not show (states, notices).
const islandSources: LaterSource[] = Object.values(
  import.meta.glob<string>('../components/islands/*.tsx', { query: '?raw', import: 'default', eager: true }),
).map((content) => ({ content, extension: 'tsx' }));

export interface PageParts {
  /** The page's address (`Astro.url.pathname`), to name it in an error. */
  pathname: string;
  bodyClass: string;
  head: string;
  body: string;
  /** Origins the page may frame: its video players, named by the page's own data, never read from its HTML. */
  frameSources?: readonly string[];
}

/**
 * The body with the site's stylesheet linked where its first screen ends (after the hero: the link is already there;
 * else before the footer, or at the end), and the part before it.
 */
function withSiteStylesheet(body: string): { body: string; firstScreen: string } {
  const linked = body.indexOf(siteStylesheetLink);
  if (linked >= 0) return { body, firstScreen: body.slice(0, linked) };
  const footer = body.indexOf('<footer');
  const at = footer >= 0 ? footer : body.length;
  return { body: `${body.slice(0, at)}${siteStylesheetLink}${body.slice(at)}`, firstScreen: body.slice(0, at) };
}

/**
 * What the first paint shows of `html`: the popovers (the section lists, the mobile menu) as empty, closed popovers.
 * They open only when the visitor asks, by then styled by the site's stylesheet; what keeps them closed until then
 * (browsers without popovers hide them by a rule of their own) stays.
 */
function shownAtFirst(html: string): string {
  const document = parseDocument(html);
  for (const popover of DomUtils.findAll((element) => 'popover' in element.attribs, document.children)) {
    popover.attribs = { popover: '' };
    popover.children = [];
  }
  return render(document);
}

/**
 * The page's inline stylesheet (what its first screen uses), its body with the site's stylesheet linked after the
 * first screen, and in a build its policy; a page with inline code the site does not declare stops the build.
 */
export async function pageDocument(parts: PageParts): Promise<{ css: string; body: string; policy?: string }> {
  const { pathname, bodyClass, head, frameSources = [] } = parts;
  const { body, firstScreen } = withSiteStylesheet(parts.body);
  const hasIsland = body.includes('<astro-island');
  const islandFirst = firstScreen.includes('<astro-island');
  const css = await pageCss(siteCss, `<body class="${bodyClass}">${shownAtFirst(firstScreen)}</body>`, islandFirst ? islandSources : []);
  // Built pages only, as Astro's own policy: in `astro dev`, Vite adds styles and scripts no hash could foresee.
  if (!import.meta.env.PROD) return { css, body };
  const html = `${head}<style>${css}</style>${body}`;
  const unlisted = unlistedInlineCode(html, await inlineAllowList(), css);
  if (unlisted.length > 0) throw unlistedInlineCodeError(pagePath(pathname), unlisted);
  const policy = pagePolicy({
    directives: cspDirectives(enquiryDemo ? undefined : supabaseUrl, frameSources),
    html,
    // The contact form's toasts insert their own stylesheet when they first show.
    laterStyleHashes: hasIsland ? sonnerStyleHashes() : [],
  });
  return { css, body, policy };
}
