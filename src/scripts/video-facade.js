/*
 * A video section's play button, as a classic inline script placed right after the video's box: it only listens,
 * and on the first press puts the player in the box's place (the box keeps its 16:9 size, so nothing moves) and
 * gives it the focus, so a keyboard user is on the player. Until then the page asks the video site for nothing.
 * Kept dependency-free and in plain JavaScript because VideoFacade.astro inlines this file as it is.
 */
((box) => {
  box.querySelector('button').addEventListener(
    'click',
    () => {
      const frame = document.createElement('iframe');
      frame.src = box.dataset.embed;
      frame.title = box.dataset.title;
      frame.allow = 'autoplay; encrypted-media; fullscreen; picture-in-picture';
      frame.allowFullscreen = true;
      frame.referrerPolicy = 'strict-origin-when-cross-origin';
      frame.className = 'absolute inset-0 size-full';
      box.replaceChildren(frame);
      frame.focus();
    },
    { once: true },
  );
})
