import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AVATAR_DEFAULT_SIZE } from '@wenku/shared';
import { CoinsIcon, FileTextIcon, HeartIcon, NewspaperIcon } from 'lucide-react';
import type * as React from 'react';
import { ActivityFeed } from '@/components/interactions/activity-feed';
import { creditName } from '@/components/layout/site-settings';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Badge } from '@/components/ui/misc';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/areas/member';
import { groupTitle } from '@/lib/seeded-names';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { MePending } from './-components/me-pending';
import { ME_INPUT } from './-components/me-query';

export const Route = createFileRoute('/_site/me/')({
  loader: ({ context: { queryClient, trpc } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.user.get.queryOptions(ME_INPUT)),
      queryClient.ensureQueryData(trpc.system.settings.queryOptions()),
    ]),
  pendingComponent: MePending,
  component: Overview,
});

/** /me overview (moredoc-facts §21.7): avatar 80, name, signature, credits with the credit name, groups. */
function Overview() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const { data: user } = useSuspenseQuery(trpc.user.get.queryOptions(ME_INPUT));
  const { data: settings } = useSuspenseQuery(trpc.system.settings.queryOptions());
  const { groups } = useSession();
  usePageTitle(t('me.title'));
  const credit = creditName(settings);
  const joined = new Date(user.created_at).toLocaleDateString(i18n.language);
  return (
    <div className="grid gap-6">
      <Card className="overflow-hidden py-0">
        <div className="h-20 bg-gradient-to-r from-primary/80 to-indigo-500/80" />
        <CardContent className="flex flex-col gap-4 pb-6 sm:flex-row sm:items-start">
          <UserAvatar user={user} size={AVATAR_DEFAULT_SIZE} className="-mt-10 ring-4 ring-card" />
          <div className="min-w-0 flex-1 sm:pt-3">
            <h1 className="flex items-center gap-2 truncate font-semibold text-xl">
              {user.username}
              {user.is_vip ? <Badge variant="warning">{t('me.user.vip')}</Badge> : null}
            </h1>
            <p className="mt-1 text-muted-foreground text-sm">{user.signature || t('me.overview.noSignature')}</p>
            <p className="mt-1 text-muted-foreground text-xs">{t('me.overview.joinedAt', { date: joined })}</p>
          </div>
          <div className="flex gap-2 sm:pt-4">
            <Button asChild variant="outline" size="sm">
              <Link to="/user/$id" params={{ id: String(user.id) }}>
                {t('me.overview.homePage')}
              </Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/me/profile">{t('me.overview.editProfile')}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat icon={CoinsIcon} label={t('me.overview.credits', { name: credit })} value={user.credit_count} highlight />
        <Stat icon={FileTextIcon} label={t('me.overview.documents')} value={user.doc_count} />
        <Stat icon={NewspaperIcon} label={t('me.overview.articles')} value={user.article_count} />
        <Stat icon={HeartIcon} label={t('me.overview.favorites')} value={user.favorite_count} />
      </div>
      <ActivityFeed />
      <Card>
        <CardHeader>
          <CardTitle>{t('me.overview.groups')}</CardTitle>
        </CardHeader>
        <CardContent>
          {groups.length === 0 ? (
            <p className="text-muted-foreground text-sm">{t('me.overview.noGroups')}</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {groups.map((g) => (
                <li key={g.id}>
                  <Badge variant="outline" style={g.color ? { color: g.color, borderColor: g.color } : undefined}>
                    {groupTitle(g.title, i18n.language, (key) => t(key))}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Stat({
  icon: Icon,
  label,
  value,
  highlight,
}: {
  icon: React.ComponentType<{ className?: string }>;
  label: string;
  value: number;
  highlight?: boolean;
}) {
  return (
    <Card className="gap-1 px-4 py-4">
      <div className="flex items-center gap-2 text-muted-foreground text-sm">
        <Icon className={highlight ? 'size-4 text-warning' : 'size-4'} />
        <span className="truncate">{label}</span>
      </div>
      <p className="font-semibold text-2xl tabular-nums">{value}</p>
    </Card>
  );
}
