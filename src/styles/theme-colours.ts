/**
 * The colour tokens of src/styles/global.css, the one home of the site's colours (`--color-brand-600: …;` in an
 * `@theme` block is the colour "brand-600"), read at build time into the module `virtual:theme-colours` for code that
 * a page's custom properties do not reach (src/config/theme-colour.ts reads it). Vite serves the module to the site
 * and the tests (src/integrations/theme-colours.ts), esbuild to the editor's bundle (src/cms/build/editor-script.ts).
 * tests/unit/theme-colours.test.ts finds any hex colour written outside global.css. Build time only (Node).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const THEME_COLOURS_MODULE = 'virtual:theme-colours';

/** The stylesheet that holds the tokens, from the project's root. */
export const themeStylesheet = (root: string) => join(root, 'src/styles/global.css');

/** Each `--color-NAME: VALUE;` of the stylesheet's `@theme` blocks, as NAME → VALUE. */
export function themeColours(css: string): Record<string, string> {
  const code = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const colours: Record<string, string> = {};
  for (const [, body] of code.matchAll(/@theme\b[^{]*\{([^}]*)\}/g)) {
    for (const [, name, value] of body!.matchAll(/--color-([\w-]+)\s*:\s*([^;]+);/g)) colours[name!] = value!.trim();
  }
  if (Object.keys(colours).length === 0) throw new Error('No colour tokens in an @theme block of src/styles/global.css');
  return colours;
}

/** The source of `virtual:theme-colours` for the stylesheet at `path`: its tokens as `colours`, NAME → VALUE. */
export const themeColoursModuleSource = (path: string) => `export const colours = ${JSON.stringify(themeColours(readFileSync(path, 'utf8')))};\n`;
