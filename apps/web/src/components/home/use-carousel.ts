import * as React from 'react';
import { useMediaQuery } from '@/hooks/use-media-query';
import { shouldAutoAdvance, wrapIndex } from './carousel';

/**
 * The state of an auto-advancing carousel: the current slide, moves, and the handlers that pause it while the
 * pointer or keyboard focus is inside (WCAG 2.2.2) or the tab is hidden. Reduced motion stops it.
 */
export function useCarousel(count: number, intervalMs: number) {
  const [index, setIndex] = React.useState(0);
  const [hovered, setHovered] = React.useState(false);
  const [focused, setFocused] = React.useState(false);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const hidden = React.useSyncExternalStore(
    (onChange) => {
      document.addEventListener('visibilitychange', onChange);
      return () => document.removeEventListener('visibilitychange', onChange);
    },
    () => document.visibilityState === 'hidden',
    () => false,
  );
  const running = shouldAutoAdvance({ count, paused: hovered || focused || hidden, reducedMotion });
  React.useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setIndex((i) => wrapIndex(i, 1, count)), intervalMs);
    return () => window.clearInterval(timer);
  }, [running, count, intervalMs]);
  const current = wrapIndex(index, 0, count);
  return {
    index: current,
    reducedMotion,
    go: (i: number) => setIndex(wrapIndex(i, 0, count)),
    move: (delta: number) => setIndex((i) => wrapIndex(i, delta, count)),
    handlers: {
      onPointerEnter: () => setHovered(true),
      onPointerLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (e: React.FocusEvent) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
