import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  CpuIcon,
  FileTextIcon,
  FolderTreeIcon,
  HardDriveIcon,
  ImagesIcon,
  Link2Icon,
  LoaderCircleIcon,
  MemoryStickIcon,
  MessageSquareIcon,
  NewspaperIcon,
  RefreshCwIcon,
  ShieldAlertIcon,
  UsersIcon,
} from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AdminPage } from '@/components/admin/admin-page';
import { formatBytes, formatDateTime } from '@/components/admin/format';
import { SelectInput } from '@/components/admin/inputs';
import { EmptyState, Loading, QueryBlock, QueryError } from '@/components/admin/query-state';
import { useCan } from '@/components/admin/use-can';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Badge, Skeleton } from '@/components/ui/misc';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-error';
import { useTRPC } from '@/lib/trpc';
import { DomainNotice } from './-components/domain-notice';
import { Gauge } from './-components/gauge';
import { SearchIndexPanel } from './-components/search-index-panel';
import { StatsTrendCard } from './-components/stats-trend-card';

/** moredoc-pro-facts §10: the server gauges refresh every 5 s. */
const DEVICE_REFRESH_MS = 5000;

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

function DeviceCard() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const can = useCan();
  const allowed = can('ConfigAPI.GetDeviceInfo');
  const device = useQuery({
    ...trpc.system.device.queryOptions(),
    enabled: allowed,
    refetchInterval: DEVICE_REFRESH_MS,
    // Gauges must not freeze on an old figure when a refresh fails; the last good one stays with the error below.
    staleTime: 0,
  });
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>{t('admin.dashboard.device')}</CardTitle>
        {device.isFetching ? <LoaderCircleIcon className="size-4 animate-spin text-muted-foreground" /> : null}
      </CardHeader>
      <CardContent>
        {!allowed ? (
          <EmptyState>{t('admin.dashboard.noDevicePermission')}</EmptyState>
        ) : (
          <QueryBlock query={device}>
            {(d) => (
              <div className="grid gap-4 sm:grid-cols-2">
                <GaugeTile
                  icon={<CpuIcon className="size-4" />}
                  title={t('admin.dashboard.cpu')}
                  percent={d.cpu.percent}
                  lines={[
                    t('admin.dashboard.cores', { count: d.cpu.cores }),
                    d.cpu.mhz ? `${d.cpu.mhz} MHz` : '',
                    d.cpu.model_name,
                  ]}
                />
                <GaugeTile
                  icon={<MemoryStickIcon className="size-4" />}
                  title={t('admin.dashboard.memory')}
                  percent={d.memory.percent}
                  lines={[
                    t('admin.dashboard.total', { value: formatBytes(d.memory.total) }),
                    t('admin.dashboard.used', { value: formatBytes(d.memory.used) }),
                    t('admin.dashboard.free', { value: formatBytes(d.memory.free) }),
                  ]}
                />
                {d.disk.map((disk) => (
                  <GaugeTile
                    key={disk.disk_name}
                    icon={<HardDriveIcon className="size-4" />}
                    title={t('admin.dashboard.disk', { name: disk.disk_name })}
                    percent={disk.percent}
                    lines={[
                      t('admin.dashboard.total', { value: formatBytes(disk.total) }),
                      t('admin.dashboard.used', { value: formatBytes(disk.used) }),
                      t('admin.dashboard.free', { value: formatBytes(disk.free) }),
                    ]}
                  />
                ))}
              </div>
            )}
          </QueryBlock>
        )}
        {allowed && device.data && device.error ? (
          <p className="mt-3 text-destructive text-xs" role="alert">
            {errorMessage(device.error)}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function GaugeTile({
  icon,
  title,
  percent,
  lines,
}: {
  icon: React.ReactNode;
  title: string;
  percent: number;
  lines: string[];
}) {
  return (
    <div className="flex items-center gap-4 rounded-lg border p-3">
      <Gauge percent={percent} label={title} size={96} />
      <div className="grid min-w-0 gap-0.5 text-sm">
        <div className="flex items-center gap-1.5 font-medium">
          {icon}
          <span className="truncate" title={title}>
            {title}
          </span>
        </div>
        {lines.filter(Boolean).map((l) => (
          <div key={l} className="truncate text-muted-foreground text-xs" title={l}>
            {l}
          </div>
        ))}
      </div>
    </div>
  );
}

const RELEASE_SOURCES = ['none', 'github', 'url'] as const;

function SystemCard() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const stats = useQuery(trpc.system.stats.queryOptions());
  const release = useQuery(trpc.system.release.queryOptions());
  const [source, setSource] = React.useState<string>('');
  const [url, setUrl] = React.useState('');
  React.useEffect(() => {
    if (release.data) {
      setSource(release.data.source || 'none');
      setUrl(release.data.source === 'url' ? release.data.url : '');
    }
  }, [release.data]);

  const onRelease = (data: unknown) => queryClient.setQueryData(trpc.system.release.queryKey(), data as never);
  const refresh = useMutation(
    trpc.system.refreshRelease.mutationOptions({
      onSuccess(data) {
        onRelease(data);
        toast.success(t('admin.dashboard.checkSuccess'));
      },
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const setReleaseSource = useMutation(
    trpc.system.setReleaseSource.mutationOptions({
      onSuccess(data) {
        onRelease(data);
        toast.success(t('admin.common.saved'));
      },
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const ignore = useMutation(
    trpc.system.ignoreRelease.mutationOptions({
      onSuccess: onRelease,
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );

  const r = release.data;
  const s = stats.data;
  const rows: [string, React.ReactNode][] = s
    ? [
        [t('admin.dashboard.os'), s.os],
        [t('admin.dashboard.program'), t('appName')],
        [
          t('admin.dashboard.version'),
          <span key="v" className="flex flex-wrap items-center gap-2">
            {s.version}
            {r?.has_new ? (
              <Badge variant="warning" title={r.name}>
                {t('admin.dashboard.newVersion', { tag: r.tag_name })}
              </Badge>
            ) : null}
          </span>,
        ],
        [t('admin.dashboard.hash'), s.hash || '-'],
        [t('admin.dashboard.buildAt'), formatDateTime(s.build_at) || s.build_at || '-'],
      ]
    : [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.dashboard.system')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {stats.error && !s ? <QueryError error={stats.error} onRetry={() => void stats.refetch()} /> : null}
        {!s && !stats.error ? <Loading /> : null}
        {s ? (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
            {rows.map(([k, v]) => (
              <React.Fragment key={k}>
                <dt className="text-muted-foreground">{k}</dt>
                <dd className="min-w-0 break-all">{v}</dd>
              </React.Fragment>
            ))}
          </dl>
        ) : null}
        <div className="grid gap-3 rounded-lg border bg-muted/30 p-3">
          <div className="font-medium text-sm">{t('admin.dashboard.release')}</div>
          {release.error && !r ? (
            <QueryError error={release.error} onRetry={() => void release.refetch()} className="py-4" />
          ) : !r ? (
            <Skeleton className="h-9" />
          ) : (
            <>
              {r.tag_name ? (
                <p className="text-muted-foreground text-sm">
                  {t('admin.dashboard.latest', { tag: r.tag_name, date: formatDateTime(r.release_at) || '-' })}
                </p>
              ) : null}
              <div className="flex flex-wrap items-center gap-2">
                <SelectInput
                  aria-label={t('admin.dashboard.releaseSource')}
                  className="w-full sm:w-56"
                  value={source}
                  onChange={(v) => {
                    setSource(v);
                    if (v !== 'url') setReleaseSource.mutate({ source: v });
                  }}
                  options={RELEASE_SOURCES.map((v) => ({ value: v, label: t(`admin.dashboard.source.${v}`) }))}
                />
                <Button
                  variant="outline"
                  size="sm"
                  disabled={refresh.isPending || r.source === 'none'}
                  onClick={() => refresh.mutate()}
                >
                  <RefreshCwIcon className={refresh.isPending ? 'animate-spin' : undefined} />
                  {t('admin.dashboard.checkRelease')}
                </Button>
                {r.has_new ? (
                  <Button variant="ghost" size="sm" disabled={ignore.isPending} onClick={() => ignore.mutate()}>
                    {t('admin.dashboard.ignoreRelease')}
                  </Button>
                ) : null}
              </div>
              {source === 'url' ? (
                <form
                  className="flex flex-wrap gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    setReleaseSource.mutate({ source: 'url', url });
                  }}
                >
                  <Input
                    className="min-w-0 flex-1"
                    type="url"
                    value={url}
                    placeholder="https://"
                    aria-label={t('admin.dashboard.releaseUrl')}
                    onChange={(e) => setUrl(e.target.value)}
                  />
                  <Button type="submit" size="sm" disabled={setReleaseSource.isPending}>
                    {t('save')}
                  </Button>
                </form>
              ) : null}
              {r.has_new && r.body ? (
                <details className="text-sm">
                  <summary className="cursor-pointer text-primary">{r.name || r.tag_name}</summary>
                  <pre className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap rounded bg-background p-2 text-xs">
                    {r.body}
                  </pre>
                </details>
              ) : null}
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function EnvsCard() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const can = useCan();
  const allowed = can('ConfigAPI.GetEnvs');
  // The server keeps its measurement; 重新检测 asks it to measure again.
  const [recheck, setRecheck] = React.useState(false);
  const envs = useQuery({
    ...trpc.system.envs.queryOptions(recheck ? { refresh: true } : undefined),
    enabled: allowed,
    staleTime: 5 * 60_000,
  });
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>{t('admin.dashboard.envs')}</CardTitle>
        {allowed ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={envs.isFetching}
            onClick={() => (recheck ? void envs.refetch() : setRecheck(true))}
          >
            <RefreshCwIcon className={envs.isFetching ? 'animate-spin' : undefined} />
            {t('admin.dashboard.recheck')}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {!allowed ? (
          <EmptyState>{t('admin.dashboard.noEnvPermission')}</EmptyState>
        ) : (
          <QueryBlock query={envs}>
            {(d) =>
              d.envs.length === 0 ? (
                <EmptyState />
              ) : (
                <div className="rounded-lg border">
                  <Table className="min-w-[720px]">
                    <TableHeader className="bg-muted/40">
                      <TableRow>
                        <TableHead>{t('admin.dashboard.envName')}</TableHead>
                        <TableHead>{t('admin.dashboard.envRequired')}</TableHead>
                        <TableHead>{t('admin.dashboard.envInstalled')}</TableHead>
                        <TableHead>{t('admin.dashboard.envVersion')}</TableHead>
                        <TableHead>{t('admin.dashboard.envPurpose')}</TableHead>
                        <TableHead>{t('admin.dashboard.envError')}</TableHead>
                        <TableHead>{t('admin.dashboard.envCheckedAt')}</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {d.envs.map((e) => (
                        <TableRow key={e.name}>
                          <TableCell className="font-medium">{e.name}</TableCell>
                          <TableCell>
                            <Badge variant={e.is_required ? 'default' : 'secondary'}>
                              {e.is_required ? t('admin.dashboard.required') : t('admin.dashboard.optional')}
                            </Badge>
                          </TableCell>
                          <TableCell>
                            <Badge variant={e.is_installed ? 'success' : e.is_required ? 'destructive' : 'warning'}>
                              {e.is_installed ? t('admin.dashboard.installed') : t('admin.dashboard.notInstalled')}
                            </Badge>
                          </TableCell>
                          <TableCell className="max-w-48 truncate" title={e.version}>
                            {e.version || '-'}
                          </TableCell>
                          <TableCell className="min-w-40">{e.description}</TableCell>
                          <TableCell className="max-w-56 truncate text-destructive" title={e.error}>
                            {e.error || '-'}
                          </TableCell>
                          <TableCell className="whitespace-nowrap">{formatDateTime(e.checked_at)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              )
            }
          </QueryBlock>
        )}
      </CardContent>
    </Card>
  );
}
