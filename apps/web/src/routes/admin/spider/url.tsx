import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import {
  type CreateSpiderUrlInput,
  createSpiderUrlInput,
  type SpiderUrlDTO,
  updateSpiderUrlInput,
} from '@wenku/shared';
import { FileSearchIcon } from 'lucide-react';
import * as React from 'react';
import type { z as zod } from 'zod';
import { BulkDeleteButton, CreateButton, DeleteAction, EditAction, RowActions } from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { actionsColumn, idColumn } from '@/components/admin/columns';
import { DataTable } from '@/components/admin/data-table';
import { useEntityForm } from '@/components/admin/entity-form';
import { useConfirmedDelete, useInvalidate } from '@/components/admin/entity-mutations';
import { FormDrawer } from '@/components/admin/form-dialog';
import { NumberSelectField, TextareaField } from '@/components/admin/form-fields';
import { listRouteOptions, listSearchSchema, toListInput } from '@/components/admin/list-search';
import { MultiSelectFilter } from '@/components/admin/multi-select-filter';
import { SearchInput } from '@/components/admin/search-input';
import { useAdminList } from '@/components/admin/use-admin-list';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/areas/spider';
import { formatDateTime } from '@/lib/dates';
import { optionalInts, z } from '@/lib/search-schema';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { LINK_STATUS_TONE } from './-components/title-tools';

const STATUSES = [0, 1, 2, 3] as const;

const searchSchema = z.extend(listSearchSchema, {
  status: optionalInts(0, 3),
});
type Search = z.output<typeof searchSchema>;
const toInput = (s: Search) => toListInput(s, { status: s.status?.length ? s.status : undefined });

export const Route = createFileRoute('/admin/spider/url')({
  ...listRouteOptions(searchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.spiderUrl.list.queryOptions(toInput(deps))),
  component: SpiderUrlPage,
});

