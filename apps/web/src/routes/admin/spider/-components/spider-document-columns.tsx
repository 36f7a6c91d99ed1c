import type { ColumnDef } from '@tanstack/react-table';
import type { SpiderDocumentDTO } from '@wenku/shared';
import { XIcon } from 'lucide-react';
import * as React from 'react';
import { DeleteAction, RowActions } from '@/components/admin/actions';
import { actionsColumn, idColumn } from '@/components/admin/columns';
import { formatBytes } from '@/components/admin/format';
import { SelectInput } from '@/components/admin/inputs';
import { LanguageSelect } from '@/components/documents/language-select';
import { useLanguageName } from '@/components/documents/use-document-data';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/areas/spider';
import { formatDateTime } from '@/lib/dates';
import { DOCUMENT_STATUS_TONE, isDownloading, settableStatuses } from './title-tools';
import { TitleToolsPopover } from './title-tools-popover';

/** The fields the batch editor changes (moredoc-pro-facts §9.2, the columns marked *). */
export type Draft = Pick<
  SpiderDocumentDTO,
  'status' | 'title' | 'title_from_href' | 'title_from_url' | 'title_from_attachment' | 'language'
>;
export const draftOf = (d: SpiderDocumentDTO): Draft => ({
  status: d.status,
  title: d.title,
  title_from_href: d.title_from_href,
  title_from_url: d.title_from_url,
  title_from_attachment: d.title_from_attachment,
  language: d.language,
});

/**
 * The columns of the crawled documents list. Rows in batch edit mode (`drafts`) show inputs for the fields marked *
 * and a status select limited to what the server accepts.
 */
