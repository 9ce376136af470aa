/**
 * The editor on a phone: Decap lays its editing screen out at least 800 px wide (its editor and top bar set
 * `min-width: 800px`), so at 390 px the fields and Publish are cut off. Below 800 px these rules let both take the
 * screen's width and fit the top bar into it. They name Decap's parts by the labels its styles carry in their class
 * names (`css-…-ToolbarContainer`); tests/e2e/admin-phone.spec.ts fails if an upgrade renames one. A constructed
 * stylesheet is CSSOM, which the editor's Content-Security-Policy allows without 'unsafe-inline'.
 */
const part = (label: string) => `[class*="-${label}"]`;

const phoneRules = `
@media (max-width: 799.98px) {
  ${part('EditorContainer')}, ${part('ToolbarContainer')} { min-width: 0 !important; }
  ${part('ToolbarSectionBackLink')} { padding: 0 10px !important; flex: 0 1 auto; min-width: 0; }
  ${part('ToolbarSectionMain')} { flex: 0 0 auto !important; padding: 0 4px !important; }
  ${part('ToolbarSectionMeta')} { padding: 0 4px !important; }
  ${part('ToolbarContainer')} [data-editing-page] { flex: 1 1 0; min-width: 0; max-width: none !important; margin: auto 8px !important; font-size: 14px !important; }
  ${part('ControlPaneContainer')} { padding-left: 12px !important; padding-right: 12px !important; }
}
@media (max-width: 599.98px) {
  ${part('AppHeaderSiteLink')}, ${part('BackCollection')} { display: none !important; }
  ${part('ToolbarContainer')} [data-editing-page] { display: none; }
}
`;

export function fitEditorToPhones(): void {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(phoneRules);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch {
    // A browser without constructed stylesheets (Safari before 16.4) keeps Decap's own layout rather than no editor.
  }
}