/** 链接采集 (moredoc-pro-facts §9.1): links to crawl, their status, the documents found and the error. */
function SpiderUrlPage() {
  const { t, trpc, client, can, search, setSearch, tableProps } = useAdminList(Route);
  const list = useQuery({
    ...trpc.spiderUrl.list.queryOptions(toInput(search)),
    placeholderData: keepPreviousData,
    // Crawls finish in the background: refresh while a row is pending or crawling.
    refetchInterval: (q) => (q.state.data?.spider_url.some((u) => u.status <= 1) ? 2000 : false),
  });
  const [editing, setEditing] = React.useState<{ link: SpiderUrlDTO | null } | null>(null);
  const invalidate = useInvalidate(trpc.spiderUrl.pathFilter(), trpc.spiderDocument.pathFilter());
  const askDelete = useConfirmedDelete<SpiderUrlDTO>({
    title: t('spider.url.deleteTitle'),
    description: (rows) =>
      rows.length === 1
        ? t('spider.url.deleteOne', { url: rows[0]?.url })
        : t('spider.url.deleteMany', { count: rows.length }),
    remove: (id) => client.spiderUrl.delete.mutate({ id }),
    refresh: invalidate,
  });

  const columns = React.useMemo<ColumnDef<SpiderUrlDTO>[]>(
    () => [
      idColumn({ sortable: true }),
      {
        id: 'status',
        accessorKey: 'status',
        header: t('spider.url.columns.status'),
        enableSorting: true,
        cell: ({ row: { original: u } }) => (
          <Badge variant={LINK_STATUS_TONE[u.status] ?? 'secondary'} data-testid="spider-url-status">
            {t(`spider.url.statuses.${u.status}`, { defaultValue: String(u.status) })}
          </Badge>
        ),
      },
      {
        id: 'url',
        header: t('spider.url.columns.url'),
        meta: { className: 'min-w-56' },
        cell: ({ row: { original: u } }) => (
          <a
            href={u.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="line-clamp-2 max-w-96 break-all text-primary text-xs hover:underline"
          >
            {u.url}
          </a>
        ),
      },
      {
        id: 'total',
        accessorKey: 'total',
        header: t('spider.url.columns.total'),
        enableSorting: true,
        cell: ({ row: { original: u } }) => <span data-testid="spider-url-total">{u.total}</span>,
      },
      {
        id: 'error',
        header: t('spider.url.columns.error'),
        meta: { className: 'min-w-40' },
        cell: ({ row: { original: u } }) =>
          u.error ? (
            <span
              className={`line-clamp-2 max-w-60 text-xs ${u.status === 3 ? 'text-destructive' : 'text-muted-foreground'}`}
              title={u.error}
            >
              {u.error}
            </span>
          ) : (
            <span className="text-muted-foreground">-</span>
          ),
      },
      {
        id: 'created_at',
        header: t('spider.url.columns.createdAt'),
        enableSorting: true,
        cell: ({ row: { original: u } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(u.created_at)}</span>
        ),
      },
      {
        id: 'updated_at',
        header: t('spider.url.columns.updatedAt'),
        enableSorting: true,
        cell: ({ row: { original: u } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(u.updated_at)}</span>
        ),
      },
      actionsColumn(t, (u) => (
        <RowActions>
          {u.total > 0 && can('SpiderDocumentAPI.ListSpiderDocument') ? (
            <Button asChild variant="ghost" size="icon" className="size-8">
              <Link
                to="/admin/spider/document"
                search={{ spider_url_id: u.id }}
                aria-label={t('spider.url.viewDocuments')}
                title={t('spider.url.viewDocuments')}
              >
                <FileSearchIcon />
              </Link>
            </Button>
          ) : null}
          {can('SpiderUrlAPI.UpdateSpiderUrl') ? <EditAction onClick={() => setEditing({ link: u })} /> : null}
          {can('SpiderUrlAPI.DeleteSpiderUrl') ? <DeleteAction onClick={() => askDelete([u])} /> : null}
        </RowActions>
      )),
    ],
    [t, can, askDelete],
  );

  return (
    <AdminPage
      title={t('admin.menu.spider_url')}
      description={t('spider.url.description')}
      actions={
        can('SpiderUrlAPI.CreateSpiderUrl') ? (
          <CreateButton onClick={() => setEditing({ link: null })}>{t('spider.url.create')}</CreateButton>
        ) : null
      }
    >
      <FilterBar>
        <SearchInput value={search.wd} onChange={(wd) => setSearch({ wd })} placeholder={t('spider.keyword')} />
        <MultiSelectFilter
          aria-label={t('spider.url.columns.status')}
          className="w-full sm:w-56"
          value={(search.status ?? []).map(String)}
          onChange={(v) => setSearch({ status: v.length ? v.map(Number) : undefined })}
          placeholder={t('spider.allStatus')}
          options={STATUSES.map((n) => ({ value: String(n), label: t(`spider.url.statuses.${n}`) }))}
        />
      </FilterBar>
      <DataTable
        columns={columns}
        data={list.data?.spider_url}
        getRowId={(u) => String(u.id)}
        {...tableProps(list)}
        selectable={can('SpiderUrlAPI.DeleteSpiderUrl')}
        bulkActions={(selected, clear) => <BulkDeleteButton onClick={() => askDelete(selected, clear)} />}
        emptyText={t('spider.url.empty')}
        minWidth={1080}
      />
      {editing?.link ? <EditLinkDrawer link={editing.link} onClose={() => setEditing(null)} /> : null}
      {editing && !editing.link ? <CreateLinksDrawer onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}

/** `新增链接`: one link per line (moredoc-pro-facts §9.1). */
function CreateLinksDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  // The textarea's text is split into lines by the shared schema itself (its input accepts a string).
  const schema = createSpiderUrlInput as unknown as zod.ZodType<CreateSpiderUrlInput, { url: string }>;
  const { form, shellProps } = useEntityForm({
    schema,
    defaultValues: { url: '' },
    save: (v) => client.spiderUrl.create.mutate(v),
    successText: t('spider.url.created'),
    invalidate: [trpc.spiderUrl.pathFilter()],
    onClose,
  });
  return (
    <FormDrawer {...shellProps} title={t('spider.url.create')}>
      <TextareaField
        form={form}
        name="url"
        label={t('spider.url.field')}
        placeholder={t('spider.url.placeholder')}
        rows={8}
      />
    </FormDrawer>
  );
}

/** `编辑链接`: the address is read-only; the status can be set back to 待采集 to crawl again. */
function EditLinkDrawer({ link, onClose }: { link: SpiderUrlDTO; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { form, shellProps } = useEntityForm({
    schema: updateSpiderUrlInput,
    defaultValues: { id: link.id, status: link.status },
    save: (v) => client.spiderUrl.update.mutate(v),
    successText: t('spider.url.updated'),
    invalidate: [trpc.spiderUrl.pathFilter()],
    onClose,
  });
  return (
    <FormDrawer {...shellProps} title={t('spider.url.edit')}>
      <div className="grid gap-1.5 text-sm">
        <span className="font-medium">{t('spider.url.columns.url')}</span>
        <span className="break-all rounded-md border bg-muted/40 px-3 py-2 font-mono text-xs">{link.url}</span>
      </div>
      <NumberSelectField
        form={form}
        name="status"
        label={t('spider.url.columns.status')}
        hint={t('spider.url.statusHint')}
        options={STATUSES.filter((s) => s !== 1 || link.status === 1).map((n) => ({
          value: String(n),
          label: t(`spider.url.statuses.${n}`),
        }))}
      />
    </FormDrawer>
  );
}
