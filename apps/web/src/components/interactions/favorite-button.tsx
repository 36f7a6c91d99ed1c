import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircleIcon, StarIcon } from 'lucide-react';
import * as React from 'react';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { SignInPopover } from '@/components/layout/sign-in-popover';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/areas/interaction';
import { errorMessage, toApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { cn } from '@/lib/utils';

/** What a favourite is of: 0 a document, 1 an article (spec §3). */
export type InteractionType = 0 | 1;

interface FavoriteButtonProps {
  type: InteractionType;
  /** The document's or article's id. */
  id: number;
  /** The item's favourite_count as loaded. */
  count: number;
  /** After a change the server accepted, with the new count (to update the item's cached copy). */
  onCountChange?: (count: number) => void;
  size?: 'sm' | 'default';
  className?: string;
}

/**
 * 收藏 / 取消收藏 of a document or article (moredoc-facts §11, §21.2): the caller's favourite row is the toggle state;
 * the count moves at once and goes back if the server refuses. Visitors get a prompt to sign in instead.
 */
export function FavoriteButton({ type, id, count, onCountChange, size = 'sm', className }: FavoriteButtonProps) {
  const { user } = useSession();
  const [shown, setShown] = React.useState(count);
  React.useEffect(() => setShown(count), [count]);

  if (!user) return <GuestFavoriteButton count={shown} size={size} className={className} />;
  return (
    <MemberFavoriteButton
      key={user.id}
      type={type}
      id={id}
      shown={shown}
      setShown={setShown}
      onCountChange={onCountChange}
      size={size}
      className={className}
    />
  );
}

function CountBadge({ count }: { count: number }) {
  return (
    <span className="text-muted-foreground tabular-nums" data-testid="favorite-count">
      {count}
    </span>
  );
}

function GuestFavoriteButton({
  count,
  size,
  className,
}: {
  count: number;
  size: 'sm' | 'default';
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <SignInPopover
      title={t('interaction.favorite.loginTitle')}
      hint={t('interaction.favorite.loginHint')}
      action={t('interaction.favorite.login')}
      trigger={(props) => (
        <Button
          variant="outline"
          size={size}
          className={className}
          data-testid="favorite-button"
          {...props}
          data-state="off"
        >
          <StarIcon />
          {t('interaction.favorite.add')}
          <CountBadge count={count} />
        </Button>
      )}
    />
  );
}

function MemberFavoriteButton({
  type,
  id,
  shown,
  setShown,
  onCountChange,
  size,
  className,
}: {
  type: InteractionType;
  id: number;
  shown: number;
  setShown: React.Dispatch<React.SetStateAction<number>>;
  onCountChange?: (count: number) => void;
  size: 'sm' | 'default';
  className?: string;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const input = { document_id: id, type };
  const queryKey = trpc.favorite.get.queryKey(input);
  const mine = useQuery(trpc.favorite.get.queryOptions(input));
  const row = typeof mine.data?.id === 'number' ? mine.data : null;
  const on = !!row;

  // Kept hand-written: one toggle calls favorite.create or favorite.delete (two procedures).
  const toggle = useMutation({
    mutationFn: async (add: boolean) => {
      if (add) return client.favorite.create.mutate(input);
      if (row) await client.favorite.delete.mutate({ id: [row.id] });
      return {};
    },
    onMutate: (add: boolean) => {
      const step = add ? 1 : -1;
      const next = Math.max(0, shown + step);
      setShown(next);
      return { step, next };
    },
    onSuccess: (saved, add, context) => {
      queryClient.setQueryData(queryKey, saved);
      toast.success(add ? t('interaction.favorite.added') : t('interaction.favorite.removed'));
      onCountChange?.(context.next);
      void queryClient.invalidateQueries(trpc.favorite.list.pathFilter());
      void queryClient.invalidateQueries(trpc.user.get.pathFilter());
    },
    onError: (e, _add, context) => {
      if (context) setShown((c) => Math.max(0, c - context.step));
      toast.error(errorMessage(e, t('interaction.favorite.failed')));
      // 409 (already a favourite) or 404 (gone meanwhile): the state here was stale.
      if ([404, 409].includes(toApiError(e).status)) void mine.refetch();
    },
  });

  const busy = mine.isPending || toggle.isPending;
  return (
    <Button
      variant="outline"
      size={size}
      className={cn(on && 'border-amber-300 text-amber-600 dark:border-amber-700 dark:text-amber-400', className)}
      aria-pressed={on}
      disabled={busy}
      onClick={() => toggle.mutate(!on)}
      data-testid="favorite-button"
      data-state={on ? 'on' : 'off'}
    >
      {toggle.isPending ? (
        <LoaderCircleIcon className="animate-spin" />
      ) : (
        <StarIcon className={cn(on && 'fill-current')} />
      )}
      {on ? t('interaction.favorite.remove') : t('interaction.favorite.add')}
      <CountBadge count={shown} />
    </Button>
  );
}
