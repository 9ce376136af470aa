/**
 * What the document layout (src/layouts/HtmlDocument.astro) writes around a page's rendered head and body: the <style>
 * with only the rules this page can use (page-css.ts), and in a build its Content-Security-Policy allowing exactly the
 * inline scripts and styles it carries (page-policy.ts), each of them one the site's own code declares
 * (inline-code-allowlist.ts). Build time only (Node).
 */
import siteCss from '../styles/global.css?inline';
import { cspDirectives } from '../config/security.ts';
import { pagePath } from './page-path.ts';
import { enquiryDemo, supabaseUrl } from '../config/supabase-project.ts';
import { inlineAllowList, unlistedInlineCodeError } from './inline-code-allowlist.ts';
import { pageCss, type LaterSource } from './page-css.ts';
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

/** The page's stylesheet, and in a build its policy; a page with inline code the site does not declare stops the build. */
export async function pageDocument({ pathname, bodyClass, head, body, frameSources = [] }: PageParts): Promise<{ css: string; policy?: string }> {
  const hasIsland = body.includes('<astro-island');
  const css = await pageCss(siteCss, `<body class="${bodyClass}">${body}</body>`, hasIsland ? islandSources : []);
  // Built pages only, as Astro's own policy: in `astro dev`, Vite adds styles and scripts no hash could foresee.
  if (!import.meta.env.PROD) return { css };
  const html = `${head}<style>${css}</style>${body}`;
  const unlisted = unlistedInlineCode(html, await inlineAllowList(), css);
  if (unlisted.length > 0) throw unlistedInlineCodeError(pagePath(pathname), unlisted);
  const policy = pagePolicy({
    directives: cspDirectives(enquiryDemo ? undefined : supabaseUrl, frameSources),
    html,
    // The contact form's toasts insert their own stylesheet when they first show.
    laterStyleHashes: hasIsland ? sonnerStyleHashes() : [],
  });
  return { css, policy };
}
