import { BREAKPOINT_MOBILE } from '@wenku/shared';
import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** spec §2 responsive classes: mobile under 768px, otherwise tablet or desktop. */
export const DESKTOP_QUERY = `(min-width: ${BREAKPOINT_MOBILE}px)`;

export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY);
}
