import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadLanguage, storedLanguage } from './i18n';
import { holdRenderClock } from './lib/render-clock';
import { expiredLoginHref, setSessionExpiredHandler } from './lib/session-expiry';
import { SSR_STATE_ID } from './lib/ssr-state';
import { createQueryClient, createTrpcClient } from './lib/trpc';
import { cn } from './lib/utils';
import { yieldToBrowser } from './lib/yield-to-browser';
import { App, createAppRouter } from './router';

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const router = createAppRouter({ queryClient, trpcClient });

// An ended session leads to sign-in, with the notice and the way back to the page the member was on (issue 20).
setSessionExpiredHandler(() => {
  // The location asked for (while a navigation loads, the page wanted rather than the one still shown).
  const { pathname, searchStr, hash } = router.state.location;
  const href = `${pathname}${searchStr}${hash ? `#${hash}` : ''}`;
  void router.navigate({ href: expiredLoginHref(href), replace: true });
});

/** The data the server rendered this page from (a JSON block, never executed), if it rendered it. */
function serverState(): DehydratedState | null {
  const text = document.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return null;
  }
}

/**
 * The server's data counted as fresh from the moment the page is taken over, not from when the server rendered it:
 * it is what the visitor is looking at, and the page may come from the server's cache (`ssr.cache_seconds`, 60 s by
 * default, longer than the queries' 30 s). Stale on arrival, every query of the page was fetched again while the
 * page was being taken over, and each answer landing then made React finish the take-over in one blocking task
 * (1 s on a slow phone, issue 17). They are fetched again as any query is, once older than their stale time.
 */
function freshFromNow(state: DehydratedState): DehydratedState {
  const now = Date.now();
  return {
    ...state,
    queries: state.queries.map((q) =>
      q.state.status === 'success' ? { ...q, state: { ...q.state, dataUpdatedAt: now } } : q,
    ),
  };
}

/** Starts the app in `root`: takes over the page the server painted, or renders it. */
export async function start(root: HTMLElement) {
  const painted = !!root.firstElementChild;
  // Evaluating the app's modules was a task of its own; taking over the page starts in the next.
  if (painted) await yieldToBrowser();
  const language = storedLanguage();
  // A visitor who chose English gets its texts before the first render (they load only for them).
  await loadLanguage(language);
  document.documentElement.lang = language;
  const state = serverState();
  if (state) hydrate(queryClient, freshFromNow(state));
  const app = <App router={router} queryClient={queryClient} trpcClient={trpcClient} />;
  // The server painted this page for an anonymous zh-CN reader (issue 17): with its data in the cache and the
  // route's code loaded, the app takes the same markup over instead of painting it again. Signed-in members see
  // the anonymous header for that moment; a reader in English gets the page rendered anew in English.
  if (state && language === 'zh-CN' && painted) {
    await router.load();
    router.ssr = { manifest: undefined };
    // Relative times count from the moment the server rendered the page (it may come from its cache), and dates are
    // written in the server's time zone, while the app takes it over: the same text as painted, no mismatch.
    const painted = document.getElementById(SSR_STATE_ID)?.dataset;
    holdRenderClock(Number(painted?.at), painted?.tz, painted?.tzo);
    // Matching and loading the route was a task of its own. The class merger builds its tables on first use (~9 ms
    // here, four times that on a phone): done in a task of its own too, not inside the first slice of hydration.
    await yieldToBrowser();
    cn('p-0', 'p-1');
    await yieldToBrowser();
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for
    // the whole page (total blocking time on a slow phone).
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
}
