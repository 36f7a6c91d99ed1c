import { type DehydratedState, dehydrate, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, isRedirect } from '@tanstack/react-router';
import { createTRPCClient, type TRPCLink } from '@trpc/client';
import type { AppRouter } from '@wenku/api';
import { renderToString } from 'react-dom/server';
import { partsLoading } from './lib/lazy-part';
import { withRenderClock } from './lib/render-clock';
import { createQueryClient } from './lib/trpc';
import { App, createAppRouter } from './router';

/** A public page as the server's first paint (issue 17): the markup inside #root and the data it was made from. */
export interface RenderedApp {
  html: string;
  /** The query cache after rendering, for the browser to take the page over without fetching it again. */
  state: DehydratedState;
  status: number;
  /** When it was rendered (ms): the browser counts relative times from it while taking the page over. */
  renderedAt: number;
}

/** The longest a page waits for its data before it is rendered with what has arrived (the rest loads in the browser). */
const DATA_WAIT_MS = 3000;

/** Waits for `work`, but not past `deadline` (ms); the timer is cleared either way, none stays behind a render. */
async function untilDeadline(work: Promise<unknown>, deadline: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits until the queries the loaders started have settled (loaders prefetch what is not worth blocking on). */
async function settled(queryClient: QueryClient, deadline: number): Promise<void> {
  while (queryClient.isFetching() > 0 && Date.now() < deadline) {
    const inFlight = queryClient
      .getQueryCache()
      .findAll({ fetchStatus: 'fetching' })
      .map((q) => q.promise);
    await untilDeadline(Promise.allSettled(inFlight), deadline);
  }
}

/**
 * Renders the app at `url` for an anonymous visitor in zh-CN, with `link` answering its tRPC calls in the server's
 * own process. Null when the route sends the visitor elsewhere (a sign-in the site requires, say): the browser then
 * renders it as before.
 */
export async function renderApp(url: string, link: TRPCLink<AppRouter>): Promise<RenderedApp | null> {
  const queryClient = createQueryClient({ retry: false });
  const trpcClient = createTRPCClient<AppRouter>({ links: [link] });
  const router = createAppRouter({
    queryClient,
    trpcClient,
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  try {
    await router.load();
  } catch (e) {
    if (isRedirect(e)) return null;
    throw e;
  }
  const result = router._serverResult;
  if (result?.type !== 'render') return null;
  const deadline = Date.now() + DATA_WAIT_MS;
  await settled(queryClient, deadline);
  const app = <App router={router} queryClient={queryClient} trpcClient={trpcClient} />;
  const renderedAt = Date.now();
  let html = withRenderClock(renderedAt, () => renderToString(app));
  // A part that asked for data of its own during the render, or whose code was not loaded yet (lib/lazy-part.ts), was
  // left to the browser (`<!--$!-->`): once that has arrived, render again, so the browser takes the page over without
  // rendering any of it anew.
  for (let pass = 0; pass < 2 && html.includes('<!--$!-->') && Date.now() < deadline; pass++) {
    await Promise.all([settled(queryClient, deadline), untilDeadline(partsLoading(), deadline)]);
    html = withRenderClock(renderedAt, () => renderToString(app));
  }
  return { html, state: dehydrate(queryClient), status: result.status, renderedAt };
}

export { zoneOffsets } from './lib/render-clock';
export { SSR_STATE_ID } from './lib/ssr-state';
