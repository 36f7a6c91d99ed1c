import { useSyncExternalStore } from 'react';

/**
 * The moment relative times (刚刚, N 分钟前 …) are counted from. A page the server painted may be served from its cache
 * a while later: every part of it is taken over counting from the moment the server rendered it, so its first render
 * gives the same text (a different one is a hydration mismatch, and React then renders that part again), and counts
 * from the real clock once it has been taken over. A part may be taken over after the rest (a boundary that waited
 * for its code or data): whether a component is being taken over is React's to say (`useSyncExternalStore` reads the
 * server snapshot exactly then), not a moment after which the clock runs again.
 */
let painted: number | undefined;

/** Server: renders synchronously (renderToString) with the clock held at `at`. */
export function withRenderClock<T>(at: number, render: () => T): T {
  painted = at;
  try {
    return render();
  } finally {
    painted = undefined;
  }
}

/** Browser: the moment the server rendered the page being taken over (none for a page the browser renders). */
export function holdRenderClock(at: number | undefined): void {
  painted = at !== undefined && Number.isFinite(at) ? at : undefined;
}

const subscribeToNothing = () => () => undefined;
const paintedNow = () => new Date(painted ?? Date.now());
const realNow = () => new Date();

/**
 * The clock for a component's relative times: the painted page's moment while the server renders it and while the
 * browser takes it over, the real time otherwise. A component taken over renders once more right after, with the
 * real time.
 */
export function useRenderNow(): () => Date {
  const takingOver = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  return takingOver ? paintedNow : realNow;
}
