/** How long a home banner stays before the next one slides in. */
export const BANNER_INTERVAL_MS = 5000;
/** pro-facts §2.7: the notice board shows one notice at a time, 50 px high, for 3 s each. */
export const NOTICE_INTERVAL_MS = 3000;
export const NOTICE_HEIGHT_PX = 50;

/** The slide `delta` steps away from `index` among `count` slides, wrapping at both ends (0 when there are none). */
export function wrapIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}

/** Whether a carousel should advance by itself: more than one slide, not paused, motion not reduced. */
export function shouldAutoAdvance(opts: { count: number; paused: boolean; reducedMotion: boolean }): boolean {
  return opts.count > 1 && !opts.paused && !opts.reducedMotion;
}
