/**
 * The inline code a built page may carry, each text with who writes it: the site's own (src/document/inline-code.ts),
 * and what Astro writes before a page's first island (the island element's script and stylesheet, and the
 * `client:intent` directive of src/integrations/client-intent.ts, built the way Astro builds it; all three come through src/astro-internals.ts). The page's own stylesheet is made
 * per page by the layout, and sonner's stylesheet is added later by the contact form (src/document/sonner-style-hash.ts).
 * Build time only (Node).
 */
import { clientDirectives } from '../config/client-directives.ts';
import { clientDirectiveScript, islandScript, islandStyles } from '../astro-internals.ts';
import { inlineScripts, inlineStyles } from './inline-code.ts';

export interface InlineAllowList {
  /** Each allowed script's exact text → who writes it. */
  scripts: Map<string, string>;
  styles: Map<string, string>;
}

/** The build's error for inline code on `page` that no component of the site declares. */
export function unlistedInlineCodeError(page: string, unlisted: Array<{ tag: 'script' | 'style'; text: string }>): Error {
  const lines = unlisted.map(({ tag, text }) => `  an inline <${tag}>: ${JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text)}`);
  return new Error(
    `${page} carries inline code that none of the site's components declares:\n${lines.join('\n')}\n` +
      'Pages carry only the inline scripts and styles listed in src/document/inline-code.ts, written with <InlineScript name="…"> or <InlineStyle name="…">, ' +
      "so that the page's Content-Security-Policy allows them by hash: add it there, or make it part of the site's stylesheet (src/styles/global.css) or of an island.",
  );
}

let allowList: Promise<InlineAllowList> | undefined;

/** Every inline script and style a page may carry besides its own stylesheet; built once per process. */
export function inlineAllowList(): Promise<InlineAllowList> {
  allowList ??= (async () => {
    const scripts = new Map<string, string>(
      Object.entries(inlineScripts).map(([name, text]) => [text, `<InlineScript name="${name}"> (src/document/inline-code.ts)`]),
    );
    const styles = new Map<string, string>(
      Object.entries(inlineStyles).map(([name, text]) => [text, `<InlineStyle name="${name}"> (src/document/inline-code.ts)`]),
    );
    scripts.set(islandScript, "Astro's island element");
    styles.set(islandStyles, "Astro's island element");
    for (const [name, entrypoint] of Object.entries(clientDirectives))
      scripts.set(await clientDirectiveScript(name, entrypoint), `Astro's client:${name} directive (${entrypoint})`);
    return { scripts, styles };
  })();
  return allowList;
}
