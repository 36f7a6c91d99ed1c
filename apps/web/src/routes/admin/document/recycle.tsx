import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { DocumentDTO } from '@wenku/shared';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { idColumn } from '@/components/admin/columns';
import { listRouteOptions, listSearchSchema, toListInput, useListSearch } from '@/components/admin/list-search';
import { RecycleBinPage } from '@/components/admin/recycle-bin';
import { useCan } from '@/components/admin/use-can';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { formatBytes } from '@/components/documents/format';
import { DocumentStatusBadge } from '@/components/documents/status-badge';
import { formatDateTime } from '@/lib/dates';
import type { z } from '@/lib/search-schema';
import { useTRPC, useTRPCClient } from '@/lib/trpc';

const toInput = (s: z.output<typeof listSearchSchema>) => toListInput(s);

export const Route = createFileRoute('/admin/document/recycle')({
  ...listRouteOptions(listSearchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.document.recycleList.queryOptions(toInput(deps))),
  component: RecyclePage,
});

/**
 * 回收站 (moredoc-facts §6.8): deleted documents, to restore (counters come back, credits do not) or delete for
 * good (the files follow after `attachment_retention_minute`).
 */
function RecyclePage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const can = useCan();
  const { search, setSearch, tableProps } = useListSearch(Route);
  const list = useQuery({
    ...trpc.document.recycleList.queryOptions(toInput(search)),
    placeholderData: keepPreviousData,
  });

  const columns = React.useMemo<ColumnDef<DocumentDTO>[]>(
    () => [
      idColumn({ sortable: true }),
      {
        id: 'title',
        header: t('documents.fields.title'),
        cell: ({ row: { original: d } }) => (
          <span className="flex max-w-80 items-start gap-1.5">
            <FileKindIcon ext={d.ext} className="mt-0.5 size-4" />
            <span className="line-clamp-2 font-medium" title={d.title}>
              {d.title}
            </span>
          </span>
        ),
      },
      {
        id: 'username',
        header: t('documents.admin.uploader'),
        cell: ({ row: { original: d } }) => (
          <span className="whitespace-nowrap text-xs">{d.username || `#${d.user_id}`}</span>
        ),
      },
      {
        id: 'status',
        header: t('documents.fields.status'),
        cell: ({ row: { original: d } }) => <DocumentStatusBadge status={d.status} />,
      },
      {
        id: 'size',
        accessorKey: 'size',
        header: t('documents.admin.size'),
        enableSorting: true,
        cell: ({ row: { original: d } }) => <span className="whitespace-nowrap text-xs">{formatBytes(d.size)}</span>,
      },
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('documents.admin.createdAt'),
        enableSorting: true,
        cell: ({ row: { original: d } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(d.created_at)}</span>
        ),
      },
      {
        id: 'deleted_at',
        header: t('documents.recycle.deletedAt'),
        cell: ({ row: { original: d } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(d.deleted_at)}</span>
        ),
      },
    ],
    [t],
  );

  return (
    <RecycleBinPage
      title={t('admin.menu.document_recycle')}
      description={t('documents.recycle.description')}
      searchPlaceholder={t('documents.admin.searchTitle')}
      wd={search.wd}
      onSearch={(wd) => setSearch({ wd })}
      texts={{
        restore: t('documents.recycle.restore'),
        restoreConfirm: (rows) => t('documents.recycle.restoreConfirm', { count: rows.length }),
        restored: t('documents.recycle.restored'),
        purge: t('documents.recycle.purge'),
        purgeConfirm: (rows) => t('documents.recycle.purgeConfirm', { count: rows.length }),
        purged: t('documents.recycle.purged'),
        clear: t('documents.recycle.clear'),
        clearConfirm: t('documents.recycle.clearConfirm'),
        cleared: t('documents.recycle.cleared'),
      }}
      restore={(id) => client.document.recycleRestore.mutate({ id })}
      purge={(id) => client.document.recycleDelete.mutate({ id })}
      clear={() => client.document.recycleClear.mutate()}
      refresh={trpc.document.pathFilter()}
      can={{
        restore: can('RecycleAPI.RecoverRecycleDocument'),
        purge: can('RecycleAPI.DeleteRecycleDocument'),
        clear: can('RecycleAPI.ClearRecycleDocument'),
      }}
      columns={columns}
      data={list.data?.document}
      {...tableProps(list)}
      emptyText={t('documents.recycle.empty')}
      minWidth={900}
    />
  );
}
