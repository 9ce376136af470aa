/**
 * Sonner, the toast library, adds its stylesheet to the page as an inline <style> when its code loads, so
 * the contact page's Content-Security-Policy must allow that exact text by its hash. This loads the
 * installed sonner once, in a separate Node process with a stand-in `document`, and hashes what it adds.
 */
import { spawnSync } from 'node:child_process';
import { cspHash } from './csp-hash.ts';

const captureInsertedCss = `
let css = '';
const head = { appendChild() {} };
globalThis.document = {
  head,
  getElementsByTagName: () => [head],
  createElement: () => ({ appendChild: (node) => { css += node.data; } }),
  createTextNode: (data) => ({ data }),
};
await import('sonner');
process.stdout.write(css);
`;

let hashes: `sha256-${string}`[] | undefined;

/**
 * The hashes the page's policy needs for sonner's stylesheet: none if this version inserts none. Sonner adds
 * the <style> element to the head before it fills it, and the browser checks it at both moments, so the
 * hash of the empty text is allowed too (an empty stylesheet can do nothing).
 */
export function sonnerStyleHashes(): `sha256-${string}`[] {
  if (!hashes) {
    const run = spawnSync(process.execPath, ['--input-type=module', '--eval', captureInsertedCss], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`Could not read the stylesheet sonner inserts: ${run.stderr || run.error?.message}`);
    hashes = run.stdout ? [cspHash(''), cspHash(run.stdout)] : [];
  }
  return hashes;
}
