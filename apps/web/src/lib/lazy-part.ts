import { type ComponentType, lazy } from 'react';
import { isChunkLoadError, reloadForChunkError, sessionStorageOrUndefined } from '@/components/layout/chunk-reload';

/** The parts whose code is on its way: the server renders a page again once they have arrived. */
const loading = new Set<Promise<unknown>>();

/** What a part whose code could not be fetched shows by default: nothing (the rest of the page stays). */
const Nothing = () => null;

/**
 * `React.lazy` for a part of a painted page that a visitor reaches only by scrolling (a footer, comments): its code
 * loads when the part is taken over (components/layout/hydrate-when-visible.tsx), not with the page (issue 17: the
 * script a public page needs before it is interactive). The server paints it as any part: its first render of such a
 * part leaves it to the browser, and renders the page again once the code has arrived (`partsLoading`, in
 * entry-server.tsx); later renders find it loaded.
 * Code that cannot be fetched (a new deployment replaced it, the network is gone) does not take the page down: the
 * page reloads as for any failed chunk (spec §4, at most once a minute), else the part shows `failed` instead.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, failed: ComponentType<P> = Nothing) {
  return lazy(async () => {
    const part = load();
    loading.add(part);
    try {
      return { default: await part };
    } catch (error) {
      if (typeof window !== 'undefined' && isChunkLoadError(error)) {
        reloadForChunkError(sessionStorageOrUndefined(), Date.now(), () => window.location.reload());
      }
      return { default: failed };
    } finally {
      loading.delete(part);
    }
  });
}

/** Settles when the code of every part asked for so far has arrived (or failed). */
export function partsLoading(): Promise<unknown> {
  return Promise.allSettled([...loading]);
}
