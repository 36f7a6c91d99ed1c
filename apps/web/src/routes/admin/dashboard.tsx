import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  FileTextIcon,
  FolderTreeIcon,
  ImagesIcon,
  Link2Icon,
  MessageSquareIcon,
  NewspaperIcon,
  ShieldAlertIcon,
  UsersIcon,
} from 'lucide-react';
import { AdminPage } from '@/components/admin/admin-page';
import { QueryBlock } from '@/components/admin/query-state';
import { useCan } from '@/components/admin/use-can';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { useTRPC } from '@/lib/trpc';
import { DeviceCard } from './-components/dashboard-device-card';
import { EnvsCard } from './-components/dashboard-envs-card';
import { SystemCard } from './-components/dashboard-system-card';
import { DomainNotice } from './-components/domain-notice';
import { SearchIndexPanel } from './-components/search-index-panel';
import { StatsTrendCard } from './-components/stats-trend-card';

export const Route = createFileRoute('/admin/dashboard')({
  loader: ({ context: { queryClient, trpc } }) =>
    // Environment checks run external programs and may take seconds: they load inside the page, not before it.
    Promise.all([
      queryClient.prefetchQuery(trpc.system.stats.queryOptions()),
      queryClient.prefetchQuery(trpc.system.release.queryOptions()),
    ]),
  component: DashboardPage,
});

function DashboardPage() {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <AdminPage title={t('admin.menu.dashboard')}>
      <DomainNotice />
      <StatsCard />
      {can('ConfigAPI.GetStats') ? <StatsTrendCard /> : null}
      <div className="grid gap-4 xl:grid-cols-2">
        <DeviceCard />
        <SystemCard />
      </div>
      <EnvsCard />
    </AdminPage>
  );
}

function StatsCard() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const can = useCan();
  const stats = useQuery(trpc.system.stats.queryOptions());
  const items = (s: NonNullable<typeof stats.data>) =>
    [
      { key: 'document', value: s.document_count, icon: FileTextIcon },
      { key: 'article', value: s.article_count, icon: NewspaperIcon },
      { key: 'user', value: s.user_count, icon: UsersIcon },
      { key: 'category', value: s.category_count, icon: FolderTreeIcon },
      { key: 'comment', value: s.comment_count, icon: MessageSquareIcon },
      { key: 'report', value: s.report_count, icon: ShieldAlertIcon },
      { key: 'banner', value: s.banner_count, icon: ImagesIcon },
      { key: 'friendlink', value: s.friendlink_count, icon: Link2Icon },
    ].filter((i): i is typeof i & { value: number } => i.value !== undefined);
  const tiles = (
    <QueryBlock
      query={stats}
      loading={
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      }
    >
      {(s) => (
        <div className="grid grid-cols-2 content-start gap-3 sm:grid-cols-4">
          {items(s).map(({ key, value, icon: Icon }) => (
            <div key={key} className="flex items-center gap-3 rounded-lg border bg-muted/30 p-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
                <Icon className="size-5" />
              </span>
              <div className="min-w-0">
                <div className="font-semibold text-xl tabular-nums">{value.toLocaleString()}</div>
                <div className="truncate text-muted-foreground text-xs">{t(`admin.dashboard.count.${key}`)}</div>
              </div>
            </div>
          ))}
        </div>
      )}
    </QueryBlock>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.dashboard.stats')}</CardTitle>
      </CardHeader>
      <CardContent>
        {/* moredoc-pro-facts §10: the index buttons sit on the right of the figures (below them on narrow screens). */}
        {can('ConfigAPI.GetStats') ? (
          <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
            {tiles}
            <SearchIndexPanel />
          </div>
        ) : (
          tiles
        )}
      </CardContent>
    </Card>
  );
}
