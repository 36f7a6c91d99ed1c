import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicSettings } from '@wenku/shared';
import { createContext, createElement, type ReactNode, useContext, useEffect } from 'react';
import { useTRPC } from '@/lib/trpc';

const SiteSettingsContext = createContext<PublicSettings | undefined>(undefined);

/**
 * The public settings for the whole app, read through one query observer (`SiteSettingsProvider`, mounted once by
 * `App`). A page reads them in dozens of places (every avatar, ad slot, card and access check): one observer each
 * made taking over a painted page create, compare and subscribe dozens of identical observers (issue 17, total
 * blocking time on a phone).
 *
 * `onNavigated` is how the provider keeps them as fresh as before: an observer mounted on a newer page fetched them
 * again once older than the queries' stale time; the provider asks for that after each navigation.
 */
export function SiteSettingsProvider(props: {
  children: ReactNode;
  onNavigated?: (listener: () => void) => () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.system.settings.queryOptions()).data;
  const { onNavigated } = props;
  useEffect(() => {
    if (!onNavigated) return;
    // Fetched again only when stale (prefetchQuery honours the stale time); an error keeps the settings shown.
    return onNavigated(() => void queryClient.prefetchQuery(trpc.system.settings.queryOptions()));
  }, [onNavigated, queryClient, trpc]);
  return createElement(SiteSettingsContext.Provider, { value: settings }, props.children);
}

/**
 * The public settings (spec §3 groups). The `_site` layout loader ensures them, so under it they are present;
 * elsewhere (error pages, a component rendered outside the app) the caller copes with `undefined`.
 */
export function useSiteSettings(): PublicSettings | undefined {
  return useContext(SiteSettingsContext);
}
