import { useEffect } from 'react';

/**
 * The moment relative times (刚刚, N 分钟前 …) are counted from. A page the server painted may be served from its cache
 * a while later: the browser takes it over counting from the moment the server rendered it, so its first render
 * gives the same text (a different one is a hydration mismatch, and React then renders the whole page again), and
 * counts from the real clock once it has taken the page over.
 */
let fixed: number | undefined;

export function renderNow(): Date {
  return new Date(fixed ?? Date.now());
}

/** Server: renders synchronously (renderToString) with the clock held at `at`. */
export function withRenderClock<T>(at: number, render: () => T): T {
  fixed = at;
  try {
    return render();
  } finally {
    fixed = undefined;
  }
}

/** Browser: holds the clock at the moment the server rendered the page, until the app has taken it over. */
export function holdRenderClock(at: number | undefined): void {
  fixed = at !== undefined && Number.isFinite(at) ? at : undefined;
}

/** Renders nothing; once the page it is part of has been taken over (its effects run last), the clock runs again. */
export function ReleaseRenderClock() {
  useEffect(() => holdRenderClock(undefined), []);
  return null;
}
