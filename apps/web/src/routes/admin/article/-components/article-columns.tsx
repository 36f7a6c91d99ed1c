import type { ColumnDef } from '@tanstack/react-table';
import type { ArticleDTO } from '@wenku/shared';
import { CheckIcon, MegaphoneIcon, StarIcon, StarOffIcon, Undo2Icon, XIcon } from 'lucide-react';
import * as React from 'react';
import { DeleteAction, EditAction, RowAction, RowActions } from '@/components/admin/actions';
import { actionsColumn, idColumn } from '@/components/admin/columns';
import { useCan } from '@/components/admin/use-can';
import { Badge } from '@/components/ui/misc';
import type { TFunction } from '@/i18n';
import { useTranslation } from '@/i18n/react';
import { formatDateTime } from '@/lib/dates';
import { articleHref, type CheckAction, categoryTitles, checkActionsFor, isNotice } from './article-admin';
import { ArticleStatusBadge } from './article-status-badge';

export const CHECK_ICONS = { approve: CheckIcon, reject: XIcon, toReview: Undo2Icon } as const;

/** An article's status (with the reason of a rejection): a column of the list and of the recycle bin. */
export function articleStatusColumn(t: TFunction): ColumnDef<ArticleDTO> {
  return {
    id: 'status',
    header: t('admin.article.fields.status'),
    cell: ({ row: { original: a } }) => <ArticleStatusBadge status={a.status} reason={a.reject_reason} />,
  };
}

/** The columns of the admin article list, with each row's commands (review, recommend, edit, delete). */
export function useArticleColumns({
  titleById,
  label,
  check,
  recommend,
  remove,
  onEdit,
}: {
  titleById: Parameters<typeof categoryTitles>[1];
  label: (action: string) => string;
  check: (action: CheckAction, rows: ArticleDTO[]) => void;
  recommend: (rows: ArticleDTO[], on: boolean) => void;
  remove: (rows: ArticleDTO[]) => void;
  onEdit: (a: ArticleDTO) => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const canCheck = can('ArticleAPI.CheckArticles');
  const canRecommend = can('ArticleAPI.RecommendArticles');
  const canEdit = can('ArticleAPI.UpdateArticle');
  const canDelete = can('ArticleAPI.DeleteArticle');
  return React.useMemo<ColumnDef<ArticleDTO>[]>(
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
      articleStatusColumn(t),
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
          {canEdit ? <EditAction onClick={() => onEdit(a)} /> : null}
          {canDelete ? <DeleteAction onClick={() => remove([a])} /> : null}
        </RowActions>
      )),
    ],
    [t, titleById, canCheck, canRecommend, canEdit, canDelete, check, recommend, remove, label, onEdit],
  );
}
