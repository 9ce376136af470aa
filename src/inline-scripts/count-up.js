/*
 * The About counters, as a classic inline script placed right after their <dl data-counters>: it runs as
 * soon as the list is parsed, so the figures turn to 0 before any paint shows them (StatsBand hides them
 * until then), and counts them up once half the list is in view. Each figure keeps its target for screen
 * readers while it moves. Whatever happens, the figures are revealed: the final values are in the HTML.
 * Kept dependency-free and in plain JavaScript because StatsBand.astro inlines this file as it is.
 */
((list, duration) => {
  const root = document.documentElement;
  let figures = [];
  try {
    if (!root.classList.contains('counters-pending') || !('IntersectionObserver' in window)) return;
    figures = [...list.querySelectorAll('dd[data-count-to]')].map((dd) => {
      const final = dd.textContent.trim();
      const target = dd.dataset.countTo;
      const shown = document.createElement('span');
      const spoken = document.createElement('span');
      shown.setAttribute('aria-hidden', 'true');
      spoken.className = 'sr-only';
      spoken.textContent = final;
      dd.replaceChildren(shown, spoken);
      return { dd, final, show: (share) => (shown.textContent = final.replace(target, Math.round(target * share))) };
    });
    figures.forEach((figure) => figure.show(0));
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        let start;
        const tick = (now) => {
          start ??= now;
          const progress = Math.min((now - start) / duration, 1);
          // Ease-out cubic: fast at first, settling gently on the target.
          figures.forEach((figure) => figure.show(1 - (1 - progress) ** 3));
          if (progress < 1) requestAnimationFrame(tick);
          else figures.forEach((figure) => (figure.dd.textContent = figure.final));
        };
        requestAnimationFrame(tick);
      },
      { threshold: 0.5 },
    );
    observer.observe(list);
  } catch (error) {
    figures.forEach((figure) => (figure.dd.textContent = figure.final));
    throw error;
  } finally {
    root.classList.remove('counters-pending');
  }
})
