import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { ArticleDTO } from '@wenku/shared';
import { CheckIcon, FolderTreeIcon, MegaphoneIcon, StarIcon, StarOffIcon, Undo2Icon, XIcon } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import {
  BulkButton,
  BulkDeleteButton,
  BulkMenu,
  CreateButton,
  DeleteAction,
  EditAction,
  RowAction,
  RowActions,
} from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { actionsColumn, idColumn } from '@/components/admin/columns';
import { DataTable } from '@/components/admin/data-table';
import { formatDateTime } from '@/components/admin/format';
import { SelectInput } from '@/components/admin/inputs';
import { useListActions } from '@/components/admin/list-actions';
import {
  listParam,
  listRouteOptions,
  listSearchSchema,
  optionalBool,
  optionalNumber,
  toListInput,
  useListSearch,
} from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useCan } from '@/components/admin/use-can';
import { DropdownMenuItem } from '@/components/ui/menu';
import { Badge } from '@/components/ui/misc';
import { z } from '@/lib/search-schema';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import {
  ARTICLE_STATUSES,
  allowedBulkActions,
  articleHref,
  articleStatusKey,
  CHECK_ACTIONS,
  type CheckAction,
  categoryTitles,
  checkActionsFor,
  isNotice,
  rowsChangedBy,
} from './-components/article-admin';
import { ARTICLE_CATEGORY_INPUT, useArticleCategories } from './-components/article-categories';
import { ArticleFormDrawer } from './-components/article-form';
import { ArticleStatusBadge } from './-components/article-status-badge';
import { RejectDialog, SetCategoryDialog } from './-components/bulk-dialogs';

const searchSchema = z.extend(listSearchSchema, {
  status: optionalNumber,
  category_id: optionalNumber,
  recommend: optionalBool,
  notice: optionalBool,
});
type Search = z.output<typeof searchSchema>;

const toInput = (s: Search) =>
  toListInput(s, {
    status: listParam(s.status),
    category_id: listParam(s.category_id),
    is_recommend: listParam(s.recommend),
    is_notice: listParam(s.notice),
  });

