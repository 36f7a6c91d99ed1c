/**
 * Gives the browser a turn (input, a frame) between two steps of the app's start (issue 17: a slow phone's main
 * thread held by one long task is what total blocking time counts). `scheduler.yield` where there is one, which
 * resumes ahead of other queued work; else a new task.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}
