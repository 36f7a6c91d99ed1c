import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ArticleDTO } from '@wenku/shared';
import { FolderTreeIcon, StarIcon, StarOffIcon } from 'lucide-react';
import * as React from 'react';
import { BulkButton, BulkDeleteButton, BulkMenu, CreateButton } from '@/components/admin/actions';
import { AdminPage } from '@/components/admin/admin-page';
import { DataTable } from '@/components/admin/data-table';
import { useListActions } from '@/components/admin/list-actions';
import { listRouteOptions } from '@/components/admin/list-search';
import { useAdminList } from '@/components/admin/use-admin-list';
import { DropdownMenuItem } from '@/components/ui/menu';
import { allowedBulkActions, CHECK_ACTIONS, type CheckAction, rowsChangedBy } from './-components/article-admin';
import { ARTICLE_CATEGORY_INPUT, useArticleCategories } from './-components/article-categories';
import { CHECK_ICONS, useArticleColumns } from './-components/article-columns';
import { ArticleFilters } from './-components/article-filters';
import { ArticleFormDrawer } from './-components/article-form';
import { articleSearchSchema, toArticleListInput } from './-components/article-list-search';
import { RejectDialog, SetCategoryDialog } from './-components/bulk-dialogs';

const searchSchema = articleSearchSchema;
const toInput = toArticleListInput;

