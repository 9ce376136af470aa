/**
 * While a page is open in the editor, its name and address are shown in the editor's top bar and the browser tab:
 * "Editing: Installation (/services/installation)". Decap has no setting for either, so this follows its address
 * (`#/collections/services/entries/installation`) and adds one line beside the top bar's "← Services" link.
 */
import { topLevelPages } from '../../config/routes.ts';
import { themeColour } from '../../config/theme-colour.ts';
import { contentCollections } from './decap-config.ts';
import { siteIndex } from './entry-checks.ts';
import type { SiteIndex } from './entry-problems.ts';

/** What the editor is showing, from its address: a page of a collection, a new page, or neither (null). */
export function editingWords(hash: string, site: SiteIndex | undefined): string | null {
  const [, collection, what, slug] = /^#\/collections\/([^/]+)\/(entries|new)\/?([^/?]*)/.exec(hash) ?? [];
  if (!collection) return null;
  if (what === 'new') return `New page in ${contentCollections.find(({ folder }) => folder === collection)?.label ?? collection}`;
  if (!slug) return null;
  if (collection === 'pages') {
    const page = topLevelPages.find(({ path }) => (path === '/' ? 'home' : path.slice(1)) === slug);
    return page ? `Editing: ${page.label} (${page.path})` : null;
  }
  // People and certifications have no page of their own: they are shown on /about, as the answers are on /trust.
  const address =
    collection === 'legal'
      ? `/${slug}`
      : ['people', 'certifications'].includes(collection)
        ? '/about'
        : collection === 'trust'
          ? '/trust'
          : `/${collection}/${slug}`;
  const label = site?.entries[collection]?.find((entry) => entry.slug === slug)?.label ?? slug;
  return `Editing: ${label} (${address})`;
}

const marker = 'data-editing-page';

export function showEditingTitle(): void {
  const tabTitle = document.title;
  let site: SiteIndex | undefined;
  const update = () => {
    const words = editingWords(location.hash, site);
    document.title = words ? `${words} · ${tabTitle}` : tabTitle;
    const shown = document.querySelector(`[${marker}]`);
    // The top bar's first link leads back to the collection ("← Services").
    const back = [...document.querySelectorAll('a[href^="#/collections/"]')].find((link) => link.textContent?.startsWith('←'));
    const bar = back?.parentElement;
    if (!words || !back || !bar) return shown?.remove();
    if (shown?.parentElement === bar && shown.textContent === words) return;
    shown?.remove();
    const line = document.createElement('p');
    line.setAttribute(marker, '');
    line.setAttribute('role', 'status');
    line.textContent = words;
    Object.assign(line.style, {
      margin: 'auto 16px',
      fontSize: '15px',
      fontWeight: '600',
      color: themeColour('ink-800'),
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      maxWidth: '32%',
    });
    back.after(line);
  };
  void siteIndex().then((index) => {
    site = index;
    update();
  });
  window.addEventListener('hashchange', update);
  // Decap draws the top bar some time after the address changes; it is looked for again when the page changes.
  let pending = false;
  new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      update();
    });
  }).observe(document.body, { childList: true, subtree: true });
}
