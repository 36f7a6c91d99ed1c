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
/** The server's time zone when the browser's differs (absolute dates of the painted page are written in it). */
let paintedZone: string | undefined;

/** Server: renders synchronously (renderToString) with the clock held at `at`. */
export function withRenderClock<T>(at: number, render: () => T): T {
  painted = at;
  try {
    return render();
  } finally {
    painted = undefined;
  }
}

/**
 * The UTC offsets (minutes east) of the local zone on 1 January and 1 July of `at`'s year and at `at`: what the
 * server sends beside its zone's name (`data-tzo`), so that the browser can tell a zone writing the same dates without
 * asking Intl (the first `Intl.DateTimeFormat` loads the time-zone data: ~35 ms, four times that on a slow phone, in
 * the middle of the take-over, issue 17).
 */
export function zoneOffsets(at: number): string {
  const year = new Date(at).getFullYear();
  return [new Date(year, 0, 1), new Date(year, 6, 1), new Date(at)].map((d) => 0 - d.getTimezoneOffset()).join(',');
}

/**
 * Browser: the moment the server rendered the page being taken over (none for a page the browser renders) and the
 * time zone it wrote dates in, with that zone's offsets (`zoneOffsets`). A reader whose zone has the same offsets
 * writes the same dates (zones differing only on the days between two different summer-time switches would make that
 * part be rendered again, as a mismatch does), and is not asked Intl; another one takes the page over in the server's
 * zone. A zone the browser does not know is ignored.
 */
export function holdRenderClock(at: number | undefined, timeZone?: string, offsets?: string): void {
  painted = at !== undefined && Number.isFinite(at) ? at : undefined;
  paintedZone = undefined;
  if (!timeZone) return;
  if (offsets && painted !== undefined && offsets === zoneOffsets(painted)) return;
  try {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone !== own) paintedZone = timeZone;
  } catch {
    // not a zone this browser knows: dates are written in its own
  }
}

const subscribeToNothing = () => () => undefined;
/** Whether the component is being rendered by the server or taken over from the server's markup (hydration). */
export const useTakingOver = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
const paintedNow = () => new Date(painted ?? Date.now());
const realNow = () => new Date();

/**
 * The clock for a component's relative times: the painted page's moment while the server renders it and while the
 * browser takes it over, the real time otherwise. A component taken over renders once more right after, with the
 * real time.
 */
export function useRenderNow(): () => Date {
  return useTakingOver() ? paintedNow : realNow;
}

/**
 * The time zone a component writes absolute dates in (`formatDateTime(value, zone)`): the server's while the browser
 * takes a painted page over, when the visitor's differs (a reader in 北京 of a server running in UTC); the visitor's
 * own (undefined) otherwise, also right after the take-over.
 */
export function usePaintedTimeZone(): string | undefined {
  return useTakingOver() ? paintedZone : undefined;
}
