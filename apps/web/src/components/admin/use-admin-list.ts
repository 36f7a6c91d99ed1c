import { useTranslation } from '@/i18n/react';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { type ListRoute, type ListSearch, useListSearch } from './list-search';
import { useCan } from './use-can';

/**
 * What an admin list page starts with: its texts, the tRPC query proxy and client, the admin's permissions, and the
 * list's URL state (`useListSearch`: `search`, `setSearch`, `tableProps`).
 */
export function useAdminList<S extends Partial<ListSearch>>(route: ListRoute<S>) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const can = useCan();
  return { t, trpc, client, can, ...useListSearch(route) };
}
