/**
 * Speculation Rules: browsers that support them fetch a page of this site ahead of the click, when a link to it is
 * hovered for a moment or pressed (`moderate`), so the next page opens without waiting for the network. `/*`
 * resolves against the page's own address, so only this site's pages qualify: never another site, never the
 * contact form's backend (another origin). Other browsers ignore the rules and lose nothing.
 */
export const speculationRules = {
  prefetch: [{ where: { href_matches: '/*' }, eagerness: 'moderate' }],
} as const;
