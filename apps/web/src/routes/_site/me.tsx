import { createFileRoute, Link, Outlet, redirect } from '@tanstack/react-router';
import { AVATAR_NAV_SIZE } from '@wenku/shared';
import {
  CrownIcon,
  DownloadIcon,
  FileTextIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  NewspaperIcon,
  ReceiptTextIcon,
  StarIcon,
  UserRoundPenIcon,
} from 'lucide-react';
import { loginHref } from '@/components/layout/front-check';
import { settingBool } from '@/components/layout/site-settings';
import { NotFoundPage } from '@/components/layout/status-pages';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/areas/member';
import { session, useSession } from '@/lib/session';
import { cn } from '@/lib/utils';

/** The member area /me (spec §2: login required) and its menu. */
export const Route = createFileRoute('/_site/me')({
  // The layout's front-check already does this; kept here so the member area never renders for a visitor.
  beforeLoad: ({ location }) => {
    if (!session.get().user) throw redirect({ href: loginHref(location.href), replace: true });
  },
  component: MeLayout,
  notFoundComponent: NotFoundPage,
});

/**
 * moredoc Pro's order (moredoc-pro-facts §2.5); 我的VIP needs `vip.enable`, 我的订单 `display.show_order`. Labels are
 * `me.menu.<key>` unless named: the pages' own titles are in i18n/areas/account, which this layout does not load.
 */
const MENU = [
  { to: '/me', key: 'overview', icon: LayoutDashboardIcon, exact: true },
  { to: '/me/vip', key: 'vip', icon: CrownIcon, exact: false },
  { to: '/me/order', key: 'order', icon: ReceiptTextIcon, exact: false },
  { to: '/me/document', key: 'document', icon: FileTextIcon, exact: false },
  { to: '/me/article', key: 'article', icon: NewspaperIcon, exact: false },
  { to: '/me/favorite', key: 'favorite', label: 'interaction.favorites.title', icon: StarIcon, exact: false },
  { to: '/me/download', key: 'download', icon: DownloadIcon, exact: false },
  { to: '/me/profile', key: 'profile', icon: UserRoundPenIcon, exact: false },
  { to: '/me/password', key: 'password', icon: KeyRoundIcon, exact: false },
] as const;

function MeLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const settings = useSiteSettings();
  const menu = MENU.filter(
    (m) =>
      (m.key !== 'vip' || settingBool(settings, 'vip', 'enable')) &&
      (m.key !== 'order' || settingBool(settings, 'display', 'show_order')),
  );
  const itemClass =
    'flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground';
  const activeClass = 'bg-primary/10 text-primary hover:bg-primary/10 hover:text-primary';
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 md:grid-cols-[220px_minmax(0,1fr)] md:py-8">
      <aside className="md:sticky md:top-20 md:self-start">
        <Card className="gap-3 py-4">
          {user ? (
            <div className="hidden items-center gap-3 border-b px-4 pb-3 md:flex">
              <Avatar src={user.avatar || undefined} name={user.username} size={AVATAR_NAV_SIZE} vip={user.is_vip} />
              <div className="min-w-0">
                <p className="truncate font-medium">{user.username}</p>
                <p className="text-muted-foreground text-xs">{t('me.title')}</p>
              </div>
            </div>
          ) : null}
          <nav aria-label={t('me.title')} className="flex gap-1 overflow-x-auto px-2 md:flex-col">
            {menu.map((m) => (
              <Link
                key={m.key}
                to={m.to}
                activeOptions={{ exact: m.exact }}
                className={itemClass}
                activeProps={{ className: cn(itemClass, activeClass), 'aria-current': 'page' }}
              >
                <m.icon className="size-4" />
                {t('label' in m ? m.label : `me.menu.${m.key}`)}
              </Link>
            ))}
          </nav>
        </Card>
      </aside>
      <section className="min-w-0">
        <Outlet />
      </section>
    </div>
  );
}
