import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DatabaseZapIcon, LoaderCircleIcon, RefreshCwIcon } from 'lucide-react';
import type * as React from 'react';
import { QueryBlock } from '@/components/admin/query-state';
import { useCan } from '@/components/admin/use-can';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/misc';
import { Progress } from '@/components/ui/progress';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { useTRPC } from '@/lib/trpc';
import {
  indexPollInterval,
  indexProgress,
  indexStatusOf,
  isIndexing,
  progressPercent,
  type SearchIndexStatus,
} from './search-index';

/** The index types the panel lists; only documents can be rebuilt until articles exist. */
const TYPES = [
  { type: 0, key: 'document' },
  { type: 1, key: 'article' },
] as const;

/**
 * The dashboard's full-text index block (moredoc-pro-facts §10 数据统计): indexed items per type and the button that
 * re-indexes every document (`提交成功`), with the rebuild's progress polled every 2 s until the queue is empty.
 */
export function SearchIndexPanel() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const can = useCan();
  const status = useQuery({
    ...trpc.search.indexStatus.queryOptions(),
    refetchInterval: (q) => indexPollInterval(q.state.data?.index),
    staleTime: 0,
  });
  const update = useMutation(
    trpc.search.updateDocumentIndex.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.dashboard.index.submitted'));
        // The refetch sees the queued items, which starts the polling.
        await queryClient.invalidateQueries(trpc.search.indexStatus.queryFilter());
      },
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const canUpdateDocuments = can('DocumentAPI.UpdateDocumentIndexes');

  return (
    <section aria-labelledby="search-index-title" className="grid content-start gap-3 rounded-lg border p-3">
      <div className="grid gap-0.5">
        <h3 id="search-index-title" className="flex items-center gap-1.5 font-medium text-sm">
          <DatabaseZapIcon className="size-4 text-primary" />
          {t('admin.dashboard.index.title')}
          {status.isFetching && status.data ? (
            <LoaderCircleIcon className="size-3.5 animate-spin text-muted-foreground" />
          ) : null}
        </h3>
        <p className="text-muted-foreground text-xs">{t('admin.dashboard.index.hint')}</p>
      </div>
      <QueryBlock
        query={status}
        loading={
          <div className="grid gap-3">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        }
      >
        {(d) => (
          <div className="grid gap-3">
            {TYPES.map(({ type, key }) => (
              <IndexRow
                key={type}
                label={t(`admin.dashboard.index.${key}`)}
                status={indexStatusOf(d.index, type)}
                action={
                  type === 0 && canUpdateDocuments ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={update.isPending || isIndexing(indexStatusOf(d.index, 0))}
                      onClick={() => update.mutate()}
                    >
                      <RefreshCwIcon className={update.isPending ? 'animate-spin' : undefined} />
                      {t('admin.dashboard.index.updateDocument')}
                    </Button>
                  ) : null
                }
              />
            ))}
          </div>
        )}
      </QueryBlock>
      {status.data && status.error ? (
        <p className="text-destructive text-xs" role="alert">
          {errorMessage(status.error)}
        </p>
      ) : null}
    </section>
  );
}

function IndexRow({ label, status, action }: { label: string; status: SearchIndexStatus; action: React.ReactNode }) {
  const { t } = useTranslation();
  const running = isIndexing(status);
  const progress = indexProgress(status);
  const percent = progress === null ? null : progressPercent(progress, status.pending);
  const done = Math.max(0, status.total - status.pending);
  return (
    <div className="grid gap-2 rounded-md bg-muted/30 p-2.5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <div className="font-medium text-sm">{label}</div>
          <div className="text-muted-foreground text-xs tabular-nums">
            {t('admin.dashboard.index.count', { value: status.indexed.toLocaleString() })}
            {status.pending > 0
              ? ` · ${t('admin.dashboard.index.pending', { value: status.pending.toLocaleString() })}`
              : null}
          </div>
        </div>
        {action}
      </div>
      {running ? (
        <div className="grid gap-1">
          {percent !== null && status.total > 0 ? (
            <Progress value={percent} aria-label={t('admin.dashboard.index.running')} />
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-x-2 text-muted-foreground text-xs">
            <span className="flex items-center gap-1">
              <LoaderCircleIcon className="size-3 animate-spin" />
              {t('admin.dashboard.index.running')}
            </span>
            {percent !== null && status.total > 0 ? (
              <span className="tabular-nums">
                {t('admin.dashboard.index.progress', {
                  done: done.toLocaleString(),
                  total: status.total.toLocaleString(),
                  percent,
                })}
              </span>
            ) : null}
          </div>
        </div>
      ) : (
        <div className="text-muted-foreground text-xs">
          {status.finished_at
            ? t('admin.dashboard.index.finishedAt', { date: formatDateTime(status.finished_at) })
            : t('admin.dashboard.index.never')}
        </div>
      )}
    </div>
  );
}
