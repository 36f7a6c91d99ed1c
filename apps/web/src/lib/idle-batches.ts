/** How long one slice of work may hold the main thread: well under the 50 ms that make a task "long" on a phone. */
const SLICE_MS = 8;

type Handle = { cancel: () => void };

function later(run: () => void): Handle {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 1000 });
    return { cancel: () => window.cancelIdleCallback(id) };
  }
  const id = window.setTimeout(run, 0);
  return { cancel: () => window.clearTimeout(id) };
}

/**
 * Maps `items` through `work` a slice at a time while the browser is idle (a timeout of a second, so a busy page still
 * gets it; `setTimeout` where there is no idle callback), and hands the results to `done` once all are in. Returns
 * the cancel of what is still to run. Work that would otherwise be one long task after the page has painted (measuring
 * a page's lines of text) becomes several short ones.
 */
export function inIdleBatches<T, R>(items: readonly T[], work: (item: T) => R, done: (results: R[]) => void) {
  const results: R[] = [];
  let handle: Handle | null = null;
  const step = () => {
    const until = performance.now() + SLICE_MS;
    // At least one item per slice, so the work always ends.
    do results.push(work(items[results.length] as T));
    while (results.length < items.length && performance.now() < until);
    if (results.length < items.length) handle = later(step);
    else {
      handle = null;
      done(results);
    }
  };
  if (items.length === 0) done(results);
  else handle = later(step);
  return () => handle?.cancel();
}
