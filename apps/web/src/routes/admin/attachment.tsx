import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { type AttachmentDTO, AttachmentType, IMAGE_EXTENSIONS, updateAttachmentInput } from '@wenku/shared';
import { FileIcon } from 'lucide-react';
import * as React from 'react';
import { BulkDeleteButton, DeleteAction, EditAction, RowActions } from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { actionsColumn, idColumn } from '@/components/admin/columns';
import { DataTable } from '@/components/admin/data-table';
import { useEntityForm } from '@/components/admin/entity-form';
import { useConfirmedDelete, useInvalidate } from '@/components/admin/entity-mutations';
import { EnableFilter, NumberFilter } from '@/components/admin/filters';
import { FormDialog } from '@/components/admin/form-dialog';
import { DescriptionField, SwitchField, TextField } from '@/components/admin/form-fields';
import { formatBytes } from '@/components/admin/format';
import { listRouteOptions, oneValueFilters, optionalBool, optionalNumber } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useAdminList } from '@/components/admin/use-admin-list';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { formatDateTime } from '@/lib/dates';
import { useTRPC, useTRPCClient } from '@/lib/trpc';

const { searchSchema, toInput } = oneValueFilters({ type: optionalNumber, enable: optionalBool });

export const Route = createFileRoute('/admin/attachment')({
  ...listRouteOptions(searchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.attachment.list.queryOptions(toInput(deps))),
  component: AttachmentPage,
});

const ATTACHMENT_TYPES = Object.values(AttachmentType);
const isImage = (a: AttachmentDTO) => (IMAGE_EXTENSIONS as readonly string[]).includes(a.ext.toLowerCase());

