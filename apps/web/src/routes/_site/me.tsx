import { createFileRoute, Link, Outlet, redirect } from '@tanstack/react-router';
import { AVATAR_NAV_SIZE } from '@wenku/shared';
import {
  DownloadIcon,
  FileTextIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  NewspaperIcon,
  StarIcon,
  UserRoundPenIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { loginHref } from '@/components/layout/front-check';
import { NotFoundPage } from '@/components/layout/status-pages';
import { Card } from '@/components/ui/card';
import { Avatar } from '@/components/ui/misc';
import { session, useSession } from '@/lib/session';
import { cn } from '@/lib/utils';

/**
 * The member area /me (spec §2: login required). Only overview, profile and password exist so far; the other
 * children of spec §2 arrive with their issues.
 */
export const Route = createFileRoute('/_site/me')({
  // The layout's front-check already does this; kept here so the member area never renders for a visitor.
  beforeLoad: ({ location }) => {
    if (!session.get().user) throw redirect({ href: loginHref(location.href), replace: true });
  },
  component: MeLayout,
  notFoundComponent: NotFoundPage,
});

const MENU = [
  { to: '/me', key: 'overview', icon: LayoutDashboardIcon, exact: true },
  { to: '/me/document', key: 'document', label: 'documents.mine.title', icon: FileTextIcon, exact: false },
  { to: '/me/article', key: 'article', label: 'article.mine.title', icon: NewspaperIcon, exact: false },
  { to: '/me/download', key: 'download', label: 'documents.downloads.title', icon: DownloadIcon, exact: false },
  { to: '/me/favorite', key: 'favorite', label: 'interaction.favorites.title', icon: StarIcon, exact: false },
  { to: '/me/profile', key: 'profile', icon: UserRoundPenIcon, exact: false },
  { to: '/me/password', key: 'password', icon: KeyRoundIcon, exact: false },
] as const;

function MeLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const itemClass =
    'flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground';
  const activeClass = 'bg-primary/10 text-primary hover:bg-primary/10 hover:text-primary';
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 md:grid-cols-[220px_minmax(0,1fr)] md:py-8">
      <aside className="md:sticky md:top-20 md:self-start">
        <Card className="gap-3 py-4">
          {user ? (
            <div className="hidden items-center gap-3 border-b px-4 pb-3 md:flex">
              <Avatar src={user.avatar || undefined} name={user.username} size={AVATAR_NAV_SIZE} />
              <div className="min-w-0">
                <p className="truncate font-medium">{user.username}</p>
                <p className="text-muted-foreground text-xs">{t('me.title')}</p>
              </div>
            </div>
          ) : null}
          <nav aria-label={t('me.title')} className="flex gap-1 overflow-x-auto px-2 md:flex-col">
            {MENU.map((m) => (
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
