/**
 * What a writer pastes into Page text goes in as Markdown (paste-as-markdown.ts says how). The converter, turndown
 * with it, is not in the script /admin loads up front: it is fetched on the first paste into Page text, and the box
 * gets the pasted text once it has arrived.
 */

/** Page text boxes (the `body` field of every collection: Decap names a box `<field>-field-<n>`). */
const isPageText = (target: EventTarget | null): target is HTMLTextAreaElement => target instanceof HTMLTextAreaElement && target.id.startsWith('body-field-');

export function registerPasteAsMarkdown(): void {
  const parser = new DOMParser();
  const parse = (html: string) => parser.parseFromString(html, 'text/html');
  window.addEventListener(
    'paste',
    (event) => {
      const box = event.target;
      if (!isPageText(box) || !event.clipboardData) return;
      const data = { html: event.clipboardData.getData('text/html'), text: event.clipboardData.getData('text/plain') };
      const { value, selectionStart, selectionEnd } = box;
      event.preventDefault();
      void import('./paste-as-markdown.ts')
        .then(({ pastedMarkdown, placed }) => {
          const markdown = pastedMarkdown(data, parse);
          // Where the browser's own paste was right, the plain text goes in as the browser would have put it.
          return markdown === undefined ? data.text : placed(markdown, value.slice(0, selectionStart), value.slice(selectionEnd));
        })
        // Without the converter (its fetch failed), the plain text: a paste is never lost.
        .catch(() => data.text)
        .then((text) => {
          // As typed text: the box's own undo takes it back, and Decap hears the change as it hears typing.
          box.focus();
          document.execCommand('insertText', false, text);
        });
    },
    { capture: true },
  );
}
