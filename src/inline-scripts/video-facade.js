/*
 * A video section's box, as a classic inline script placed right after it: it shows the box (hidden in the HTML, so
 * that without JavaScript only the caption's link to the video shows) and on a press of its play button puts the
 * player in the button's place, in the same 16:9 box, and gives it the focus so a keyboard user is on the player.
 * Until then the page asks the video site for nothing. Kept short and in plain JavaScript because VideoFacade.astro
 * inlines this file as it is, into a page with a 14 KB budget (`allow` includes fullscreen, so no allowfullscreen).
 */
((box) => {
  box.hidden = false;
  box.querySelector('button').onclick = () => {
    const frame = document.createElement('iframe');
    frame.src = box.dataset.embed;
    frame.title = box.dataset.title;
    frame.allow = 'autoplay; fullscreen; picture-in-picture';
    frame.className = 'absolute inset-0 size-full';
    box.replaceChildren(frame);
    frame.focus();
  };
})
