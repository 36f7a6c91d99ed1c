import { useEffect } from 'react';
import { reloadForChunkError, sessionStorageOrUndefined } from '@/components/layout/chunk-reload';

/**
 * spec §4: a failed code-chunk load reloads the page at most once per minute. Vite reports failed preloads with
 * `vite:preloadError`; failures inside route loading reach the error page, which applies the same rule.
 */
export function useChunkReload() {
  useEffect(() => {
    const onPreloadError = (e: Event) => {
      if (reloadForChunkError(sessionStorageOrUndefined(), Date.now(), () => window.location.reload())) {
        e.preventDefault();
      }
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);
}
