import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { DocumentDTO } from '@wenku/shared';
import * as React from 'react';
import { createdAtColumn, deletedAtColumn, idColumn } from '@/components/admin/columns';
import { listRouteOptions, listSearchSchema, toListInput } from '@/components/admin/list-search';
import { RecycleBinPage } from '@/components/admin/recycle-bin';
import { useAdminList } from '@/components/admin/use-admin-list';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import type { z } from '@/lib/search-schema';
import { sizeColumn, uploaderStatusColumns } from './-components/document-columns';

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
  const { t, trpc, client, can, search, setSearch, tableProps } = useAdminList(Route);
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
      ...uploaderStatusColumns(t),
      sizeColumn(t),
      createdAtColumn(t, { sortable: true, header: t('documents.admin.createdAt') }),
      deletedAtColumn(t('documents.recycle.deletedAt')),
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
