import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { ArticleDTO } from '@wenku/shared';
import * as React from 'react';
import { createdAtColumn, deletedAtColumn, idColumn } from '@/components/admin/columns';
import { listRouteOptions, listSearchSchema, toListInput } from '@/components/admin/list-search';
import { RecycleBinPage } from '@/components/admin/recycle-bin';
import { useAdminList } from '@/components/admin/use-admin-list';
import type { z } from '@/lib/search-schema';
import { categoryTitles } from './-components/article-admin';
import { ARTICLE_CATEGORY_INPUT, useArticleCategories } from './-components/article-categories';
import { articleStatusColumn } from './-components/article-columns';

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
  const { titleById } = useArticleCategories();
  const { t, trpc, client, can, search, setSearch, tableProps } = useAdminList(Route);
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
      articleStatusColumn(t),
      createdAtColumn(t, { sortable: true }),
      deletedAtColumn(t('admin.article.recycle.deletedAt')),
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
