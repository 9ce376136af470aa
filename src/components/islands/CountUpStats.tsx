import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { countUpValue } from '../../lib/count-up.ts';

interface Stat {
  number: number;
  suffix: string;
  prefix: string;
  label: string;
}

interface Props {
  stats: Stat[];
  dark?: boolean;
  /** SPEC: counters animate from 0 to target over 2000 ms. */
  duration?: number;
}

type Phase = 'static' | 'waiting' | 'counting' | 'done';

/** Class on <html> while the server-rendered figures are hidden until this island takes over (see StatsBand.astro). */
export const PENDING_CLASS = 'counters-pending';

/**
 * Counters that count from 0 to their targets once scrolled into view. The server renders the final
 * figures (for crawlers and visitors without JavaScript); the hydrated island only animates when the
 * counters are still out of view, so a visitor never sees a figure jump back to 0.
 */
function Counters({ stats, dark = false, duration = 2000 }: Props) {
  const rootRef = useRef<HTMLDListElement>(null);
  const [phase, setPhase] = useState<Phase>('static');
  const [elapsed, setElapsed] = useState(duration);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // Set by StatsBand's inline script while the figures are hidden, waiting for this island.
    const unseen = document.documentElement.classList.contains(PENDING_CLASS);
    const box = root.getBoundingClientRect();
    const inView = box.top < window.innerHeight && box.bottom > 0;
    // Never count down from figures a visitor has already seen.
    if (reducedMotion || (inView && !unseen) || !('IntersectionObserver' in window)) {
      setPhase('done');
      return;
    }
    setElapsed(0);
    setPhase('waiting');
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setPhase('counting');
      },
      { threshold: 0.5 },
    );
    observer.observe(root);
    return () => observer.disconnect();
  }, []);

  // Reveal the figures only once they show their starting values (before the browser paints them).
  useLayoutEffect(() => {
    if (phase !== 'static') document.documentElement.classList.remove(PENDING_CLASS);
  }, [phase]);

  useEffect(() => {
    if (phase !== 'counting') return;
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const spent = now - start;
      setElapsed(spent);
      if (spent < duration) frame = requestAnimationFrame(tick);
      else setPhase('done');
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [phase, duration]);

  return (
    <dl ref={rootRef} className="grid grid-cols-2 gap-6 lg:grid-cols-4" data-counters={phase}>
      {stats.map((stat) => {
        // Each card is a column so the figure's `order-first` shows it above its label; the <dl> keeps term before definition.
        const shown = phase === 'static' || phase === 'done' ? stat.number : countUpValue(stat.number, elapsed, duration);
        return (
          <div
            key={stat.label}
            className={`flex flex-col rounded-2xl p-4 text-center sm:p-6 ${dark ? 'bg-white/5 ring-1 ring-white/10' : 'bg-white ring-1 ring-ink-200'}`}
          >
            <dt className={`text-sm font-medium ${dark ? 'text-ink-200' : 'text-ink-600'}`}>{stat.label}</dt>
            <dd
              className={`order-first text-3xl font-extrabold tracking-tight tabular-nums sm:text-5xl ${dark ? 'text-white' : 'text-brand-700'}`}
            >
              <span aria-hidden={phase === 'waiting' || phase === 'counting' ? true : undefined}>
                {stat.prefix}
                {shown}
                {stat.suffix}
              </span>
              {(phase === 'waiting' || phase === 'counting') && (
                <span className="sr-only">
                  {stat.prefix}
                  {stat.number}
                  {stat.suffix}
                </span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

export default function CountUpStats(props: Props) {
  return (
    <ErrorBoundary>
      <Counters {...props} />
    </ErrorBoundary>
  );
}
