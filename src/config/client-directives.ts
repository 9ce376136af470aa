/**
 * The client directives the site adds to Astro, by name, with their entry points from the project root: registered
 * by astro.config.mjs, and built the same way by the page policy's allow-list (src/lib/inline-code-allowlist.ts).
 */
export const clientDirectives = { intent: 'src/lib/hydrate-on-intent.ts' } as const;
