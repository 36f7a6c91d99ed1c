import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { ArticleDTO } from '@wenku/shared';
import { ExternalLinkIcon, InfoIcon } from 'lucide-react';
import * as React from 'react';
import {
  CreateButton,
  DeleteAction,
  EditAction,
  RowAction,
  RowActionGap,
  RowActions,
} from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { actionsColumn, idColumn } from '@/components/admin/columns';
import { useConfirm } from '@/components/admin/confirm-dialog';
import { DataTable, queryTableState } from '@/components/admin/data-table';
import { SearchInput } from '@/components/admin/search-input';
import { useCan } from '@/components/admin/use-can';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { formatDateTime } from '@/lib/dates';
import { toastCallbacks } from '@/lib/mutation-toasts';
import { useTRPC } from '@/lib/trpc';
import { articleHref, collectSinglePages, isBuiltInPage } from './-components/article-admin';
import { ArticleFormDrawer } from './-components/article-form';
import { ArticleStatusBadge } from './-components/article-status-badge';

type TRPC = ReturnType<typeof useTRPC>;

/**
 * The single pages (`is_page`), gathered from the article list. The key sits under `article`, so
 * every article change (`trpc.article.pathFilter()`) refreshes it too.
 */
const singlePagesQuery = (queryClient: QueryClient, trpc: TRPC) =>
  queryOptions({
    queryKey: [['article', 'singlePages']],
    queryFn: () =>
      collectSinglePages<ArticleDTO>((page, size) =>
        queryClient.fetchQuery(trpc.article.list.queryOptions({ page, size, order: 'id asc', is_page: [true] })),
      ),
  });

export const Route = createFileRoute('/admin/article/set')({
  loader: ({ context: { queryClient, trpc } }) => queryClient.prefetchQuery(singlePagesQuery(queryClient, trpc)),
  component: SinglePagesPage,
});

/**
 * 单页管理 (spec §2 /admin/article/set): the pages the site links to by name (about, agreement, contact, feedback,
 * copyright, help) and any other article an administrator gave its own identifier. Edit their text, open them, add
 * new ones; the seeded pages cannot be deleted since the footer links to them.
 */
function SinglePagesPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const can = useCan();
  const confirm = useConfirm();
  const query = useQuery(singlePagesQuery(queryClient, trpc));
  const [keyword, setKeyword] = React.useState<string | undefined>();
  const [editing, setEditing] = React.useState<{ id: number | null } | null>(null);

  const rows = React.useMemo(() => {
    const pages = query.data?.pages;
    const wd = keyword?.toLowerCase();
    if (!pages || !wd) return pages;
    return pages.filter((p) => p.title.toLowerCase().includes(wd) || p.identifier.toLowerCase().includes(wd));
  }, [query.data, keyword]);

  const { mutateAsync: run } = useMutation(
    trpc.article.delete.mutationOptions(
      toastCallbacks({
        success: t('admin.article.deleted'),
        refresh: () => queryClient.invalidateQueries(trpc.article.pathFilter()),
      }),
    ),
  );
  const remove = React.useCallback(
    (page: ArticleDTO) =>
      confirm({
        title: t('admin.article.deletePageTitle'),
        description: t('admin.article.deletePage', { title: page.title, identifier: page.identifier }),
        destructive: true,
        confirmText: t('delete'),
        onConfirm: () => run({ id: [page.id] }),
      }),
    [confirm, run, t],
  );

  const canEdit = can('ArticleAPI.UpdateArticle');
  const canDelete = can('ArticleAPI.DeleteArticle');

  const columns = React.useMemo<ColumnDef<ArticleDTO>[]>(
    () => [
      idColumn(),
      {
        id: 'title',
        header: t('admin.article.fields.title'),
        meta: { className: 'min-w-48' },
        cell: ({ row: { original: p } }) => (
          <div className="grid max-w-80 gap-0.5">
            <a
              href={articleHref(p.identifier)}
              target="_blank"
              rel="noopener noreferrer"
              className="line-clamp-2 font-medium hover:text-primary hover:underline"
            >
              {p.title}
            </a>
            {p.description ? (
              <span className="truncate text-muted-foreground text-xs" title={p.description}>
                {p.description}
              </span>
            ) : null}
          </div>
        ),
      },
      {
        id: 'identifier',
        header: t('admin.article.fields.identifier'),
        cell: ({ row: { original: p } }) => (
          <span className="flex items-center gap-1.5 whitespace-nowrap">
            <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{p.identifier}</code>
            {isBuiltInPage(p.identifier) ? <Badge variant="secondary">{t('admin.article.builtIn')}</Badge> : null}
          </span>
        ),
      },
      {
        id: 'status',
        header: t('admin.article.fields.status'),
        cell: ({ row: { original: p } }) => <ArticleStatusBadge status={p.status} reason={p.reject_reason} />,
      },
      {
        id: 'view_count',
        header: t('admin.article.views'),
        cell: ({ row: { original: p } }) => <span className="text-xs tabular-nums">{p.view_count}</span>,
      },
      {
        id: 'updated_at',
        header: t('admin.common.updatedAt'),
        cell: ({ row: { original: p } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(p.updated_at)}</span>
        ),
      },
      actionsColumn(t, (p) => (
        <RowActions>
          <RowAction
            label={t('admin.article.view')}
            onClick={() => window.open(articleHref(p.identifier), '_blank', 'noopener')}
          >
            <ExternalLinkIcon />
          </RowAction>
          {canEdit ? <EditAction onClick={() => setEditing({ id: p.id })} /> : null}
          {canDelete ? (
            isBuiltInPage(p.identifier) ? (
              <RowActionGap />
            ) : (
              <DeleteAction onClick={() => remove(p)} />
            )
          ) : null}
        </RowActions>
      )),
    ],
    [t, canEdit, canDelete, remove],
  );

  return (
    <AdminPage
      title={t('admin.menu.article_set')}
      description={t('admin.article.pagesDescription')}
      actions={
        can('ArticleAPI.CreateArticle') ? (
          <CreateButton onClick={() => setEditing({ id: null })}>{t('admin.article.createPage')}</CreateButton>
        ) : null
      }
    >
      <FilterBar>
        <SearchInput value={keyword} onChange={setKeyword} placeholder={t('admin.article.pagesSearch')} />
      </FilterBar>
      {query.data && !query.data.complete ? (
        <Alert variant="info">
          <InfoIcon />
          <AlertDescription>
            {t('admin.article.pagesPartial', { scanned: query.data.scanned, total: query.data.total })}
          </AlertDescription>
        </Alert>
      ) : null}
      <DataTable
        columns={columns}
        data={rows}
        getRowId={(p) => String(p.id)}
        {...queryTableState(query)}
        emptyText={keyword ? t('admin.common.noMatch') : t('admin.article.pagesEmpty')}
        minWidth={820}
      />
      {editing ? <ArticleFormDrawer articleId={editing.id} mode="page" onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}
