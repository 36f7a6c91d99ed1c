import { useIsFetching, useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import { HIDDEN, PageProgress, type ProgressState } from './progress';

/**
 * The page-load progress bar of spec §4/§9, driven by the router's pending navigations and the in-flight requests.
 * A failed request marks it failed; silent requests (advertisements, spec §8) neither show nor fail it.
 */
export function ProgressBar() {
  const queryClient = useQueryClient();
  const navigating = useRouterState({ select: (s) => s.status === 'pending' });
  const fetching = useIsFetching({ predicate: (q) => !q.meta?.silent });
  const mutating = useIsMutating();
  const [state, setState] = useState<ProgressState>(HIDDEN);
  const bar = useRef<PageProgress | null>(null);
  if (!bar.current) bar.current = new PageProgress(setState);
  const busy = navigating || fetching > 0 || mutating > 0;

  useEffect(() => {
    if (busy) bar.current?.start();
    else bar.current?.finish();
  }, [busy]);

  useEffect(() => {
    const offQueries = queryClient.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error' && !e.query.meta?.silent) bar.current?.fail();
    });
    const offMutations = queryClient.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') bar.current?.fail();
    });
    return () => {
      offQueries();
      offMutations();
      bar.current?.dispose();
    };
  }, [queryClient]);

  return (
    <div
      aria-hidden
      className={cn(
        'pointer-events-none fixed inset-x-0 top-0 z-[100] h-0.5 transition-opacity duration-300',
        state.visible ? 'opacity-100' : 'opacity-0',
      )}
      data-testid="page-progress"
      data-failed={state.failed || undefined}
    >
      <div
        className={cn(
          'h-full transition-[width] duration-200 ease-out',
          state.failed ? 'bg-destructive' : 'bg-primary shadow-[0_0_8px_var(--color-primary)]',
        )}
        style={{ width: `${state.percent}%` }}
      />
    </div>
  );
}