export const Route = createFileRoute('/admin/article/list')({
  ...listRouteOptions(searchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    Promise.all([
      queryClient.prefetchQuery(trpc.article.list.queryOptions(toInput(deps))),
      queryClient.prefetchQuery(trpc.category.list.queryOptions(ARTICLE_CATEGORY_INPUT)),
    ]),
  component: ArticleListPage,
});

/**
 * 文章列表 (spec §2 /admin/article/list, moredoc-facts §9): filter, review (approve, reject with a reason, back to
 * review), recommend, file under a category, edit and delete articles, one by one or in bulk.
 */
function ArticleListPage() {
  const categories = useArticleCategories();
  const { t, trpc, client, can, search, setSearch, tableProps } = useAdminList(Route);
  const list = useQuery({ ...trpc.article.list.queryOptions(toInput(search)), placeholderData: keepPreviousData });

  const [editing, setEditing] = React.useState<{ id: number | null } | null>(null);
  const [rejecting, setRejecting] = React.useState<{ rows: ArticleDTO[]; done?: () => void } | null>(null);
  const [filing, setFiling] = React.useState<{ rows: ArticleDTO[]; done?: () => void } | null>(null);

  const { run, confirmRun } = useListActions(trpc.article.pathFilter());

  const label = React.useCallback((action: string) => t(`admin.article.actions.${action}`), [t]);
  const describe = React.useCallback(
    (action: string, rows: ArticleDTO[]) =>
      rows.length === 1
        ? t('admin.article.confirmOne', { action: label(action), title: rows[0]?.title ?? '' })
        : t('admin.article.confirmMany', { action: label(action), count: rows.length }),
    [t, label],
  );

  const check = React.useCallback(
    (action: CheckAction, rows: ArticleDTO[], done?: () => void) => {
      if (action === 'reject') {
        setRejecting({ rows, done });
        return;
      }
      confirmRun({
        title: label(action),
        description: describe(action, rows),
        action: () =>
          client.article.check.mutate({
            article_id: rows.map((r) => r.id),
            status: CHECK_ACTIONS[action],
            reject_reason: '',
          }),
        success: t(`admin.article.doneActions.${action}`),
        done,
      });
    },
    [confirmRun, client, t, label, describe],
  );
  const recommend = React.useCallback(
    (rows: ArticleDTO[], on: boolean, done?: () => void) => {
      const action = on ? 'recommend' : 'unrecommend';
      const call = {
        action: () => client.article.recommend.mutate({ article_id: rows.map((r) => r.id), is_recommend: on }),
        success: t(`admin.article.doneActions.${action}`),
      };
      // One row from its own button needs no second question; a selection does.
      if (!done) void run(call).catch(() => {});
      else confirmRun({ title: label(action), description: describe(action, rows), ...call, done });
    },
    [confirmRun, run, client, t, label, describe],
  );
  const remove = React.useCallback(
    (rows: ArticleDTO[], done?: () => void) =>
      confirmRun({
        title: t('admin.article.deleteTitle'),
        description:
          rows.length === 1
            ? t('admin.article.deleteOne', { title: rows[0]?.title ?? '' })
            : t('admin.article.deleteMany', { count: rows.length }),
        destructive: true,
        confirmText: t('delete'),
        action: () => client.article.delete.mutate({ id: rows.map((r) => r.id) }),
        success: t('admin.article.deleted'),
        done,
      }),
    [confirmRun, client, t],
  );

  const bulk = allowedBulkActions(can);
  const columns = useArticleColumns({
    titleById: categories.titleById,
    label,
    check,
    recommend,
    remove,
    onEdit: (a) => setEditing({ id: a.id }),
  });

  const reviewActions = bulk.filter((b): b is CheckAction => b in CHECK_ACTIONS);

  return (
    <AdminPage
      title={t('admin.menu.article_list')}
      description={t('admin.article.listDescription')}
      actions={
        can('ArticleAPI.CreateArticle') ? (
          <CreateButton onClick={() => setEditing({ id: null })}>{t('admin.article.create')}</CreateButton>
        ) : null
      }
    >
      <ArticleFilters search={search} setSearch={setSearch} categoryOptions={categories.options} />
      <DataTable
        columns={columns}
        data={list.data?.article}
        getRowId={(a) => String(a.id)}
        {...tableProps(list)}
        selectable={bulk.length > 0}
        bulkActions={(rows, clear) => (
          <>
            {reviewActions.length ? (
              <BulkMenu label={t('admin.article.review')}>
                {reviewActions.map((c) => {
                  const Icon = CHECK_ICONS[c];
                  const changed = rowsChangedBy(c, rows);
                  return (
                    <DropdownMenuItem key={c} disabled={changed.length === 0} onSelect={() => check(c, changed, clear)}>
                      <Icon />
                      {label(c)}
                      <span className="ml-auto pl-3 text-muted-foreground text-xs tabular-nums">{changed.length}</span>
                    </DropdownMenuItem>
                  );
                })}
              </BulkMenu>
            ) : null}
            {bulk.includes('recommend') ? (
              <BulkButton
                icon={<StarIcon />}
                disabled={rowsChangedBy('recommend', rows).length === 0}
                onClick={() => recommend(rowsChangedBy('recommend', rows), true, clear)}
              >
                {label('recommend')}
              </BulkButton>
            ) : null}
            {bulk.includes('unrecommend') ? (
              <BulkButton
                icon={<StarOffIcon />}
                disabled={rowsChangedBy('unrecommend', rows).length === 0}
                onClick={() => recommend(rowsChangedBy('unrecommend', rows), false, clear)}
              >
                {label('unrecommend')}
              </BulkButton>
            ) : null}
            {bulk.includes('setCategory') ? (
              <BulkButton icon={<FolderTreeIcon />} onClick={() => setFiling({ rows, done: clear })}>
                {label('setCategory')}
              </BulkButton>
            ) : null}
            {bulk.includes('delete') ? <BulkDeleteButton onClick={() => remove(rows, clear)} /> : null}
          </>
        )}
        emptyText={
          search.wd ||
          search.status !== undefined ||
          search.category_id !== undefined ||
          search.recommend !== undefined ||
          search.notice !== undefined
            ? t('admin.common.noMatch')
            : t('admin.article.empty')
        }
        minWidth={1120}
      />
      {editing ? <ArticleFormDrawer articleId={editing.id} mode="article" onClose={() => setEditing(null)} /> : null}
      {rejecting ? (
        <RejectDialog
          count={rejecting.rows.length}
          title={rejecting.rows[0]?.title}
          onClose={() => setRejecting(null)}
          onConfirm={async (reason) => {
            await run({
              action: () =>
                client.article.check.mutate({
                  article_id: rejecting.rows.map((r) => r.id),
                  status: CHECK_ACTIONS.reject,
                  reject_reason: reason,
                }),
              success: t('admin.article.doneActions.reject'),
            });
            rejecting.done?.();
            setRejecting(null);
          }}
        />
      ) : null}
      {filing ? (
        <SetCategoryDialog
          count={filing.rows.length}
          tree={categories.tree}
          onClose={() => setFiling(null)}
          onConfirm={async (path) => {
            await run({
              action: () =>
                client.article.setCategory.mutate({ article_id: filing.rows.map((r) => r.id), category_id: path }),
              success: t('admin.article.categorySet'),
            });
            filing.done?.();
            setFiling(null);
          }}
        />
      ) : null}
    </AdminPage>
  );
}