/** Uploaded files (moredoc-facts §19.2): rename, describe, mark illegal; delete only what nothing uses. */
function AttachmentPage() {
  const { t, trpc, client, can, search, setSearch, tableProps } = useAdminList(Route);
  const list = useQuery({ ...trpc.attachment.list.queryOptions(toInput(search)), placeholderData: keepPreviousData });
  const [editing, setEditing] = React.useState<AttachmentDTO | null>(null);
  const [preview, setPreview] = React.useState<AttachmentDTO | null>(null);

  const invalidate = useInvalidate(trpc.attachment.pathFilter());
  // moredoc's refusal for files still in use is shown as the server words it.
  const askDelete = useConfirmedDelete<AttachmentDTO>({
    title: t('admin.attachment.deleteTitle'),
    description: (rows) => t('admin.attachment.deleteConfirm', { count: rows.length }),
    remove: (id) => client.attachment.delete.mutate({ id }),
    refresh: invalidate,
  });

  const columns = React.useMemo<ColumnDef<AttachmentDTO>[]>(
    () => [
      idColumn({ sortable: true }),
      {
        id: 'preview',
        header: t('admin.attachment.preview'),
        cell: ({ row: { original: a } }) =>
          isImage(a) ? (
            <button
              type="button"
              className="block overflow-hidden rounded border"
              aria-label={t('admin.attachment.preview')}
              onClick={() => setPreview(a)}
            >
              <img src={a.path} alt={a.name} loading="lazy" className="size-12 object-cover" />
            </button>
          ) : (
            <span className="flex size-12 flex-col items-center justify-center rounded border text-muted-foreground text-[10px]">
              <FileIcon className="size-5" />
              {a.ext.replace('.', '').toUpperCase()}
            </span>
          ),
      },
      {
        id: 'name',
        header: t('admin.attachment.name'),
        cell: ({ row: { original: a } }) => (
          <div className="grid max-w-64">
            <a
              href={a.path}
              target="_blank"
              rel="noreferrer noopener"
              className="truncate hover:underline"
              title={a.name}
            >
              {a.name}
            </a>
            {a.description ? <span className="truncate text-muted-foreground text-xs">{a.description}</span> : null}
          </div>
        ),
      },
      {
        id: 'type',
        header: t('admin.attachment.type'),
        cell: ({ row: { original: a } }) => (
          <Badge variant="secondary">
            {t(`admin.attachment.types.${a.type}`, { defaultValue: a.type_name ?? '' })}
          </Badge>
        ),
      },
      {
        id: 'username',
        header: t('admin.attachment.uploader'),
        cell: ({ row: { original: a } }) => <span className="text-xs">{a.username || `#${a.user_id}`}</span>,
      },
      {
        id: 'size',
        accessorKey: 'size',
        header: t('admin.attachment.size'),
        enableSorting: true,
        cell: ({ row: { original: a } }) => (
          <div className="grid whitespace-nowrap text-xs">
            <span>{formatBytes(a.size)}</span>
            {a.width && a.height ? (
              <span className="text-muted-foreground">
                {a.width}×{a.height}
              </span>
            ) : null}
          </div>
        ),
      },
      {
        id: 'enable',
        header: t('admin.attachment.legal'),
        cell: ({ row: { original: a } }) => (
          <Badge variant={a.enable ? 'success' : 'destructive'}>
            {a.enable ? t('admin.attachment.isLegal') : t('admin.attachment.isIllegal')}
          </Badge>
        ),
      },
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('admin.common.createdAt'),
        enableSorting: true,
        cell: ({ row: { original: a } }) => (
          <div className="grid whitespace-nowrap text-xs">
            <span>{formatDateTime(a.created_at)}</span>
            <span className="text-muted-foreground">{a.ip}</span>
          </div>
        ),
      },
      actionsColumn(t, (a) => (
        <RowActions>
          {can('AttachmentAPI.UpdateAttachment') ? <EditAction onClick={() => setEditing(a)} /> : null}
          {can('AttachmentAPI.DeleteAttachment') ? <DeleteAction onClick={() => askDelete([a])} /> : null}
        </RowActions>
      )),
    ],
    [t, can, askDelete],
  );

  return (
    <AdminPage title={t('admin.menu.attachment')} description={t('admin.attachment.description')}>
      <FilterBar>
        <SearchInput
          value={search.wd}
          onChange={(wd) => setSearch({ wd })}
          placeholder={t('admin.attachment.search')}
        />
        <NumberFilter
          label={t('admin.attachment.type')}
          allLabel={t('admin.attachment.allTypes')}
          value={search.type}
          onChange={(type) => setSearch({ type })}
          className="w-full sm:w-36"
          options={ATTACHMENT_TYPES.map((v) => ({ value: String(v), label: t(`admin.attachment.types.${v}`) }))}
        />
        <EnableFilter value={search.enable} onChange={(enable) => setSearch({ enable })} />
      </FilterBar>
      <DataTable
        columns={columns}
        data={list.data?.attachment}
        getRowId={(a) => String(a.id)}
        {...tableProps(list)}
        selectable={can('AttachmentAPI.DeleteAttachment')}
        bulkActions={(selected, clear) => <BulkDeleteButton onClick={() => askDelete(selected, clear)} />}
        minWidth={1000}
      />
      {editing ? <AttachmentDialog attachment={editing} onClose={() => setEditing(null)} /> : null}
      <Dialog open={!!preview} onOpenChange={(v) => !v && setPreview(null)}>
        <DialogContent className="sm:max-w-3xl" aria-describedby={undefined}>
          <DialogTitle className="truncate pr-6">{preview?.name}</DialogTitle>
          {preview ? (
            <img src={preview.path} alt={preview.name} className="max-h-[70vh] w-full rounded object-contain" />
          ) : null}
        </DialogContent>
      </Dialog>
    </AdminPage>
  );
}

function AttachmentDialog({ attachment, onClose }: { attachment: AttachmentDTO; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { form, shellProps } = useEntityForm({
    schema: updateAttachmentInput,
    defaultValues: {
      id: attachment.id,
      name: attachment.name,
      description: attachment.description,
      enable: attachment.enable,
    },
    save: (v) => client.attachment.update.mutate(v),
    successText: t('admin.common.saved'),
    invalidate: [trpc.attachment.pathFilter()],
    onClose,
  });
  return (
    <FormDialog {...shellProps} title={t('admin.attachment.edit')}>
      <TextField form={form} name="name" label={t('admin.attachment.name')} />
      <DescriptionField form={form} rows={3} />
      <SwitchField
        form={form}
        name="enable"
        label={t('admin.attachment.legal')}
        hint={t('admin.attachment.legalHint')}
      />
    </FormDialog>
  );
}
