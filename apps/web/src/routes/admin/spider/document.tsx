import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { SpiderDocumentDTO } from '@wenku/shared';
import { DownloadIcon, PencilLineIcon, SaveIcon, SendIcon, XIcon } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { BulkButton, BulkDeleteButton, DeleteAction, RowActions } from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { actionsColumn, idColumn } from '@/components/admin/columns';
import { useConfirm } from '@/components/admin/confirm-dialog';
import { DataTable } from '@/components/admin/data-table';
import { useConfirmedDelete, useInvalidate } from '@/components/admin/entity-mutations';
import { reportFormError } from '@/components/admin/form-errors';
import { formatBytes, formatDateTime } from '@/components/admin/format';
import { SelectInput } from '@/components/admin/inputs';
import { listRouteOptions, listSearchSchema, toListInput, useListSearch } from '@/components/admin/list-search';
import { MultiSelectFilter } from '@/components/admin/multi-select-filter';
import { SearchInput } from '@/components/admin/search-input';
import { useCan } from '@/components/admin/use-can';
import { LanguageSelect, useLanguageName } from '@/components/documents/language-select';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Badge } from '@/components/ui/misc';
import { optionalInt, optionalInts, z } from '@/lib/search-schema';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { PublishDrawer } from './-components/publish-drawer';
import {
  canQueueDownload,
  DOCUMENT_STATUS_TONE,
  isDownloading,
  isMoving,
  settableStatuses,
} from './-components/title-tools';
import { TitleToolsPopover } from './-components/title-tools-popover';

const STATUSES = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;

const searchSchema = z.extend(listSearchSchema, {
  status: optionalInts(0, 8),
  spider_url_id: optionalInt(1),
});
type Search = z.output<typeof searchSchema>;
const toInput = (s: Search) =>
  toListInput(s, {
    status: s.status?.length ? s.status : undefined,
    spider_url_id: s.spider_url_id ? [s.spider_url_id] : undefined,
  });

export const Route = createFileRoute('/admin/spider/document')({
  ...listRouteOptions(searchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.spiderDocument.list.queryOptions(toInput(deps))),
  component: SpiderDocumentPage,
});

/** The fields the batch editor changes (moredoc-pro-facts §9.2, the columns marked *). */
export type Draft = Pick<
  SpiderDocumentDTO,
  'status' | 'title' | 'title_from_href' | 'title_from_url' | 'title_from_attachment' | 'language'
>;
const draftOf = (d: SpiderDocumentDTO): Draft => ({
  status: d.status,
  title: d.title,
  title_from_href: d.title_from_href,
  title_from_url: d.title_from_url,
  title_from_attachment: d.title_from_attachment,
  language: d.language,
});

