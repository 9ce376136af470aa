/**
 * The popover polyfill's minified stand-alone build, which its package does not export: MobileNav.astro has
 * browsers without popovers load it (`import url from 'popover-polyfill.iife.js?url'`).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Alias } from 'vite';

export const popoverPolyfillAlias: Alias = {
  // A pattern, not a name: a name matches only the bare import, not `…?url`.
  find: /^popover-polyfill\.iife\.js(?=\?|$)/,
  replacement: join(dirname(createRequire(import.meta.url).resolve('@oddbird/popover-polyfill')), 'popover.iife.min.js'),
};
