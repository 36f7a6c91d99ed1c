import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { errorMessage } from './api-error';

/**
 * The callbacks many of the site's mutations share, to spread into `trpc.<procedure>.mutationOptions({ … })`: a
 * success toast, then `refresh` (awaited: the mutation stays pending until the lists it changed are asked again;
 * return nothing to not wait); a failure shows the server's reason in the reader's language, else `failed`, else the
 * generic text (spec §8).
 */
export function toastCallbacks({
  success,
  refresh,
  failed,
}: {
  success: string;
  refresh?: () => unknown;
  failed?: string;
}) {
  return {
    onSuccess: async () => {
      toast.success(success);
      await refresh?.();
    },
    onError: (e: unknown) => toast.error(errorMessage(e, failed)),
  };
}
