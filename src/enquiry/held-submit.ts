/**
 * A form whose code has not arrived yet cannot send, but a visitor may already press Send (or Enter). Such a
 * submission is held on the island, neither dropped nor sent by the browser, and the form sends it once, when its
 * code is ready.
 */

/** On the island while a submission made before its form was ready waits to be sent. */
const heldAttribute = 'data-held-submit';
/** On the island once its form handles submissions itself. */
const readyAttribute = 'data-form-ready';

const submitButton = (island: HTMLElement) => island.querySelector<HTMLButtonElement>('[type=submit]');

/** Holds every submission inside `island` until `takeHeldSubmit` declares its form ready; `onHold` runs on each. */
export function holdEarlySubmits(island: HTMLElement, onHold: () => void): void {
  island.addEventListener(
    'submit',
    (event) => {
      if (island.hasAttribute(readyAttribute)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      island.setAttribute(heldAttribute, '');
      // Shown as busy until the form takes over; aria-disabled, not disabled, so the focus stays on it (pressing
      // again is held again, and sends nothing more).
      const button = submitButton(island);
      if (button) button.ariaDisabled = 'true';
      onHold();
    },
    true,
  );
}

/** Lets go of a held submission whose form's code failed to load: Send can be pressed again, and loads it again. */
export function releaseHeldSubmit(island: HTMLElement): void {
  island.removeAttribute(heldAttribute);
  const button = submitButton(island);
  if (button) button.ariaDisabled = null;
}

/**
 * Declares the form ready (from now on its own handler sees every submission) and tells whether a submission was
 * held for it; pressing Send twice in the wait still counts once.
 */
export function takeHeldSubmit(form: HTMLFormElement): boolean {
  const island = form.closest<HTMLElement>('astro-island');
  if (!island) return false;
  island.setAttribute(readyAttribute, '');
  const held = island.hasAttribute(heldAttribute);
  island.removeAttribute(heldAttribute);
  const button = submitButton(island);
  if (held && button) button.ariaDisabled = null;
  return held;
}
