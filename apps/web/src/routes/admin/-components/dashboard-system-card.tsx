import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCwIcon } from 'lucide-react';
import * as React from 'react';
import { SelectInput } from '@/components/admin/inputs';
import { Loading, QueryError } from '@/components/admin/query-state';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Badge, Skeleton } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { useTRPC } from '@/lib/trpc';

const RELEASE_SOURCES = ['none', 'github', 'url'] as const;

/** 系统信息: the running program and its version, and where and whether a newer release is looked for. */
export function SystemCard() {
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
