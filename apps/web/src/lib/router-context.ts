import type { QueryClient } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@wenku/api';

/** What every route's loader receives (ARCHITECTURE.md rule 10: loaders ensureQueryData with trpc options). */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: TRPCOptionsProxy<AppRouter>;
}
