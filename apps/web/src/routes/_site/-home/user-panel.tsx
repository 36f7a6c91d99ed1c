import { useQuery } from '@tanstack/react-query';
import { SignInButton } from '@/components/credits/sign-in-button';
import { creditName } from '@/components/layout/site-settings';
import { SmartLink } from '@/components/layout/smart-link';
import { LazyAvatar as Avatar } from '@/components/ui/lazy-avatar';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/react';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { cn, formatCount } from '@/lib/utils';
import { HOME_INPUTS } from './home-blocks';
import { GuestGreeting } from './welcome-card';

const CARD = 'grid gap-4 rounded-xl border bg-card p-4 shadow-xs';

/**
 * The member's card of V2 (moredoc-facts §21.1): avatar, name, signature (or 暂无个性签名), their documents,
 * articles and credits, then the daily sign-in button; a guest gets the sign-in greeting.
 * The figures are read fresh from the server; the session's copy shows until they arrive.
 */
export function UserPanel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const settings = useSiteSettings();
  const { user } = useSession();
  const me = useQuery({ ...trpc.user.get.queryOptions(HOME_INPUTS.me), enabled: !!user });
  if (!user) {
    return (
      <div className={cn(CARD, className)} data-testid="home-user-panel">
        <GuestGreeting />
      </div>
    );
  }
  const fresh = me.data?.id === user.id ? me.data : undefined;
  const figures: { key: string; label: string; value: number }[] = [
    { key: 'documents', label: t('home.v2.documents'), value: fresh?.doc_count ?? user.doc_count },
    { key: 'articles', label: t('home.v2.articles'), value: fresh?.article_count ?? user.article_count },
    {
      key: 'credits',
      label: creditName(settings),
      value: (fresh && 'credit_count' in fresh ? fresh.credit_count : undefined) ?? user.credit_count,
    },
  ];
  const signature = (fresh?.signature ?? user.signature).trim();
  return (
    <div className={cn(CARD, className)} data-testid="home-user-panel">
      <SmartLink href="/me" className="group flex min-w-0 items-center gap-3">
        <Avatar
          src={(fresh?.avatar ?? user.avatar) || undefined}
          name={user.username}
          size={56}
          vip={fresh?.is_vip ?? user.is_vip}
        />
        <span className="min-w-0">
          <span className="block truncate font-semibold group-hover:text-primary">{user.username}</span>
          <span className="line-clamp-2 text-muted-foreground text-xs">{signature || t('home.v2.noSignature')}</span>
        </span>
      </SmartLink>
      <dl className="grid grid-cols-3 divide-x rounded-lg bg-muted/50 py-2.5" aria-label={t('home.v2.userStats')}>
        {figures.map((f) => (
          // The figure shows above its label; the term comes first for assistive technology.
          <div key={f.key} className="flex min-w-0 flex-col-reverse items-center gap-0.5 px-2" data-stat={f.key}>
            <dt className="max-w-full truncate text-muted-foreground text-xs">{f.label}</dt>
            <dd className="font-semibold text-lg tabular-nums leading-6">{formatCount(f.value)}</dd>
          </div>
        ))}
      </dl>
      <SignInButton className="w-full" />
    </div>
  );
}