export const Route = createFileRoute('/admin/article/list')({
  ...listRouteOptions(searchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    Promise.all([
      queryClient.prefetchQuery(trpc.article.list.queryOptions(toInput(deps))),
      queryClient.prefetchQuery(trpc.category.list.queryOptions(ARTICLE_CATEGORY_INPUT)),
    ]),
  component: ArticleListPage,
});

const CHECK_ICONS = { approve: CheckIcon, reject: XIcon, toReview: Undo2Icon } as const;

/** The yes/no filters of the list (是否推荐, 是否是公告). */
function YesNoFilter({
  label,
  allLabel,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: boolean | undefined;
  onChange: (v: boolean | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectInput
      aria-label={label}
      className="w-[calc(50%-0.25rem)] whitespace-nowrap sm:w-auto sm:min-w-32"
      value={value === undefined ? '' : String(value)}
      onChange={(v) => onChange(v === '' ? undefined : v === 'true')}
      emptyLabel={allLabel}
      options={[
        { value: 'true', label: t('yes') },
        { value: 'false', label: t('no') },
      ]}
    />
  );
}

/**
 * 文章列表 (spec §2 /admin/article/list, moredoc-facts §9): filter, review (approve, reject with a reason, back to
 * review), recommend, file under a category, edit and delete articles, one by one or in bulk.
 */
function ArticleListPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const can = useCan();
  const categories = useArticleCategories();
  const { search, setSearch, tableProps } = useListSearch(Route);
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

  const canCheck = can('ArticleAPI.CheckArticles');
  const canRecommend = can('ArticleAPI.RecommendArticles');
  const canEdit = can('ArticleAPI.UpdateArticle');
  const canDelete = can('ArticleAPI.DeleteArticle');
  const bulk = allowedBulkActions(can);
  const { titleById } = categories;

  const columns = React.useMemo<ColumnDef<ArticleDTO>[]>(
    () => [
      idColumn({ sortable: true }),
      {
        id: 'title',
        header: t('admin.article.fields.title'),
        meta: { className: 'min-w-56' },
        cell: ({ row: { original: a } }) => (
          <div className="grid max-w-80 gap-0.5">
            <span className="flex items-start gap-1.5">
              {isNotice(a.notice) ? (
                <span className="mt-0.5 shrink-0 text-destructive" title={t('admin.article.notice')}>
                  <MegaphoneIcon className="size-4" aria-hidden />
                  <span className="sr-only">{t('admin.article.notice')}</span>
                </span>
              ) : null}
              <a
                href={articleHref(a.identifier)}
                target="_blank"
                rel="noopener noreferrer"
                className="line-clamp-2 font-medium hover:text-primary hover:underline"
                title={a.title}
              >
                {a.title}
              </a>
            </span>
            <span className="truncate font-mono text-muted-foreground text-xs" title={a.identifier}>
              {a.identifier}
            </span>
          </div>
        ),
      },
      {
        id: 'category',
        header: t('admin.article.fields.category'),
        meta: { className: 'min-w-24' },
        cell: ({ row: { original: a } }) => {
          const names = categoryTitles(a.category_id, titleById);
          return names.length ? (
            <span className="line-clamp-2 max-w-40 text-xs" title={names.join(' / ')}>
              {names.join(' / ')}
            </span>
          ) : (
            <span className="text-muted-foreground text-xs">{t('admin.article.uncategorized')}</span>
          );
        },
      },
      {
        id: 'user',
        header: t('admin.article.fields.author'),
        cell: ({ row: { original: a } }) => (
          <a
            href={`/user/${a.user_id}`}
            target="_blank"
            rel="noopener noreferrer"
            className="whitespace-nowrap text-xs hover:text-primary hover:underline"
          >
            {a.user?.username || `#${a.user_id}`}
          </a>
        ),
      },
      {
        id: 'status',
        header: t('admin.article.fields.status'),
        cell: ({ row: { original: a } }) => <ArticleStatusBadge status={a.status} reason={a.reject_reason} />,
      },
      {
        id: 'view_count',
        accessorKey: 'view_count',
        header: t('admin.article.fields.counts'),
        enableSorting: true,
        cell: ({ row: { original: a } }) => (
          <span
            className="whitespace-nowrap text-xs tabular-nums"
            title={t('admin.article.countsTitle', {
              views: a.view_count,
              favorites: a.favorite_count,
              comments: a.comment_count,
            })}
          >
            {a.view_count} / {a.favorite_count} / {a.comment_count}
          </span>
        ),
      },
      {
        id: 'recommend_at',
        accessorKey: 'recommend_at',
        header: t('admin.article.fields.recommend'),
        enableSorting: true,
        cell: ({ row: { original: a } }) =>
          a.recommend_at ? (
            <Badge variant="warning" title={formatDateTime(a.recommend_at)}>
              <StarIcon />
              {t('admin.article.recommended')}
            </Badge>
          ) : (
            <span className="text-muted-foreground text-xs">-</span>
          ),
      },
      {
        id: 'notice',
        header: t('admin.article.fields.notice'),
        cell: ({ row: { original: a } }) =>
          isNotice(a.notice) ? (
            <span className="text-xs tabular-nums">{a.notice}</span>
          ) : (
            <span className="text-muted-foreground text-xs">-</span>
          ),
      },
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('admin.article.fields.time'),
        enableSorting: true,
        cell: ({ row: { original: a } }) => (
          <div className="grid gap-0.5 whitespace-nowrap text-xs">
            <span title={t('admin.common.createdAt')}>{formatDateTime(a.created_at)}</span>
            <span className="text-muted-foreground" title={t('admin.common.updatedAt')}>
              {t('admin.article.updatedAt', { time: formatDateTime(a.updated_at) })}
            </span>
          </div>
        ),
      },
      actionsColumn(t, (a) => (
        <RowActions>
          {canCheck
            ? checkActionsFor(a.status)
                .filter((c) => c !== 'toReview')
                .map((c) => {
                  const Icon = CHECK_ICONS[c];
                  return (
                    <RowAction key={c} label={label(c)} destructive={c === 'reject'} onClick={() => check(c, [a])}>
                      <Icon />
                    </RowAction>
                  );
                })
            : null}
          {canRecommend ? (
            <RowAction
              label={a.recommend_at ? label('unrecommend') : label('recommend')}
              onClick={() => recommend([a], !a.recommend_at)}
            >
              {a.recommend_at ? <StarOffIcon /> : <StarIcon />}
            </RowAction>
          ) : null}
          {canEdit ? <EditAction onClick={() => setEditing({ id: a.id })} /> : null}
          {canDelete ? <DeleteAction onClick={() => remove([a])} /> : null}
        </RowActions>
      )),
    ],
    [t, titleById, canCheck, canRecommend, canEdit, canDelete, check, recommend, remove, label],
  );

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
      <FilterBar>
        <SearchInput
          value={search.wd}
          onChange={(wd) => setSearch({ wd })}
          placeholder={t('admin.article.searchPlaceholder')}
        />
        <SelectInput
          aria-label={t('admin.article.fields.category')}
          className="w-[calc(50%-0.25rem)] sm:w-44"
          value={search.category_id === undefined ? '' : String(search.category_id)}
          onChange={(v) => setSearch({ category_id: v === '' ? undefined : Number(v) })}
          emptyLabel={t('admin.article.allCategories')}
          options={categories.options}
        />
        <SelectInput
          aria-label={t('admin.article.fields.status')}
          className="w-[calc(50%-0.25rem)] sm:w-32"
          value={search.status === undefined ? '' : String(search.status)}
          onChange={(v) => setSearch({ status: v === '' ? undefined : Number(v) })}
          emptyLabel={t('admin.common.allStatus')}
          options={ARTICLE_STATUSES.map((s) => ({
            value: String(s),
            label: t(`admin.article.status.${articleStatusKey(s)}`),
          }))}
        />
        <YesNoFilter
          label={t('admin.article.isRecommend')}
          allLabel={t('admin.article.allRecommend')}
          value={search.recommend}
          onChange={(recommend) => setSearch({ recommend })}
        />
        <YesNoFilter
          label={t('admin.article.isNotice')}
          allLabel={t('admin.article.allNotice')}
          value={search.notice}
          onChange={(notice) => setSearch({ notice })}
        />
      </FilterBar>
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
