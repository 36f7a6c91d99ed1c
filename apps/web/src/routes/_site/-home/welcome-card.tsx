import { useQuery } from '@tanstack/react-query';
import { FileTextIcon, NewspaperIcon, SquarePenIcon, UploadIcon, UsersIcon } from 'lucide-react';
import { SignInButton } from '@/components/credits/sign-in-button';
import { settingBool } from '@/components/layout/site-settings';
import { SmartLink } from '@/components/layout/smart-link';
import { buttonVariants } from '@/components/ui/button';
import { LazyAvatar as Avatar } from '@/components/ui/lazy-avatar';
import { Skeleton } from '@/components/ui/misc';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/react';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { cn, formatCount } from '@/lib/utils';
import { type HomeStatKey, homeLayout, homeStats } from './home-blocks';

const STAT_ICONS: Record<HomeStatKey, typeof FileTextIcon> = {
  document: FileTextIcon,
  article: NewspaperIcon,
  user: UsersIcon,
};

/**
 * The visitor's card beside the recommended documents (moredoc-facts §21.1 V1 item 3): the site's figures as the
 * display flags allow, then a greeting with upload and post links and the daily sign-in, or sign-in and registration for a guest.
 */
export function WelcomeCard({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className={cn('grid gap-4 rounded-xl border bg-card p-4 shadow-xs', className)} data-testid="home-welcome">
      <SiteStats />
      {user ? (
        <>
          <SmartLink href="/me" className="group flex min-w-0 items-center gap-3">
            <Avatar src={user.avatar || undefined} name={user.username} size={48} vip={user.is_vip} />
            <span className="min-w-0">
              <span className="block text-muted-foreground text-xs">{t('home.welcome.hello')}</span>
              <span className="block truncate font-medium group-hover:text-primary">{user.username}</span>
            </span>
          </SmartLink>
          <div className="grid grid-cols-2 gap-2">
            <SmartLink href="/upload" className={buttonVariants({ size: 'sm' })}>
              <UploadIcon />
              {t('home.welcome.upload')}
            </SmartLink>
            <SmartLink href="/post" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <SquarePenIcon />
              {t('home.welcome.post')}
            </SmartLink>
          </div>
          <SignInButton className="w-full" />
        </>
      ) : (
        <GuestGreeting />
      )}
    </div>
  );
}

/**
 * The site's figures (moredoc-facts §21.1: "N 文档" and "N 文章" with `show_document_count`, "N 用户" with
 * `show_register_user_count`); nothing when both flags are off or the figures cannot be loaded.
 */
export function SiteStats({ className }: { className?: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const settings = useSiteSettings();
  const layout = homeLayout(settings);
  const wanted = layout.showDocumentCount || layout.showUserCount;
  const stats = useQuery({ ...trpc.system.stats.queryOptions(), enabled: useCanBrowse() && wanted });
  const figures = homeStats(stats.data, layout);
  // The placeholder keeps the block's shape and rounding, in the skeleton's own colour.
  if (wanted && stats.isPending) return <Skeleton className={cn('h-14', className, 'bg-accent')} />;
  if (figures.length === 0) return null;
  return (
    <dl className={cn('flex divide-x rounded-lg bg-muted/50 py-2.5', className)} data-testid="home-stats">
      {figures.map(({ key, value }) => {
        const Icon = STAT_ICONS[key];
        return (
          // The figure shows above its label; the term comes first for assistive technology.
          <div key={key} className="flex min-w-0 flex-1 flex-col-reverse items-center gap-0.5 px-2">
            <dt className="inline-flex items-center gap-1 text-muted-foreground text-xs">
              <Icon className="size-3.5" aria-hidden />
              {t(`home.stats.${key}`)}
            </dt>
            <dd className="font-semibold text-lg tabular-nums leading-6">{formatCount(value)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** A guest's greeting: 欢迎您，游客, then sign-in and, when the site allows it, registration. */
export function GuestGreeting() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const canRegister = settingBool(settings, 'security', 'enable_register');
  return (
    <>
      <div>
        <p className="font-medium">{t('home.welcome.guest')}</p>
        <p className="mt-0.5 text-muted-foreground text-sm">{t('home.welcome.guestTip')}</p>
      </div>
      <div className={cn('grid gap-2', canRegister && 'grid-cols-2')}>
        <SmartLink href="/login" className={buttonVariants({ size: 'sm' })}>
          {t('home.welcome.login')}
        </SmartLink>
        {canRegister ? (
          <SmartLink href="/register" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            {t('home.welcome.register')}
          </SmartLink>
        ) : null}
      </div>
    </>
  );
}
