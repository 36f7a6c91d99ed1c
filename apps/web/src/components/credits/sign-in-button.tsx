import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarCheckIcon, CalendarPlusIcon } from 'lucide-react';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { creditName } from '@/components/layout/site-settings';
import { Button } from '@/components/ui/button';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { refreshUser } from '@/lib/auth';
import { useSession } from '@/lib/session';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { cn } from '@/lib/utils';

/** Today's sign-in record of the signed-in member, and signing in (spec §4: sign id 0 means not signed today). */
export function useDailySign() {
  const { t } = useTranslation();
  const { user } = useSession();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const settings = useSiteSettings();
  // A page left open past midnight asks again when the reader comes back to it.
  const today = useQuery({ ...trpc.sign.today.queryOptions(), enabled: !!user, refetchOnWindowFocus: true });
  const sign = useMutation(
    trpc.sign.sign.mutationOptions({
      onSuccess: (record) => {
        queryClient.setQueryData(trpc.sign.today.queryKey(), record);
        toast.success(t('credits.sign.success', { award: record.award, name: creditName(settings) }));
        // The award changed the balance: the session's copy of the user and any page showing it follow.
        void refreshUser(client).catch(() => {});
        void queryClient.invalidateQueries(trpc.user.get.pathFilter());
      },
      onError: (e) => {
        toast.error(errorMessage(e, t('credits.sign.failed')));
        void today.refetch();
      },
    }),
  );
  return {
    signedIn: !!user,
    signed: (today.data?.id ?? 0) > 0,
    loading: !!user && today.isPending,
    signing: sign.isPending,
    sign: () => sign.mutate(),
  };
}

/**
 * The daily sign-in button (spec §2 Header mobile, §4): 今日已签到 and disabled once signed today; otherwise signing
 * in awards the day's credits. Renders nothing for a visitor. `compact` shows the short label.
 */
export function SignInButton({
  className,
  variant = 'outline',
  size = 'sm',
  compact = false,
  labelClassName,
}: {
  className?: string;
  /** Classes of the label (e.g. hidden on narrow headers, where the icon and the title remain). */
  labelClassName?: string;
  variant?: 'default' | 'outline' | 'secondary' | 'ghost';
  size?: 'default' | 'sm';
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const daily = useDailySign();
  if (!daily.signedIn) return null;
  const Icon = daily.signed ? CalendarCheckIcon : CalendarPlusIcon;
  const label = daily.signed ? t('credits.sign.signed') : compact ? t('credits.sign.short') : t('credits.sign.button');
  return (
    <Button
      type="button"
      variant={daily.signed ? 'ghost' : variant}
      size={size}
      className={cn(daily.signed && 'text-muted-foreground', className)}
      disabled={daily.signed || daily.loading || daily.signing}
      aria-busy={daily.signing || undefined}
      onClick={daily.sign}
      title={label}
      data-testid="sign-in-button"
    >
      <Icon />
      <span className={labelClassName}>{label}</span>
    </Button>
  );
}
