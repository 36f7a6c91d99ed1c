/**
 * Runs `run` once the browser is idle (a timeout of a second, so a busy page still gets it; `setTimeout` where there
 * is no idle callback) and returns its cancel: work that can wait for the page to have painted and settled.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 0);
  return () => window.clearTimeout(id);
}
