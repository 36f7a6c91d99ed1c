import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, type RouterHistory, RouterProvider } from '@tanstack/react-router';
import type { TRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@wenku/api';
import { StrictMode, useCallback } from 'react';
import { SiteSettingsProvider } from './hooks/use-site-settings';
import { parseSearch, stringifySearch } from './lib/search-params';
import { TRPCProvider } from './lib/trpc';
import { routeTree } from './routeTree.gen';

/**
 * The app's router, the same in the browser and in the server's first render (issue 17: the server renders public
 * pages with these routes, loaders and components, and the browser takes the page over).
 */
export function createAppRouter(opts: {
  queryClient: QueryClient;
  trpcClient: TRPCClient<AppRouter>;
  /** The server's render: a memory history, and no scroll-restoration script (the CSP runs no inline script). */
  history?: RouterHistory;
}) {
  const { queryClient, trpcClient, history } = opts;
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  return createRouter({
    routeTree,
    history,
    context: { queryClient, trpc },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: !history,
    parseSearch,
    stringifySearch,
  });
}

export type AppRouterInstance = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouterInstance;
  }
}

/** The whole app: query cache, tRPC, the public settings and the router. */
export function App(props: { router: AppRouterInstance; queryClient: QueryClient; trpcClient: TRPCClient<AppRouter> }) {
  const { router } = props;
  const onNavigated = useCallback((listener: () => void) => router.subscribe('onResolved', listener), [router]);
  return (
    <StrictMode>
      <QueryClientProvider client={props.queryClient}>
        <TRPCProvider trpcClient={props.trpcClient} queryClient={props.queryClient}>
          <SiteSettingsProvider onNavigated={onNavigated}>
            <RouterProvider router={router} />
          </SiteSettingsProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
