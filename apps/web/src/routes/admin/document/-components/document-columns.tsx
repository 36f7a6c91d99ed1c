import type { ColumnDef } from '@tanstack/react-table';
import { type DocumentDTO, DocumentStatus } from '@wenku/shared';
import { CheckIcon, ExternalLinkIcon, RefreshCwIcon } from 'lucide-react';
import * as React from 'react';
import { DeleteAction, EditAction, RowAction, RowActions } from '@/components/admin/actions';
import { actionsColumn, createdAtColumn, idColumn } from '@/components/admin/columns';
import { useCan } from '@/components/admin/use-can';
import { type CategoryTreeNode, pathTitle } from '@/components/documents/category-path';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { formatBytes } from '@/components/documents/format';
import { documentHref } from '@/components/documents/reading';
import { ReviewHints } from '@/components/documents/review-hints';
import { DocumentStatusBadge } from '@/components/documents/status-badge';
import { useDocumentSettings, useLanguageName } from '@/components/documents/use-document-data';
import { Badge } from '@/components/ui/misc';
import type { TFunction } from '@/i18n';
import { useTranslation } from '@/i18n/react';
import { VipCell } from './set-vip-drawer';
import type { DocumentListActions } from './use-document-actions';

/** Who uploaded a document and its status: columns of the document list and of the recycle bin. */
export function uploaderStatusColumns(t: TFunction): ColumnDef<DocumentDTO>[] {
  return [
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
  ];
}

/** The file's size, sortable. */
export function sizeColumn(t: TFunction): ColumnDef<DocumentDTO> {
  return {
    id: 'size',
    accessorKey: 'size',
    header: t('documents.admin.size'),
    enableSorting: true,
    cell: ({ row: { original: d } }) => <span className="whitespace-nowrap text-xs">{formatBytes(d.size)}</span>,
  };
}

/** The columns of the admin document list, with each row's commands (view, approve, convert again, edit, delete). */
export function useDocumentColumns({
  tree,
  actions: { check, reconvert, remove },
  onEdit,
}: {
  tree: readonly CategoryTreeNode[];
  actions: DocumentListActions;
  onEdit: (d: DocumentDTO) => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const languageName = useLanguageName();
  const { creditName, vipEnabled } = useDocumentSettings();
  return React.useMemo<ColumnDef<DocumentDTO>[]>(
    () => [
      idColumn({ sortable: true }),
      {
        id: 'title',
        header: t('documents.fields.title'),
        meta: { className: 'min-w-64' },
        cell: ({ row: { original: d } }) => {
          const deepest = d.category_id.reduce((best, id) => {
            const title = pathTitle(tree, id);
            return title.length > best.length ? title : best;
          }, '');
          return (
            <div className="grid max-w-80 gap-0.5">
              <span className="flex items-start gap-1.5">
                <FileKindIcon ext={d.ext} className="mt-0.5 size-4" />
                <a
                  href={documentHref(d)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="line-clamp-2 font-medium hover:text-primary hover:underline"
                  title={d.title}
                >
                  {d.title}
                </a>
                {d.recommend_at ? (
                  <Badge variant="warning" className="shrink-0">
                    {t('documents.recommended')}
                  </Badge>
                ) : null}
              </span>
              <span className="truncate pl-5.5 text-muted-foreground text-xs" title={deepest}>
                {deepest || t('documents.admin.noCategory')}
                {d.language ? ` · ${languageName(d.language)}` : ''}
              </span>
            </div>
          );
        },
      },
      ...uploaderStatusColumns(t),
      {
        id: 'convert_error',
        header: t('documents.admin.convertError'),
        cell: ({ row: { original: d } }) => {
          const hints = <ReviewHints doc={d} />;
          return d.status === DocumentStatus.Failed && d.convert_error ? (
            <span className="grid max-w-56 gap-1">
              <span className="line-clamp-3 text-destructive text-xs" title={d.convert_error}>
                {d.convert_error}
              </span>
              {hints}
            </span>
          ) : d.duplicate_of || d.ocr_status === 1 || d.ocr_status === 3 ? (
            <span className="block max-w-56">{hints}</span>
          ) : (
            <span className="text-muted-foreground text-xs">-</span>
          );
        },
      },
      {
        id: 'pages',
        accessorKey: 'pages',
        header: t('documents.admin.pages'),
        enableSorting: true,
        cell: ({ row: { original: d } }) => <span className="tabular-nums">{d.pages}</span>,
      },
      {
        id: 'price',
        accessorKey: 'price',
        header: t('documents.admin.price', { name: creditName }),
        enableSorting: true,
        cell: ({ row: { original: d } }) => <span className="tabular-nums">{d.price}</span>,
      },
      // moredoc-pro-facts §5.4: the VIP文档 column exists while VIP is on.
      ...(vipEnabled
        ? [
            {
              id: 'is_vip',
              header: t('documents.admin.vipColumn'),
              cell: ({ row: { original: d } }) => <VipCell value={d.is_vip} />,
            } satisfies ColumnDef<DocumentDTO>,
          ]
        : []),
      sizeColumn(t),
      {
        id: 'view_count',
        accessorKey: 'view_count',
        header: t('documents.admin.counts'),
        enableSorting: true,
        cell: ({ row: { original: d } }) => (
          <span className="whitespace-nowrap text-xs tabular-nums">
            {d.view_count} / {d.download_count}
          </span>
        ),
      },
      createdAtColumn(t, { sortable: true, header: t('documents.admin.createdAt') }),
      actionsColumn(t, (d) => (
        <RowActions>
          <RowAction
            label={t('documents.admin.view')}
            onClick={() => window.open(documentHref(d), '_blank', 'noopener')}
          >
            <ExternalLinkIcon />
          </RowAction>
          {d.status === DocumentStatus.PendingReview && can('DocumentAPI.CheckDocument') ? (
            <RowAction
              label={t('documents.admin.checks.approve')}
              onClick={() => check([d], DocumentStatus.Pending, t('documents.admin.checks.approve'))}
            >
              <CheckIcon />
            </RowAction>
          ) : null}
          {d.status === DocumentStatus.Failed && can('DocumentAPI.SetDocumentReconvert') ? (
            <RowAction label={t('documents.admin.reconvert')} onClick={() => reconvert([d])}>
              <RefreshCwIcon />
            </RowAction>
          ) : null}
          {can('DocumentAPI.UpdateDocument') ? <EditAction onClick={() => onEdit(d)} /> : null}
          {/* A document being converted cannot be deleted (moredoc-facts §6.8). */}
          {can('DocumentAPI.DeleteDocument') && d.status !== DocumentStatus.Converting ? (
            <DeleteAction onClick={() => remove([d])} />
          ) : null}
        </RowActions>
      )),
    ],
    [t, tree, languageName, creditName, vipEnabled, can, check, reconvert, remove, onEdit],
  );
}
