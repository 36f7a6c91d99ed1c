import { useEffect } from 'react';
import { isChunkLoadError, reloadForChunkError, sessionStorageOrUndefined } from '@/components/layout/chunk-reload';

/**
 * spec §4: a failed code-chunk load reloads the page at most once per minute. A lazily loaded piece the page asked
 * for outside a route (a menu, a dialog, a popover on a press) fails as a rejected `import()` nobody handles; failures
 * inside route loading and lazy components reach the error page, which applies the same rule.
 */
export function useChunkReload() {
  useEffect(() => {
    const onRejection = (e: PromiseRejectionEvent) => {
      if (!isChunkLoadError(e.reason)) return;
      if (reloadForChunkError(sessionStorageOrUndefined(), Date.now(), () => window.location.reload())) {
        e.preventDefault();
      }
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);
}
