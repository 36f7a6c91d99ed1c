import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { useTranslation } from '@/i18n/react';
import { useConfirm } from './confirm-dialog';
import { reportFormError } from './form-errors';

/** What `invalidateQueries` takes: a tRPC router's or procedure's `pathFilter()`. */
export type InvalidateFilter = Parameters<QueryClient['invalidateQueries']>[0];

/** Refreshes every query under the filters, e.g. the entity's lists and the public settings built from them. */
export function useInvalidate(...filters: InvalidateFilter[]): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return () => Promise.all(filters.map((f) => queryClient.invalidateQueries(f)));
}

/**
 * Callbacks of a mutation fired from a list (switch flipped, rows deleted): optionally a success toast, then the
 * lists refresh; a failure shows the server's message (spec §8), e.g. why rows still in use cannot be deleted.
 */
export function listActionCallbacks(refresh: () => Promise<unknown>, successText?: string) {
  return {
    onSuccess: async () => {
      if (successText) toast.success(successText);
      await refresh();
    },
    onError: (e: unknown) => reportFormError(null, e),
  };
}

/**
 * Deleting rows after a confirmation: `askDelete(rows, done)` opens the shared confirm dialog; on confirm `remove`
 * deletes the rows' ids, a toast says so and the lists refresh; `done` then runs (bulk deletes clear the selection
 * with it). A refusal (rows still in use, built-in rows) shows the server's message.
 */
export function useConfirmedDelete<T extends { id: number }>(options: {
  title: string;
  description: (rows: T[]) => string;
  remove: (id: number[]) => Promise<unknown>;
  refresh: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  // The latest texts and calls without making `askDelete` change on every render (table columns depend on it).
  const latest = React.useRef(options);
  latest.current = options;
  // Kept hand-written: `remove` is any entity's delete, passed by the caller, not one procedure's mutation.
  const { mutateAsync: remove } = useMutation({
    mutationFn: (id: number[]) => latest.current.remove(id),
    ...listActionCallbacks(() => latest.current.refresh(), t('admin.common.deleted')),
  });
  return React.useCallback(
    (rows: T[], done?: () => void) => {
      const { title, description } = latest.current;
      confirm({
        title,
        description: description(rows),
        destructive: true,
        confirmText: t('delete'),
        onConfirm: async () => {
          await remove(rows.map((r) => r.id));
          done?.();
        },
      });
    },
    [confirm, t, remove],
  );
}
