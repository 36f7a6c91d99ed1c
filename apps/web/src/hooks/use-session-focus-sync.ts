import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { session } from '@/lib/session';

/**
 * spec §4: on window focus the session is re-synced from storage when the stored token differs (another tab signed
 * in or out). Cached answers may belong to the previous account, so they are refreshed, and the routes re-run their
 * front-check with the new session.
 */
export function useSessionFocusSync() {
  const router = useRouter();
  const queryClient = useQueryClient();
  useEffect(() => {
    const onFocus = () => {
      if (!session.resyncFromStorage()) return;
      void queryClient.invalidateQueries();
      void router.invalidate();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [router, queryClient]);
}
