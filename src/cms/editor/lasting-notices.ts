/**
 * A refused or failed save is told in the site's words and stays until the writer closes it: Decap shows it as a
 * toast that fades after 8 seconds (while the writer may still be copying their text) and begins "Failed to persist
 * entry: Error:". Its words are changed through Decap's English phrases, and each error toast is moved, as it
 * appears, into a notice that stays (notice-box.ts). Decap's top bar says "Changes saved" for a new page nothing has
 * been written for; it says "No unsaved changes" instead, which is true of both.
 */
import { showNotice } from './notice-box.ts';

interface Phrases {
  [key: string]: string | Phrases;
}
export interface DecapLocales {
  getLocale(locale: string): Phrases | undefined;
  registerLocale(locale: string, phrases: Phrases): void;
}

export const notSaved = 'Not saved';
const noticeId = 'editor-problem';

const merged = (phrases: Phrases, changes: Phrases): Phrases =>
  Object.fromEntries(
    Object.entries({ ...phrases, ...changes }).map(([key, value]) => {
      const before = phrases[key];
      return [key, typeof value === 'object' && typeof before === 'object' ? merged(before, value) : value];
    }),
  );

/** What a toast's text begins with before its reason: "Not saved: " and an Error's kind ("Error: "), in any order. */
const prefixes = new RegExp(`^(?:${notSaved}: ?|\\w*Error: )+`);

/** The notice for a toast's text: "Not saved" and the reasons one per line (entry-checks.ts), or the text as it is. */
export function noticeOf(toastText: string): { heading: string; lines: string[] } {
  const prefix = prefixes.exec(toastText.trim())?.[0] ?? '';
  const lines = toastText
    .trim()
    .slice(prefix.length)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return { heading: prefix.includes(notSaved) ? notSaved : 'The editor could not finish this', lines };
}

function moveToNotice(toast: HTMLElement): void {
  const body = toast.querySelector<HTMLElement>('.Toastify__toast-body') ?? toast;
  const { heading, lines } = noticeOf(body.textContent ?? '');
  showNotice(noticeId, heading, lines);
  // Hidden but laid out: react-toastify removes a toast when its closing animation ends, which a toast with
  // `display: none` never plays. Its words are emptied meanwhile, so only the notice says them.
  toast.style.visibility = 'hidden';
  const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) (node as Text).data = '';
}

export function registerLastingNotices(cms: DecapLocales): void {
  const english = cms.getLocale('en');
  if (english)
    cms.registerLocale(
      'en',
      merged(english, { ui: { toast: { onFailToPersist: `${notSaved}: %{details}` } }, editor: { editorToolbar: { changesSaved: 'No unsaved changes' } } }),
    );
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        const toasts = node.matches('.Toastify__toast--error') ? [node] : [...node.querySelectorAll<HTMLElement>('.Toastify__toast--error')];
        toasts.forEach(moveToNotice);
      }
  }).observe(document.body, { childList: true, subtree: true });
}
