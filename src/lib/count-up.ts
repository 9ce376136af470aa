/** Ease-out cubic: fast at first, settling gently on the target. */
export function easeOutCubic(progress: number): number {
  return 1 - (1 - progress) ** 3;
}

/** The value a counter shows `elapsed` ms into an animation of `duration` ms towards `target`. */
export function countUpValue(target: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return target;
  if (elapsed <= 0) return 0;
  return Math.round(target * easeOutCubic(elapsed / duration));
}
