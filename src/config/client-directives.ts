/**
 * The client directives the site adds to Astro, by name, with their entry points from the project root: registered
 * by src/integrations/client-intent.ts, and built the same way by the page policy's allow-list (src/document/inline-code-allowlist.ts).
 */
export const clientDirectives = { intent: 'src/enquiry/hydrate-on-intent.ts' } as const;
