import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { DocumentDTO } from '@wenku/shared';
import { ArchiveRestoreIcon, Trash2Icon } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DeleteAction, RowAction, RowActions } from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { actionsColumn, idColumn } from '@/components/admin/columns';
import { useConfirm } from '@/components/admin/confirm-dialog';
import { DataTable } from '@/components/admin/data-table';
import { listRouteOptions, listSearchSchema, toListInput, useListSearch } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useCan } from '@/components/admin/use-can';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { formatBytes, formatDateTime } from '@/components/documents/format';
import { DocumentStatusBadge } from '@/components/documents/status-badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-error';
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
  const queryClient = useQueryClient();
  const can = useCan();
  const confirm = useConfirm();
  const { search, setSearch, tableProps } = useListSearch(Route);
  const list = useQuery({
    ...trpc.document.recycleList.queryOptions(toInput(search)),
    placeholderData: keepPreviousData,
  });

  const { mutateAsync: run } = useMutation({
    mutationFn: ({ action }: { action: () => Promise<unknown>; success: string }) => action(),
    onSuccess: async (_, { success }) => {
      toast.success(success);
      await queryClient.invalidateQueries(trpc.document.pathFilter());
    },
    onError: (e) => toast.error(errorMessage(e)),
  });

  const restore = React.useCallback(
    (rows: DocumentDTO[], done?: () => void) =>
      confirm({
        title: t('documents.recycle.restore'),
        description: t('documents.recycle.restoreConfirm', { count: rows.length }),
        onConfirm: async () => {
          await run({
            action: () => client.document.recycleRestore.mutate({ id: rows.map((r) => r.id) }),
            success: t('documents.recycle.restored'),
          });
          done?.();
        },
      }),
    [confirm, run, client, t],
  );
  const purge = React.useCallback(
    (rows: DocumentDTO[], done?: () => void) =>
      confirm({
        title: t('documents.recycle.purge'),
        description: t('documents.recycle.purgeConfirm', { count: rows.length }),
        destructive: true,
        confirmText: t('documents.recycle.purge'),
        onConfirm: async () => {
          await run({
            action: () => client.document.recycleDelete.mutate({ id: rows.map((r) => r.id) }),
            success: t('documents.recycle.purged'),
          });
          done?.();
        },
      }),
    [confirm, run, client, t],
  );
  const clearAll = () =>
    confirm({
      title: t('documents.recycle.clear'),
      description: t('documents.recycle.clearConfirm'),
      destructive: true,
      confirmText: t('documents.recycle.clear'),
      onConfirm: () =>
        run({ action: () => client.document.recycleClear.mutate(), success: t('documents.recycle.cleared') }),
    });

  const canRestore = can('RecycleAPI.RecoverRecycleDocument');
  const canPurge = can('RecycleAPI.DeleteRecycleDocument');

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
      actionsColumn(t, (d) => (
        <RowActions>
          {canRestore ? (
            <RowAction label={t('documents.recycle.restore')} onClick={() => restore([d])}>
              <ArchiveRestoreIcon />
            </RowAction>
          ) : null}
          {canPurge ? <DeleteAction onClick={() => purge([d])} /> : null}
        </RowActions>
      )),
    ],
    [t, canRestore, canPurge, restore, purge],
  );

  return (
    <AdminPage
      title={t('admin.menu.document_recycle')}
      description={t('documents.recycle.description')}
      actions={
        can('RecycleAPI.ClearRecycleDocument') ? (
          <Button variant="destructive" onClick={clearAll} disabled={(list.data?.total ?? 0) === 0}>
            <Trash2Icon />
            {t('documents.recycle.clear')}
          </Button>
        ) : null
      }
    >
      <FilterBar>
        <SearchInput
          value={search.wd}
          onChange={(wd) => setSearch({ wd })}
          placeholder={t('documents.admin.searchTitle')}
        />
      </FilterBar>
      <DataTable
        columns={columns}
        data={list.data?.document}
        getRowId={(d) => String(d.id)}
        {...tableProps(list)}
        selectable={canRestore || canPurge}
        bulkActions={(rows, clear) => (
          <>
            {canRestore ? (
              <Button size="sm" variant="outline" onClick={() => restore(rows, clear)}>
                <ArchiveRestoreIcon />
                {t('documents.recycle.restore')}
              </Button>
            ) : null}
            {canPurge ? (
              <Button size="sm" variant="destructive" onClick={() => purge(rows, clear)}>
                <Trash2Icon />
                {t('documents.recycle.purge')}
              </Button>
            ) : null}
          </>
        )}
        emptyText={t('documents.recycle.empty')}
        minWidth={900}
      />
    </AdminPage>
  );
}