export function useSpiderDocumentColumns({
  rows,
  drafts,
  setDrafts,
  setDraft,
  editedRows,
  canDelete,
  askDelete,
}: {
  rows: SpiderDocumentDTO[] | undefined;
  drafts: Map<number, Draft> | null;
  setDrafts: (drafts: Map<number, Draft>) => void;
  setDraft: (id: number, patch: Partial<Draft>) => void;
  editedRows: Map<number, SpiderDocumentDTO>;
  canDelete: boolean;
  askDelete: (rows: SpiderDocumentDTO[]) => void;
}) {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  return React.useMemo<ColumnDef<SpiderDocumentDTO>[]>(() => {
    const statusLabel = (n: number) => t(`spider.document.statuses.${n}`, { defaultValue: String(n) });
    const editable = (
      key: Exclude<keyof Draft, 'status'>,
      header: string,
      width: string,
    ): ColumnDef<SpiderDocumentDTO> => ({
      id: key,
      header: () =>
        key === 'title' && drafts ? (
          <span className="inline-flex items-center gap-1">
            {header}
            <TitleToolsPopover
              rows={(rows ?? []).filter((d) => drafts.has(d.id))}
              drafts={drafts}
              onApply={setDrafts}
            />
          </span>
        ) : (
          header
        ),
      meta: { className: width },
      cell: ({ row: { original: d } }) => {
        const draft = drafts?.get(d.id);
        if (draft) {
          if (key === 'language')
            return (
              <LanguageSelect
                className="h-8 w-28"
                aria-label={`${header} ${d.id}`}
                value={draft.language}
                onChange={(language) => setDraft(d.id, { language })}
              />
            );
          return (
            <Input
              className="h-8 text-xs"
              aria-label={`${header} ${d.id}`}
              value={draft[key]}
              maxLength={255}
              onChange={(e) => setDraft(d.id, { [key]: e.target.value })}
            />
          );
        }
        const value = d[key];
        const shown = key === 'language' && value ? languageName(value) : value;
        return value ? (
          <span className={`line-clamp-2 text-xs ${key === 'title' ? 'font-medium' : ''}`} title={value}>
            {shown}
          </span>
        ) : (
          <span className="text-muted-foreground">-</span>
        );
      },
    });
    return [
      idColumn({ sortable: true }),
      {
        id: 'status',
        accessorKey: 'status',
        header: t('spider.document.columns.status'),
        enableSorting: true,
        meta: drafts ? { className: 'min-w-32' } : undefined,
        cell: ({ row: { original: d } }) => {
          const draft = drafts?.get(d.id);
          // moredoc-pro-facts §9.2: 状态 is editable in batch mode, limited to what the server accepts.
          const options = draft ? settableStatuses(editedRows.get(d.id) ?? d) : [];
          return (
            <div className="grid gap-1">
              {draft && options.length > 0 ? (
                <SelectInput
                  className="h-8 w-28"
                  aria-label={`${t('spider.document.columns.status')} ${d.id}`}
                  value={String(draft.status)}
                  onChange={(v) => setDraft(d.id, { status: Number(v) })}
                  options={options.map((n) => ({ value: String(n), label: statusLabel(n) }))}
                />
              ) : (
                <Badge
                  variant={DOCUMENT_STATUS_TONE[d.status] ?? 'secondary'}
                  data-testid="spider-document-status"
                  title={draft ? t('spider.document.statusLocked') : undefined}
                >
                  {statusLabel(d.status)}
                </Badge>
              )}
              {d.document_id > 0 ? (
                <a
                  href={`/document/${d.document_id}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="whitespace-nowrap text-primary text-xs hover:underline"
                >
                  {t('spider.document.viewDocument', { id: d.document_id })}
                </a>
              ) : null}
              {d.duplicate_document_id > 0 ? (
                <span className="whitespace-nowrap text-warning text-xs" title={d.error}>
                  {t('spider.document.duplicate')} #{d.duplicate_document_id}
                </span>
              ) : null}
            </div>
          );
        },
      },
      {
        id: 'url',
        header: t('spider.document.columns.url'),
        meta: { className: 'min-w-48' },
        cell: ({ row: { original: d } }) => (
          <a
            href={d.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="line-clamp-2 max-w-64 break-all text-primary text-xs hover:underline"
          >
            {d.url}
          </a>
        ),
      },
      editable('language', t('spider.document.columns.language'), 'min-w-20'),
      editable('title', t('spider.document.columns.title'), 'min-w-48'),
      editable('title_from_href', t('spider.document.columns.titleFromHref'), 'min-w-36'),
      editable('title_from_url', t('spider.document.columns.titleFromUrl'), 'min-w-36'),
      editable('title_from_attachment', t('spider.document.columns.titleFromAttachment'), 'min-w-36'),
      {
        id: 'price',
        header: t('spider.document.columns.price'),
        cell: ({ row: { original: d } }) => <span className="text-xs">{d.price}</span>,
      },
      {
        id: 'size',
        accessorKey: 'size',
        header: t('spider.document.columns.size'),
        enableSorting: true,
        cell: ({ row: { original: d } }) => (
          <span className="whitespace-nowrap text-xs">{d.size ? formatBytes(d.size) : '-'}</span>
        ),
      },
      {
        id: 'ext',
        header: t('spider.document.columns.ext'),
        cell: ({ row: { original: d } }) => <span className="font-mono text-xs">{d.ext || '-'}</span>,
      },
      {
        id: 'content_type',
        header: t('spider.document.columns.contentType'),
        cell: ({ row: { original: d } }) => (
          <span className="line-clamp-2 max-w-40 break-all font-mono text-xs">{d.content_type || '-'}</span>
        ),
      },
      {
        id: 'error',
        header: t('spider.document.columns.error'),
        meta: { className: 'min-w-36' },
        cell: ({ row: { original: d } }) =>
          d.error ? (
            <span
              className={`line-clamp-2 max-w-56 text-xs ${d.status === 4 || d.status === 8 ? 'text-destructive' : 'text-warning'}`}
              title={d.error}
            >
              {d.error}
            </span>
          ) : (
            <span className="text-muted-foreground">-</span>
          ),
      },
      {
        id: 'save_path',
        header: t('spider.document.columns.savePath'),
        cell: ({ row: { original: d } }) => (
          <span className="line-clamp-2 max-w-48 break-all font-mono text-xs">{d.save_path || '-'}</span>
        ),
      },
      {
        id: 'user_id',
        header: t('spider.document.columns.userId'),
        cell: ({ row: { original: d } }) =>
          d.user_id ? (
            <a
              href={`/user/${d.user_id}`}
              target="_blank"
              rel="noopener noreferrer"
              className="text-xs hover:underline"
            >
              #{d.user_id}
            </a>
          ) : (
            <span className="text-muted-foreground">-</span>
          ),
      },
      {
        id: 'category_id',
        header: t('spider.document.columns.categoryId'),
        cell: ({ row: { original: d } }) => <span className="font-mono text-xs">{d.category_id || '-'}</span>,
      },
      {
        id: 'created_at',
        header: t('spider.document.columns.createdAt'),
        enableSorting: true,
        cell: ({ row: { original: d } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(d.created_at)}</span>
        ),
      },
      {
        id: 'updated_at',
        header: t('spider.document.columns.updatedAt'),
        enableSorting: true,
        cell: ({ row: { original: d } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(d.updated_at)}</span>
        ),
      },
      actionsColumn(t, (d) =>
        canDelete ? (
          <RowActions>
            {isDownloading(d.status) ? (
              <span title={t('spider.document.deleteBusy')}>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  disabled
                  aria-label={t('spider.document.deleteBusy')}
                >
                  <XIcon />
                </Button>
              </span>
            ) : (
              <DeleteAction onClick={() => askDelete([d])} />
            )}
          </RowActions>
        ) : null,
      ),
    ];
  }, [t, drafts, setDrafts, editedRows, rows, setDraft, languageName, canDelete, askDelete]);
}
