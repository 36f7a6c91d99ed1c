import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { ArticleDTO } from '@wenku/shared';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { idColumn } from '@/components/admin/columns';
import { listRouteOptions, listSearchSchema, toListInput, useListSearch } from '@/components/admin/list-search';
import { RecycleBinPage } from '@/components/admin/recycle-bin';
import { useCan } from '@/components/admin/use-can';
import { formatDateTime } from '@/lib/dates';
import type { z } from '@/lib/search-schema';
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
  const can = useCan();
  const { titleById } = useArticleCategories();
  const { search, setSearch, tableProps } = useListSearch(Route);
  const list = useQuery({
    ...trpc.article.recycleList.queryOptions(toInput(search)),
    placeholderData: keepPreviousData,
  });

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
    ],
    [t, titleById],
  );

  return (
    <RecycleBinPage
      title={t('admin.menu.article_recycle')}
      description={t('admin.article.recycle.description')}
      searchPlaceholder={t('admin.article.recycle.searchPlaceholder')}
      wd={search.wd}
      onSearch={(wd) => setSearch({ wd })}
      texts={{
        restore: t('admin.article.recycle.restore'),
        restoreConfirm: (rows) =>
          rows.length === 1
            ? t('admin.article.recycle.restoreOne', { title: rows[0]?.title ?? '' })
            : t('admin.article.recycle.restoreMany', { count: rows.length }),
        restored: t('admin.article.recycle.restored'),
        purge: t('admin.article.recycle.purge'),
        purgeConfirm: (rows) =>
          rows.length === 1
            ? t('admin.article.recycle.purgeOne', { title: rows[0]?.title ?? '' })
            : t('admin.article.recycle.purgeMany', { count: rows.length }),
        purged: t('admin.article.recycle.purged'),
        clear: t('admin.article.recycle.clear'),
        clearConfirm: t('admin.article.recycle.clearConfirm'),
        cleared: t('admin.article.recycle.cleared'),
      }}
      restore={(id) => client.article.recycleRestore.mutate({ id })}
      purge={(id) => client.article.recycleDelete.mutate({ id })}
      clear={() => client.article.recycleEmpty.mutate()}
      refresh={trpc.article.pathFilter()}
      can={{
        restore: can('ArticleAPI.RestoreRecycleArticle'),
        purge: can('ArticleAPI.DeleteRecycleArticle'),
        clear: can('ArticleAPI.EmptyRecycleArticle'),
      }}
      columns={columns}
      data={list.data?.article}
      {...tableProps(list)}
      emptyText={search.wd ? t('admin.common.noMatch') : t('admin.article.recycle.empty')}
      minWidth={960}
    />
  );
}
