/**
 * `virtual:theme-colours`, the colour tokens of src/styles/global.css, for the site's build and `astro dev` (listed
 * in index.ts) and for the tests (vitest.config.ts). A change to the stylesheet reloads the module.
 */
import type { Plugin } from 'vite';
import { THEME_COLOURS_MODULE, themeColoursModuleSource, themeStylesheet } from '../styles/theme-colours.ts';

const resolvedId = `\0${THEME_COLOURS_MODULE}`;

export function themeColours(): Plugin {
  let stylesheet = '';
  return {
    name: 'kalpaka:theme-colours',
    configResolved(config) {
      stylesheet = themeStylesheet(config.root);
    },
    resolveId: (id) => (id === THEME_COLOURS_MODULE ? resolvedId : undefined),
    load(id) {
      if (id !== resolvedId) return undefined;
      this.addWatchFile(stylesheet);
      return themeColoursModuleSource(stylesheet);
    },
  };
}