/** 文档采集 (moredoc-pro-facts §9.2): download, tidy titles in bulk, publish. */
function SpiderDocumentPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const can = useCan();
  const confirm = useConfirm();
  const { search, setSearch, tableProps } = useListSearch(Route);
  /** Rows in batch edit mode, with their unsaved values. */
  const [drafts, setDrafts] = React.useState<Map<number, Draft> | null>(null);
  /** Each edited row as it was when editing began: its status options, and whether the status was changed. */
  const [editedRows, setEditedRows] = React.useState<Map<number, SpiderDocumentDTO>>(new Map());
  const [publishing, setPublishing] = React.useState<{ rows: SpiderDocumentDTO[]; done: () => void } | null>(null);
  const list = useQuery({
    ...trpc.spiderDocument.list.queryOptions(toInput(search)),
    placeholderData: keepPreviousData,
    // Downloads and publishing run in the background; refresh while a row moves (not while editing).
    refetchInterval: (q) => (!drafts && q.state.data?.spider_document.some((d) => isMoving(d.status)) ? 2000 : false),
  });
  const invalidate = useInvalidate(trpc.spiderDocument.pathFilter());
  const canEdit = can('SpiderDocumentAPI.BatchUpdateSpiderDocument');
  const canDelete = can('SpiderDocumentAPI.DeleteSpiderDocument');

  const askDelete = useConfirmedDelete<SpiderDocumentDTO>({
    title: t('spider.document.deleteTitle'),
    description: (rows) =>
      rows.length === 1
        ? t('spider.document.deleteOne', { title: rows[0]?.title || rows[0]?.url })
        : t('spider.document.deleteMany', { count: rows.length }),
    remove: (id) => client.spiderDocument.delete.mutate({ id }),
    refresh: invalidate,
  });

  const batch = useMutation({
    mutationFn: (docs: Parameters<typeof client.spiderDocument.batchUpdate.mutate>[0]['spider_document']) =>
      client.spiderDocument.batchUpdate.mutate({ spider_document: docs }),
    onError: (e) => reportFormError(null, e),
  });

  const queueDownload = (rows: SpiderDocumentDTO[], clear: () => void) => {
    const ready = rows.filter((r) => canQueueDownload(r.status));
    if (ready.length === 0) {
      toast.info(t('spider.document.downloadNone'));
      return;
    }
    confirm({
      title: t('spider.document.downloadTitle'),
      description: t('spider.document.downloadConfirm', { count: ready.length }),
      confirmText: t('spider.document.download'),
      onConfirm: async () => {
        await batch.mutateAsync(ready.map((r) => ({ id: r.id, status: 1 })));
        toast.success(t('spider.document.downloadQueued'));
        clear();
        await invalidate();
      },
    });
  };

  const startEditing = (rows: SpiderDocumentDTO[]) => {
    setEditedRows(new Map(rows.map((d) => [d.id, d])));
    setDrafts(new Map(rows.map((d) => [d.id, draftOf(d)])));
  };

  const saveDrafts = async () => {
    if (!drafts) return;
    // The status goes only when the operator changed it: a job may have moved the row since, and the server refuses
    // to change the status of a row being downloaded or published.
    await batch.mutateAsync(
      [...drafts].map(([id, { status, ...d }]) => ({
        id,
        ...d,
        ...(status !== editedRows.get(id)?.status ? { status } : {}),
      })),
    );
    toast.success(t('spider.document.batchSaved'));
    setDrafts(null);
    await invalidate();
  };

  const setDraft = React.useCallback((id: number, patch: Partial<Draft>) => {
    setDrafts((prev) => {
      if (!prev) return prev;
      const next = new Map(prev);
      const current = next.get(id);
      if (current) next.set(id, { ...current, ...patch });
      return next;
    });
  }, []);

  const languageName = useLanguageName();
  const columns = React.useMemo<ColumnDef<SpiderDocumentDTO>[]>(() => {
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
              rows={(list.data?.spider_document ?? []).filter((d) => drafts.has(d.id))}
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
  }, [t, drafts, editedRows, list.data, setDraft, languageName, canDelete, askDelete]);

  return (
    <AdminPage title={t('admin.menu.spider_document')} description={t('spider.document.description')}>
      <FilterBar>
        <SearchInput value={search.wd} onChange={(wd) => setSearch({ wd })} placeholder={t('spider.keyword')} />
        <MultiSelectFilter
          aria-label={t('spider.document.columns.status')}
          className="w-full sm:w-56"
          value={(search.status ?? []).map(String)}
          onChange={(v) => setSearch({ status: v.length ? v.map(Number) : undefined })}
          placeholder={t('spider.allStatus')}
          options={STATUSES.map((n) => ({ value: String(n), label: t(`spider.document.statuses.${n}`) }))}
        />
        {search.spider_url_id ? (
          <Button variant="outline" size="sm" onClick={() => setSearch({ spider_url_id: undefined })}>
            {t('spider.url.columns.url')} #{search.spider_url_id}
            <XIcon />
          </Button>
        ) : null}
      </FilterBar>
      {drafts ? (
        <Alert>
          <PencilLineIcon />
          <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
            <span>{t('spider.document.editing')}</span>
            <span className="flex gap-2">
              <Button size="sm" variant="outline" onClick={() => setDrafts(null)} disabled={batch.isPending}>
                <XIcon />
                {t('spider.document.cancelEdit')}
              </Button>
              <Button size="sm" onClick={() => void saveDrafts()} disabled={batch.isPending}>
                <SaveIcon />
                {t('spider.document.submitEdit')}
              </Button>
            </span>
          </AlertDescription>
        </Alert>
      ) : null}
      <DataTable
        columns={columns}
        data={list.data?.spider_document}
        getRowId={(d) => String(d.id)}
        {...tableProps(list)}
        selectable={!drafts && (canEdit || canDelete)}
        bulkActions={(selected, clear) => (
          <>
            {canDelete ? (
              <BulkDeleteButton
                disabled={selected.some((d) => isDownloading(d.status))}
                onClick={() => askDelete(selected, clear)}
              />
            ) : null}
            {canEdit ? (
              <>
                <BulkButton
                  icon={<PencilLineIcon />}
                  onClick={() => {
                    startEditing(selected);
                    clear();
                  }}
                >
                  {t('spider.document.batchEdit')}
                </BulkButton>
                <BulkButton icon={<DownloadIcon />} onClick={() => queueDownload(selected, clear)}>
                  {t('spider.document.download')}
                </BulkButton>
                <BulkButton icon={<SendIcon />} onClick={() => setPublishing({ rows: selected, done: clear })}>
                  {t('spider.document.publish')}
                </BulkButton>
              </>
            ) : null}
          </>
        )}
        emptyText={t('spider.document.empty')}
        minWidth={2200}
      />
      {publishing ? (
        <PublishDrawer
          rows={publishing.rows}
          onClose={() => setPublishing(null)}
          onDone={() => {
            publishing.done();
            setPublishing(null);
            void invalidate();
          }}
        />
      ) : null}
    </AdminPage>
  );
}
