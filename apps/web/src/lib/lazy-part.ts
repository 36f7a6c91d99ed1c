import { type ComponentType, lazy } from 'react';

/** The parts whose code is on its way: the server renders a page again once they have arrived. */
const loading = new Set<Promise<unknown>>();

/**
 * `React.lazy` for a part of a painted page that a visitor reaches only by scrolling (a footer, comments): its code
 * loads when the part is taken over (components/layout/hydrate-when-visible.tsx), not with the page (issue 17: the
 * script a public page needs before it is interactive). The server paints it as any part: its first render of such a
 * part leaves it to the browser, and renders the page again once the code has arrived (`partsLoading`, in
 * entry-server.tsx); later renders find it loaded.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const part = load();
    loading.add(part);
    try {
      return { default: await part };
    } finally {
      loading.delete(part);
    }
  });
}

/** Settles when the code of every part asked for so far has arrived (or failed). */
export function partsLoading(): Promise<unknown> {
  return Promise.allSettled([...loading]);
}
