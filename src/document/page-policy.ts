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
import type { CspDirective } from '../config/security.ts';
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
  /** The page's directives with all their sources (src/config/security.ts); `script-src` and `style-src` among them. */
  directives: readonly CspDirective[];
  /** The page as rendered: head and body. */
  html: string;
  /** Hashes of stylesheets the page's islands add when their code runs. */
  laterStyleHashes?: readonly Hash[];
}

/** The page's policy, as the content of its <meta http-equiv="content-security-policy">: the directives as they are,
 * with the hashes of the page's inline scripts and styles appended to `script-src` and `style-src`. */
export function pagePolicy({ directives, html, laterStyleHashes = [] }: PagePolicy): string {
  const { scripts, styles } = inlineCode(html);
  const hashes: Record<string, readonly Hash[]> = {
    'script-src': scripts.map(cspHash),
    'style-src': [...styles.map(cspHash), ...laterStyleHashes],
  };
  for (const name of Object.keys(hashes)) {
    if (!directives.some(([directive]) => directive === name)) throw new Error(`The page policy's directives have no ${name} (src/config/security.ts)`);
  }
  return directives.map(([name, ...sources]) => [name, ...sources, ...new Set((hashes[name] ?? []).map((hash) => `'${hash}'`))].join(' ')).join(';');
}
