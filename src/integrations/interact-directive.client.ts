import type { ClientDirective } from 'astro';

const TRIGGERS = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'mouseover'] as const;

const interact: ClientDirective = (load, _options, el) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) el.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
  };
  for (const type of TRIGGERS) el.addEventListener(type, start, { passive: true });
};

export default interact;
