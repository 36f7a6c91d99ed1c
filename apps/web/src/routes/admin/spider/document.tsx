import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { SpiderDocumentDTO } from '@wenku/shared';
import { DownloadIcon, PencilLineIcon, SaveIcon, SendIcon, XIcon } from 'lucide-react';
import * as React from 'react';
import { BulkButton, BulkDeleteButton } from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { useConfirm } from '@/components/admin/confirm-dialog';
import { DataTable } from '@/components/admin/data-table';
import { useConfirmedDelete, useInvalidate } from '@/components/admin/entity-mutations';
import { reportFormError } from '@/components/admin/form-errors';
import { listRouteOptions, listSearchSchema, toListInput } from '@/components/admin/list-search';
import { MultiSelectFilter } from '@/components/admin/multi-select-filter';
import { SearchInput } from '@/components/admin/search-input';
import { useAdminList } from '@/components/admin/use-admin-list';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/areas/spider';
import { optionalInt, optionalInts, z } from '@/lib/search-schema';
import { PublishDrawer } from './-components/publish-drawer';
import { type Draft, draftOf, useSpiderDocumentColumns } from './-components/spider-document-columns';
import { canQueueDownload, isDownloading, isMoving } from './-components/title-tools';

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

/** 文档采集 (moredoc-pro-facts §9.2): download, tidy titles in bulk, publish. */
function SpiderDocumentPage() {
  const confirm = useConfirm();
  // The area's texts come with this component (issue 17), not with the route tree: `t` from the area's hook.
  const { t } = useTranslation();
  const { trpc, client, can, search, setSearch, tableProps } = useAdminList(Route);
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

  const batch = useMutation(
    trpc.spiderDocument.batchUpdate.mutationOptions({
      onError: (e) => reportFormError(null, e),
    }),
  );

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
        await batch.mutateAsync({ spider_document: ready.map((r) => ({ id: r.id, status: 1 })) });
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
    await batch.mutateAsync({
      spider_document: [...drafts].map(([id, { status, ...d }]) => ({
        id,
        ...d,
        ...(status !== editedRows.get(id)?.status ? { status } : {}),
      })),
    });
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

  const columns = useSpiderDocumentColumns({
    rows: list.data?.spider_document,
    drafts,
    setDrafts,
    setDraft,
    editedRows,
    canDelete,
    askDelete,
  });

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
