import { expect, test, type Page } from '@playwright/test';
import { redirects } from '../../src/config/routes.ts';
import { legalPages } from '../../scripts/content/content-routes.ts';
import { openAndStay, SITE_ROUTES } from '../support/site.ts';
import { wholeSiteCss } from '../support/site-css.ts';

/**
 * Each page carries only its share of the site's stylesheet (src/document/page-css.ts). These tests hold that
 * share against the whole stylesheet, in the browser that has to apply it.
 */

const PAGES = [...SITE_ROUTES, '/no-such-page', ...Object.keys(redirects)];

let whole = '';
test.beforeAll(async () => {
  whole = await wholeSiteCss();
});

interface MissingRule {
  selector: string;
  elements: string[];
}

/**
 * Rules of the whole stylesheet that can style an element of the page but are missing from the page's own.
 * A rule "can style" an element when its selector matches it with every state assumed (hover, focus, an open
 * popover…) and pseudo-elements read as their element (a part of a form control as that control). A page rule stands in for it when it is in the same
 * @media/@supports/@layer, sets the same properties to the same values and matches those elements too.
 */
function missingRules(page: Page, wholeCss: string, firstScreen = false): Promise<MissingRule[]> {
  return page.evaluate(
    ([css, firstScreenOnly]) => {
      interface Flat {
        selector: string;
        context: string;
        declarations: string;
      }
      const flatten = (rules: CSSRuleList, context = ''): Flat[] =>
        [...rules].flatMap((rule) => {
          if (rule instanceof CSSStyleRule) {
            // Custom properties are left out: each page keeps only those its own rules read.
            const declarations = [...rule.style]
              .filter((name) => !name.startsWith('--'))
              .map((name) => `${name}:${rule.style.getPropertyValue(name)}${rule.style.getPropertyPriority(name)}`)
              .sort()
              .join(';');
            return [{ selector: rule.selectorText, context, declarations }, ...flatten(rule.cssRules, context)];
          }
          if (rule instanceof CSSMediaRule || rule instanceof CSSSupportsRule) return flatten(rule.cssRules, `${context}@${rule.conditionText}`);
          if (rule instanceof CSSLayerBlockRule) return flatten(rule.cssRules, `${context}@layer ${rule.name}`);
          return [];
        });
      const states =
        /:(?:hover|focus-visible|focus-within|focus|active|popover-open|open|checked|disabled|enabled|placeholder-shown|user-invalid|invalid|visited|target|-(?:moz|webkit)-[\w-]+)(?![\w-])/g;
      // Pseudo-elements that are parts of form controls read as those controls; any other as its element.
      const dateTypes = ['date', 'time', 'datetime-local', 'month', 'week'].map((type) => `input[type=${type}]`).join(',');
      const formParts: [RegExp, string][] = [
        [/::placeholder/g, ':is(input,textarea)'],
        [/::file-selector-button/g, ':is(input[type=file])'],
        [/::-webkit-(?:date-and-time-value|datetime-edit[\w-]*)/g, `:is(${dateTypes})`],
        [/::-webkit-calendar-picker-indicator/g, `:is(${dateTypes},input[list])`],
        [/::-webkit-search-[\w-]+/g, ':is(input[type=search])'],
        [/::-webkit-(?:inner|outer)-spin-button/g, ':is(input[type=number])'],
      ];
      const asElements = (selector: string) =>
        formParts.reduce((result, [part, element]) => result.replace(part, element), selector).replace(/::[\w-]+(?:\([^)]*\))?/g, '');
      const assumingStates = (selector: string) =>
        asElements(selector)
          .replace(states, ':is(*)')
          .replace(/(^|[\s>+~,(])(?=$|[\s>+~,)])/g, '$1*');
      const matches = (selector: string): Element[] | undefined => {
        try {
          return [...document.querySelectorAll(assumingStates(selector))];
        } catch {
          return undefined; // a selector this browser does not know (another engine's prefix)
        }
      };
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      // The first screen is painted before the site's stylesheet, linked after it, has loaded: from the inline <style>
      // alone. Its popovers (section lists, the mobile menu) open only when asked, by then styled by the site's stylesheet.
      const siteLink = document.querySelector('link[rel=stylesheet][href^="/site.css"]');
      const inFirstScreen = (element: Element) =>
        !!siteLink && !!(siteLink.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING) && !element.closest('[popover]');
      const own = [...document.styleSheets]
        .filter((stylesheet) => !firstScreenOnly || stylesheet.ownerNode instanceof HTMLStyleElement)
        .flatMap((stylesheet) => flatten(stylesheet.cssRules));
      const describe = (element: Element) =>
        `<${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? ` class="${element.className}"` : ''}>`;
      return flatten(sheet.cssRules).flatMap((rule) => {
        if (!rule.declarations) return [];
        const elements = matches(rule.selector)?.filter((element) => !firstScreenOnly || inFirstScreen(element));
        if (!elements || elements.length === 0) return [];
        const candidates = own.filter((mine) => mine.context === rule.context && mine.declarations === rule.declarations);
        const covered = new Set(candidates.flatMap((mine) => matches(mine.selector) ?? []));
        const uncovered = elements.filter((element) => !covered.has(element));
        return uncovered.length === 0 ? [] : [{ selector: `${rule.context} ${rule.selector}`.trim(), elements: uncovered.slice(0, 3).map(describe) }];
      });
    },
    [wholeCss, firstScreen] as const,
  );
}

