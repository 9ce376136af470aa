/**
 * Astro 7.3.5's dev server can keep rendering a page from the content it had before a save, though the file and its
 * data store (.astro/data-store.json) are right, when a request is in flight as the store is replaced: about one run
 * in ten on a loaded machine, and the whole dev-server instance stays stale (upstream; like withastro/astro#17335).
 * Tests that save content under `astro dev` get this many retries, each saving again on a fresh dev server (a
 * Playwright group on a fresh copy; tests/project/content-dev-overlay.test.ts restarts its own); a real fault fails
 * every run.
 */
export const STALE_DEV_CONTENT_RETRIES = 1;
