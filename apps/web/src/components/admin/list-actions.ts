import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { errorMessage } from '@/lib/api-error';
import { type ConfirmOptions, useConfirm } from './confirm-dialog';
import type { InvalidateFilter } from './entity-mutations';

/** One action on rows of a list: the call, and the toast that says it is done. */
export interface ListAction {
  action: () => Promise<unknown>;
  success: string;
}

/** A list action behind the confirmation dialog; `done` runs after it succeeded (bulk actions clear the selection). */
export type ConfirmedListAction = Omit<ConfirmOptions, 'onConfirm'> & ListAction & { done?: () => void };

/**
 * Actions on the rows of an admin list (review, recommend, restore, delete…): `run` calls one, a toast says it is
 * done and every query under `refresh` (the entity router's `pathFilter()`) refreshes; a failure shows the server's
 * message. `confirmRun` asks first in the shared confirmation dialog. Both stay the same from render to render.
 */
export function useListActions(refresh: InvalidateFilter) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const latest = React.useRef(refresh);
  latest.current = refresh;
  // Kept hand-written: the action is whatever call the list passes (any procedure), not one procedure's mutation.
  const { mutateAsync: run } = useMutation({
    mutationFn: ({ action }: ListAction) => action(),
    onSuccess: async (_, { success }) => {
      toast.success(success);
      await queryClient.invalidateQueries(latest.current);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const confirmRun = React.useCallback(
    ({ action, success, done, ...dialog }: ConfirmedListAction) =>
      confirm({
        ...dialog,
        onConfirm: async () => {
          await run({ action, success });
          done?.();
        },
      }),
    [confirm, run],
  );
  return { run, confirmRun };
}
