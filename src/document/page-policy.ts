/**
 * Each page's Content-Security-Policy, written into its own <meta> tag so it holds on any static host. Its
 * `script-src` and `style-src` allow exactly what this page carries inline, by hash, and nothing else: the scripts
 * and stylesheets found in the page's rendered HTML (its own, and those Astro writes for an island), plus stylesheets
 * an island inserts later (`laterStyleHashes`). The layout first makes sure each of them is one the site's own code
 * writes (`unlistedInlineCode`), so a policy never lists code that came from elsewhere. Astro's built-in policy lists every client directive and its dev-mode
 * island script on every page, about 400 bytes gzip that a 14 KB page cannot spare.
 */
import { Parser } from 'htmlparser2';
import { cspHash } from './csp-hash.ts';
import type { InlineAllowList } from './inline-code-allowlist.ts';

/** Script types a browser acts on, so the policy must allow them: classic and module scripts, and speculation rules. */
const actedOn = (type: string | undefined) => type === undefined || ['', 'text/javascript', 'module', 'speculationrules'].includes(type.trim().toLowerCase());

/** The exact text of every inline script a browser would act on, and of every inline stylesheet, in `html`. */
export function inlineCode(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  let current: { into: string[]; text: string } | null = null;
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (tag === 'style') current = { into: styles, text: '' };
        else if (tag === 'script' && attributes.src === undefined && actedOn(attributes.type)) current = { into: scripts, text: '' };
      },
      ontext(text) {
        if (current) current.text += text;
      },
      onclosetag(tag) {
        if (current && (tag === 'script' || tag === 'style')) current.into.push(current.text);
        if (tag === 'script' || tag === 'style') current = null;
      },
    },
    { decodeEntities: false },
  );
  parser.write(html);
  parser.end();
  return { scripts, styles };
}

/** The inline scripts and styles of `html` that are neither the page's own stylesheet nor on the allow-list. */
export function unlistedInlineCode(html: string, allowed: InlineAllowList, pageStylesheet: string): Array<{ tag: 'script' | 'style'; text: string }> {
  const { scripts, styles } = inlineCode(html);
  return [
    ...scripts.filter((text) => !allowed.scripts.has(text)).map((text) => ({ tag: 'script' as const, text })),
    ...styles.filter((text) => text !== pageStylesheet && !allowed.styles.has(text)).map((text) => ({ tag: 'style' as const, text })),
  ];
}

type Hash = `sha256-${string}`;

interface PagePolicy {
  /** The directives every page shares (src/config/security.ts). */
  directives: readonly string[];
  /** The page as rendered: head and body. */
  html: string;
  /** Hashes of stylesheets the page's islands add when their code runs. */
  laterStyleHashes?: readonly Hash[];
}

const sources = (hashes: Iterable<Hash>) => ["'self'", ...[...new Set(hashes)].map((hash) => `'${hash}'`)].join(' ');

/** The page's policy, as the content of its <meta http-equiv="content-security-policy">. */
export function pagePolicy({ directives, html, laterStyleHashes = [] }: PagePolicy): string {
  const { scripts, styles } = inlineCode(html);
  return [...directives, `script-src ${sources(scripts.map(cspHash))}`, `style-src ${sources([...styles.map(cspHash), ...laterStyleHashes])}`].join(';');
}
