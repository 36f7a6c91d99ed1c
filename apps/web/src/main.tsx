import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadLanguage, storedLanguage } from './i18n';
import { parseSearch, stringifySearch } from './lib/search-params';
import { createQueryClient, createTrpcClient, TRPCProvider } from './lib/trpc';
import { routeTree } from './routeTree.gen';
import './styles.css';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@wenku/api';

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  parseSearch,
  stringifySearch,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const root = document.getElementById('root');
// A visitor who chose English gets its texts before the first render (they load only for them).
if (root)
  void loadLanguage(storedLanguage()).finally(() => {
    document.documentElement.lang = storedLanguage();
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            <RouterProvider router={router} />
          </TRPCProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
  });
