/**
 * A notice that stays over the editor until the writer closes it: a refused upload (upload-guard.ts), or a save
 * that was refused or failed (lasting-notices.ts). Styled through the CSSOM, which the editor's policy allows.
 */
import { themeColour } from '../../config/theme-colour.ts';

/** Removes the notice `id`, if shown. */
export function closeNotice(id: string): void {
  document.getElementById(id)?.remove();
}

/** Shows `heading` and `lines` in the notice `id`, in place of what it showed before. */
export function showNotice(id: string, heading: string, lines: readonly string[]): void {
  closeNotice(id);
  const box = document.createElement('div');
  box.id = id;
  box.setAttribute('role', 'alert');
  Object.assign(box.style, {
    position: 'fixed',
    top: '16px',
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: '100000',
    width: 'max-content',
    maxWidth: 'min(640px, calc(100vw - 32px))',
    maxHeight: 'calc(100vh - 32px)',
    overflowY: 'auto',
    boxSizing: 'border-box',
    padding: '16px',
    border: `2px solid ${themeColour('error-700')}`,
    borderRadius: '6px',
    background: themeColour('error-50'),
    color: themeColour('ink-900'),
    boxShadow: '0 4px 16px rgb(0 0 0 / 0.25)',
    overflowWrap: 'anywhere',
  });
  const title = document.createElement('p');
  title.style.cssText = 'margin:0 0 8px;font-weight:600';
  title.textContent = heading;
  box.append(title);
  for (const line of lines) {
    const text = document.createElement('p');
    text.style.margin = '0 0 8px';
    text.textContent = line;
    box.append(text);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.addEventListener('click', () => closeNotice(id));
  box.append(close);
  document.body.append(box);
}
