import type { Server } from 'node:http';

/**
 * Counts the requests a server is answering, so that a shutdown can let them finish: without it a SIGTERM (a rolling
 * deploy, `docker stop`) closed the database while requests still waited for it, and each failed with a 500
 * ("aborted" from the pool) instead of its answer.
 */
export function trackRequests(server: Server): { inFlight(): number; drained(): Promise<void> } {
  let count = 0;
  let waiters: (() => void)[] = [];
  server.on('request', (_req, res) => {
    count++;
    res.once('close', () => {
      count--;
      if (count === 0) {
        for (const w of waiters) w();
        waiters = [];
      }
    });
  });
  return {
    inFlight: () => count,
    drained: () => (count === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
  };
}

/**
 * Stops taking connections and waits for the requests in flight to be answered, `graceMs` at most; then closes every
 * connection left. Idle keep-alive connections close at once, so clients reconnect to another instance.
 */
export async function drainServer(
  server: Server,
  tracker: ReturnType<typeof trackRequests>,
  graceMs: number,
): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([tracker.drained(), new Promise<void>((r) => (timer = setTimeout(r, graceMs)))]);
  clearTimeout(timer);
  server.closeAllConnections();
  await closed;
}
