import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@wenku/shared';
import { useTRPC } from '@/lib/trpc';

/**
 * The public settings (spec §3 groups). The `_site` layout loader ensures them, so under it they are present;
 * elsewhere (error pages) the caller copes with `undefined`.
 */
export function useSiteSettings(): PublicSettings | undefined {
  const trpc = useTRPC();
  return useQuery(trpc.system.settings.queryOptions()).data;
}
