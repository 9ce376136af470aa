/**
 * What this site adds to Astro, in one integration that astro.config.mjs lists:
 * - `client:intent`, a client directive (client-intent.ts);
 * - content files' frontmatter within bounds before anything else runs, in build, sync and check (frontmatter-bounds.ts);
 * - build checks: no secret Supabase key in the pages (supabase-key-check.ts), no component with a <style> or
 *   <script> of its own (component-code-check.ts), and in `astro dev` a content file's unfixed mistake before the
 *   page (src/content/build-errors.ts);
 * - the popover polyfill's stand-alone build as an import (popover-polyfill.ts);
 * - the colour tokens of src/styles/global.css as the module `virtual:theme-colours` (theme-colours.ts);
 * - `/admin/` → `/admin` in `astro dev` (admin-slash.ts);
 * - the sitemap without forwarding pages, the not-found page and the editor (sitemap.ts);
 * - no original of content/uploads/ in dist/ that no page uses (unused-uploads.ts), and no unreadable upload failing
 *   the build unless a page shows it (unusable-uploads.ts);
 * - the editor (/admin) moved from dist/ to an output of its own, dist-editor/, for its own origin (editor-output.ts).
 * The page pipeline (each page's stylesheet and Content-Security-Policy, src/document/) stays in the document layout,
 * src/layouts/HtmlDocument.astro: it needs the page's rendered head and body before the <html> around them is written,
 * which Astro's public API offers only to a component (`Astro.slots.render`); an integration could only rewrite the
 * finished HTML text (middleware), which this site avoids.
 * Build time only (Node).
 */
import type { AstroIntegration } from 'astro';
import { unfixedContentFirst } from '../content/build-errors.ts';
import { adminSlash } from './admin-slash.ts';
import { clientIntent } from './client-intent.ts';
import { componentCodeCheck } from './component-code-check.ts';
import { editorOutput } from './editor-output.ts';
import { frontmatterBoundsCheck } from './frontmatter-bounds.ts';
import { popoverPolyfillAlias } from './popover-polyfill.ts';
import { siteMap } from './sitemap.ts';
import { themeColours } from './theme-colours.ts';
import { onlyPublicSupabaseKey } from './supabase-key-check.ts';
import { unusedUploads } from './unused-uploads.ts';
import { unusableUploads } from './unusable-uploads.ts';

export function kalpakaSite(): AstroIntegration {
  return {
    name: 'kalpaka-site',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          integrations: [frontmatterBoundsCheck(), clientIntent(), adminSlash(), siteMap(), unusedUploads(), editorOutput()],
          vite: {
            plugins: [themeColours(), onlyPublicSupabaseKey, componentCodeCheck, unfixedContentFirst, unusableUploads()],
            resolve: { alias: [popoverPolyfillAlias] },
          },
        });
      },
    },
  };
}
