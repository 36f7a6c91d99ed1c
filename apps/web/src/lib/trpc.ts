import { QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@wenku/api';
import { HTTP_TIMEOUT_MS } from '@wenku/shared';
import i18n from '@/i18n';
import { toApiError } from './api-error';
import { session } from './session';
import { sessionExpiryLink } from './session-expiry';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** Every call times out after 30 s (spec §7) and carries the bearer token when one exists. */
const timedFetch: typeof fetch = (input, init) => {
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  return fetch(input, { ...init, signal });
};

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      sessionExpiryLink,
      httpBatchLink({
        url: '/api/trpc',
        maxURLLength: 4000,
        fetch: timedFetch,
        headers() {
          const { token } = session.get();
          // The server words bad-input messages in the language asked for: the page's, not the browser's.
          const language = { 'accept-language': i18n.language === 'en' ? 'en' : 'zh-CN' };
          return token ? { ...language, authorization: `Bearer ${token}` } : language;
        },
      }),
    ],
  });
}

/** The app's query cache; `retry: false` for the server's first render, which has no one to wait for a retry. */
export function createQueryClient(opts: { retry?: false } = {}) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error) {
        // A stored token the server no longer accepts (revoked, password changed, disabled): sign out locally. The
        // browser's tRPC link has done so already and led to sign-in (session-expiry.ts); this covers other clients.
        if (toApiError(error).status === 401 && session.get().token) session.clear();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry:
          opts.retry ??
          ((count, error) => {
            const status = toApiError(error).status;
            return status >= 500 || status === 0 ? count < 2 : false;
          }),
        refetchOnWindowFocus: false,
      },
    },
  });
}