for (const path of PAGES) {
  test(`${path} keeps every rule of the site's stylesheet that can style it, those of its first screen inline`, async ({ page }) => {
    await openAndStay(page, path);
    // Before the link to the site's stylesheet: the header and the hero (or all of a page without a hero but its footer).
    const firstScreen = await page.evaluate(() => {
      const link = document.querySelector('link[rel=stylesheet][href^="/site.css"]');
      return link
        ? [...document.body.querySelectorAll('*')].filter((element) => link.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING).length
        : 0;
    });
    expect(firstScreen, 'elements before the site stylesheet’s link').toBeGreaterThan(20);
    expect(await missingRules(page, whole, true), 'rules of the first screen missing from the inline <style>').toEqual([]);
    expect(await missingRules(page, whole), 'rules missing once the site stylesheet has loaded').toEqual([]);
  });
}

test('the rules with :is(), :where(), :not() and :has() that style a page are checked by the test above', async ({ page }) => {
  // The check above must meet each of these kinds on the pages where they apply, or it proves nothing about them.
  await page.goto('/');
  const kinds = await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    const selectors: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        else if (rule instanceof CSSGroupingRule) walk(rule.cssRules);
      }
    };
    walk(sheet.cssRules);
    return ['is', 'where', 'not', 'has'].map((kind) => [kind, selectors.filter((selector) => selector.includes(`:${kind}(`)).length]);
  }, whole);
  for (const [kind, count] of kinds) expect(count, `rules with :${kind}()`).toBeGreaterThan(0);
});

/** The outline a keyboard user sees on the first link of the footer. */
async function footerFocusRing(page: Page, path: string): Promise<string> {
  await page.goto(path);
  const link = page.getByRole('contentinfo').getByRole('link').first();
  // Keyboard focus, as a visitor tabbing through the page gives it.
  await page.keyboard.press('Tab');
  await link.focus();
  return link.evaluate((element) => {
    const style = getComputedStyle(element);
    return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} offset ${style.outlineOffset}`;
  });
}

test.describe('the footer focus ring', () => {
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  // Every legal page of content/legal, a new one too, and the 404 page.
  const legal = legalPages().map((page) => page.path);
  test('is checked on at least one legal page', () => {
    expect(legal, 'the legal pages of content/legal').not.toHaveLength(0);
  });

  for (const path of [...legal, '/no-such-page']) {
    test(`is the same on ${path} as on the home page`, async ({ page }) => {
      const home = await footerFocusRing(page, '/');
      // The accent ring of dark surfaces, not the brand blue that is faint on the dark footer.
      expect(home).toBe('solid 3px rgb(252, 211, 77) offset 2px');
      expect(await footerFocusRing(page, path)).toBe(home);
    });
  }
});
