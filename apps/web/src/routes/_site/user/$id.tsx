import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, Outlet } from '@tanstack/react-router';
import { AVATAR_DEFAULT_SIZE } from '@wenku/shared';
import { FileTextIcon, HouseIcon, NewspaperIcon } from 'lucide-react';
import { AdSlot } from '@/components/ads/ad-slot';
import { creditName } from '@/components/layout/site-settings';
import { NotFoundPage } from '@/components/layout/status-pages';
import { UserAvatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { Badge, Skeleton } from '@/components/ui/misc';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/areas/member';
import { orNotFound } from '@/lib/loader-not-found';
import { useTRPC } from '@/lib/trpc';
import { userIdOf } from './-components/user-id';

/**
 * spec §2 /user/{id}: a member's public home page — profile card and tabs; the children are the home (''), the
 * documents and the articles.
 */
export const Route = createFileRoute('/_site/user/$id')({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const id = userIdOf(params.id);
    if (id === null) throw notFound();
    await orNotFound(
      Promise.all([
        queryClient.ensureQueryData(trpc.user.get.queryOptions({ id })),
        queryClient.ensureQueryData(trpc.system.settings.queryOptions()),
      ]),
    );
  },
  pendingComponent: UserPending,
  notFoundComponent: NotFoundPage,
  component: UserLayout,
});

const TABS = [
  { to: '/user/$id', key: 'home', icon: HouseIcon, exact: true },
  { to: '/user/$id/document', key: 'documents', icon: FileTextIcon, exact: false },
  { to: '/user/$id/article', key: 'articles', label: 'article.user.tab', icon: NewspaperIcon, exact: false },
] as const;

function UserLayout() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const { id } = Route.useParams();
  const { data: user } = useSuspenseQuery(trpc.user.get.queryOptions({ id: userIdOf(id) ?? 0 }));
  const { data: settings } = useSuspenseQuery(trpc.system.settings.queryOptions());
  usePageTitle(t('me.user.pageTitle', { username: user.username }));
  const stats = [
    { key: 'documents', label: t('me.user.documents'), value: user.doc_count },
    { key: 'articles', label: t('me.user.articles'), value: user.article_count },
    { key: 'credits', label: t('me.user.credits', { name: creditName(settings) }), value: user.credit_count },
  ];
  // TanStack Link appends activeProps/inactiveProps to className, so the colours live only in those two.
  const tabClass =
    'flex items-center gap-2 whitespace-nowrap border-b-2 px-4 py-3 font-medium text-sm transition-colors';
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-6 md:py-8">
      <AdSlot position="user_top" />
      <Card className="gap-0 overflow-hidden py-0">
        <div className="h-28 bg-gradient-to-r from-primary via-indigo-500 to-sky-500 md:h-36" />
        <div className="flex flex-col items-center gap-3 px-6 pb-6 text-center md:flex-row md:items-start md:text-left">
          <UserAvatar user={user} size={AVATAR_DEFAULT_SIZE} className="-mt-10 ring-4 ring-card" />
          <div className="min-w-0 flex-1 md:pt-3">
            <h1 className="flex items-center justify-center gap-2 font-semibold text-2xl md:justify-start">
              <span className="truncate">{user.username}</span>
              {user.is_vip ? <Badge variant="warning">{t('me.user.vip')}</Badge> : null}
            </h1>
            <p className="mt-1 text-muted-foreground text-sm">{user.signature || t('me.user.noSignature')}</p>
            <p className="mt-1 text-muted-foreground text-xs">
              {t('me.user.joinedAt', { date: new Date(user.created_at).toLocaleDateString(i18n.language) })}
            </p>
          </div>
          <dl className="grid grid-cols-3 gap-6 text-center md:pt-4">
            {stats.map((s) => (
              <div key={s.key}>
                <dt className="text-muted-foreground text-xs">{s.label}</dt>
                <dd className="font-semibold text-xl tabular-nums">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <nav aria-label={t('me.user.tabsLabel')} className="flex overflow-x-auto border-t px-2 md:px-4">
          {TABS.map((tab) => (
            <Link
              key={tab.key}
              to={tab.to}
              params={{ id }}
              activeOptions={{ exact: tab.exact, includeSearch: false }}
              className={tabClass}
              activeProps={{ className: 'border-primary text-primary', 'aria-current': 'page' }}
              inactiveProps={{ className: 'border-transparent text-muted-foreground hover:text-foreground' }}
            >
              <tab.icon className="size-4" />
              {t('label' in tab ? tab.label : `me.user.tabs.${tab.key}`)}
            </Link>
          ))}
        </nav>
      </Card>
      <Outlet />
    </div>
  );
}

function UserPending() {
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8">
      <Skeleton className="h-72 rounded-xl" />
      <Skeleton className="h-32 rounded-xl" />
    </div>
  );
}
