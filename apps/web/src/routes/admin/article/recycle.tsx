import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { ArticleDTO } from '@wenku/shared';
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
import { formatDateTime } from '@/components/admin/format';
import { listRouteOptions, listSearchSchema, toListInput, useListSearch } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useCan } from '@/components/admin/use-can';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-error';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { categoryTitles } from './-components/article-admin';
import { ARTICLE_CATEGORY_INPUT, useArticleCategories } from './-components/article-categories';
import { ArticleStatusBadge } from './-components/article-status-badge';

const toInput = (s: z.output<typeof listSearchSchema>) => toListInput(s);

export const Route = createFileRoute('/admin/article/recycle')({
  ...listRouteOptions(listSearchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    Promise.all([
      queryClient.prefetchQuery(trpc.article.recycleList.queryOptions(toInput(deps))),
      queryClient.prefetchQuery(trpc.category.list.queryOptions(ARTICLE_CATEGORY_INPUT)),
    ]),
  component: ArticleRecyclePage,
});

/**
 * 回收站 of articles (moredoc-facts §9): deleted articles, newest deletion first, to restore (category and author
 * counts come back) or delete for good (their category links go, their uploaded images are released).
 */
function ArticleRecyclePage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const can = useCan();
  const confirm = useConfirm();
  const { titleById } = useArticleCategories();
  const { search, setSearch, tableProps } = useListSearch(Route);
  const list = useQuery({
    ...trpc.article.recycleList.queryOptions(toInput(search)),
    placeholderData: keepPreviousData,
  });

  const { mutateAsync: run } = useMutation({
    mutationFn: ({ action }: { action: () => Promise<unknown>; success: string }) => action(),
    onSuccess: async (_, { success }) => {
      toast.success(success);
      await queryClient.invalidateQueries(trpc.article.pathFilter());
    },
    onError: (e) => toast.error(errorMessage(e)),
  });

  const restore = React.useCallback(
    (rows: ArticleDTO[], done?: () => void) =>
      confirm({
        title: t('admin.article.recycle.restore'),
        description:
          rows.length === 1
            ? t('admin.article.recycle.restoreOne', { title: rows[0]?.title ?? '' })
            : t('admin.article.recycle.restoreMany', { count: rows.length }),
        onConfirm: async () => {
          await run({
            action: () => client.article.recycleRestore.mutate({ id: rows.map((r) => r.id) }),
            success: t('admin.article.recycle.restored'),
          });
          done?.();
        },
      }),
    [confirm, run, client, t],
  );
  const purge = React.useCallback(
    (rows: ArticleDTO[], done?: () => void) =>
      confirm({
        title: t('admin.article.recycle.purge'),
        description:
          rows.length === 1
            ? t('admin.article.recycle.purgeOne', { title: rows[0]?.title ?? '' })
            : t('admin.article.recycle.purgeMany', { count: rows.length }),
        destructive: true,
        confirmText: t('admin.article.recycle.purge'),
        onConfirm: async () => {
          await run({
            action: () => client.article.recycleDelete.mutate({ id: rows.map((r) => r.id) }),
            success: t('admin.article.recycle.purged'),
          });
          done?.();
        },
      }),
    [confirm, run, client, t],
  );
  const emptyBin = () =>
    confirm({
      title: t('admin.article.recycle.clear'),
      description: t('admin.article.recycle.clearConfirm'),
      destructive: true,
      confirmText: t('admin.article.recycle.clear'),
      onConfirm: () =>
        run({ action: () => client.article.recycleEmpty.mutate(), success: t('admin.article.recycle.cleared') }),
    });

  const canRestore = can('ArticleAPI.RestoreRecycleArticle');
  const canPurge = can('ArticleAPI.DeleteRecycleArticle');

  const columns = React.useMemo<ColumnDef<ArticleDTO>[]>(
    () => [
      idColumn({ sortable: true }),
      {
        id: 'title',
        header: t('admin.article.fields.title'),
        meta: { className: 'min-w-56' },
        cell: ({ row: { original: a } }) => (
          <div className="grid max-w-80 gap-0.5">
            <span className="line-clamp-2 font-medium" title={a.title}>
              {a.title}
            </span>
            <span className="truncate font-mono text-muted-foreground text-xs">{a.identifier}</span>
          </div>
        ),
      },
      {
        id: 'category',
        header: t('admin.article.fields.category'),
        cell: ({ row: { original: a } }) => {
          const names = categoryTitles(a.category_id, titleById);
          return names.length ? (
            <span className="line-clamp-2 max-w-40 text-xs">{names.join(' / ')}</span>
          ) : (
            <span className="text-muted-foreground text-xs">{t('admin.article.uncategorized')}</span>
          );
        },
      },
      {
        id: 'user',
        header: t('admin.article.fields.author'),
        cell: ({ row: { original: a } }) => (
          <span className="whitespace-nowrap text-xs">{a.user?.username || `#${a.user_id}`}</span>
        ),
      },
      {
        id: 'status',
        header: t('admin.article.fields.status'),
        cell: ({ row: { original: a } }) => <ArticleStatusBadge status={a.status} reason={a.reject_reason} />,
      },
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('admin.common.createdAt'),
        enableSorting: true,
        cell: ({ row: { original: a } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(a.created_at)}</span>
        ),
      },
      {
        id: 'deleted_at',
        header: t('admin.article.recycle.deletedAt'),
        cell: ({ row: { original: a } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(a.deleted_at)}</span>
        ),
      },
      actionsColumn(t, (a) => (
        <RowActions>
          {canRestore ? (
            <RowAction label={t('admin.article.recycle.restore')} onClick={() => restore([a])}>
              <ArchiveRestoreIcon />
            </RowAction>
          ) : null}
          {canPurge ? <DeleteAction onClick={() => purge([a])} /> : null}
        </RowActions>
      )),
    ],
    [t, titleById, canRestore, canPurge, restore, purge],
  );

  return (
    <AdminPage
      title={t('admin.menu.article_recycle')}
      description={t('admin.article.recycle.description')}
      actions={
        can('ArticleAPI.EmptyRecycleArticle') ? (
          <Button variant="destructive" onClick={emptyBin} disabled={(list.data?.total ?? 0) === 0}>
            <Trash2Icon />
            {t('admin.article.recycle.clear')}
          </Button>
        ) : null
      }
    >
      <FilterBar>
        <SearchInput
          value={search.wd}
          onChange={(wd) => setSearch({ wd })}
          placeholder={t('admin.article.recycle.searchPlaceholder')}
        />
      </FilterBar>
      <DataTable
        columns={columns}
        data={list.data?.article}
        getRowId={(a) => String(a.id)}
        {...tableProps(list)}
        selectable={canRestore || canPurge}
        bulkActions={(rows, clear) => (
          <>
            {canRestore ? (
              <Button size="sm" variant="outline" onClick={() => restore(rows, clear)}>
                <ArchiveRestoreIcon />
                {t('admin.article.recycle.restore')}
              </Button>
            ) : null}
            {canPurge ? (
              <Button size="sm" variant="destructive" onClick={() => purge(rows, clear)}>
                <Trash2Icon />
                {t('admin.article.recycle.purge')}
              </Button>
            ) : null}
          </>
        )}
        emptyText={search.wd ? t('admin.common.noMatch') : t('admin.article.recycle.empty')}
        minWidth={960}
      />
    </AdminPage>
  );
}
